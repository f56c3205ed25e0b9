import "../i18n";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useMatches,
  useNavigate,
  useOutletContext,
  useParams,
} from "react-router";
import { paths } from "@/app/paths";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import { FullPageSpinner } from "@/components/ui/spinner";
import { SkipLink } from "@/components/ui/skip-link";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { call } from "@/lib/api/client";
import { selectUserOf, tokenOf, useAuthStore } from "@/stores/auth";
import {
  dropAdminQueries,
  isManagerOf,
  rememberedVenue,
  rememberVenue,
  useAdminVenues,
  type AdminVenue,
} from "../api/venues";
import type { AdminContext } from "./admin-context";
import { useAdmin } from "./admin-context";

/**
 * The signed-in back office: header (brand, navigation Board / Team / Outbox,
 * venue switch, language, sign-out) around the page. Without a session of this
 * scheme it sends to the staff sign-in; an account that works at none of the
 * scheme's venues (a customer) is told so.
 */
export function AdminShell() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { scheme = "", venue: venueParam } = useParams();
  const { brand, logoUrl } = useOutletContext<{ brand: string; logoUrl: string }>();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAuthStore(selectUserOf(scheme));
  const token = useAuthStore(tokenOf(scheme));
  const signOutLocal = useAuthStore((s) => s.signOut);
  const venues = useAdminVenues(scheme, user !== null);
  // The deepest route's params: the shell's own stop above board/:venue.
  const venueSlug = useMatches().at(-1)?.params.venue ?? venueParam;

  useEffect(() => {
    if (venueSlug && venues.data?.some((v) => v.venue_slug === venueSlug)) rememberVenue(scheme, venueSlug);
  }, [scheme, venueSlug, venues.data]);

  const signOut = async () => {
    const held = token;
    signOutLocal(scheme);
    dropAdminQueries(queryClient);
    void navigate(paths.admin.signIn.getHref(scheme), { replace: true });
    // Revoke the token too ({} also for one already invalid).
    if (held) await call("auth/signout", {}, { token: held }).catch(() => undefined);
  };

  // A manager of a new scheme works at no venue yet: the role comes with the session.
  const roles: unknown[] = Array.isArray(user?.roles) ? user.roles : [];
  const managerRole = roles.some((r) => r === "manager" || r === "admin");

  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={paths.admin.signIn.getHref(scheme, here)} replace />;
  }
  if (venues.isPending) return <FullPageSpinner />;

  const notStaff = isApiError(venues.error) && venues.error.code === 1403;
  const header = (list: AdminVenue[]) => (
    <header className="office-header">
      <div className="office-header__brand">
        <SchemeLogo name={brand} logoUrl={logoUrl} size={32} />
        <span className="office-header__name">{brand}</span>
        <span className="office-header__tag">{t("office.title")}</span>
      </div>
      {list.length > 0 || managerRole ? (
        <OfficeNav
          scheme={scheme}
          venues={list}
          current={venueSlug}
          manager={managerRole || isManagerOf(list)}
        />
      ) : null}
      <div className="office-header__tools">
        {list.length > 1 ? (
          <label className="office-venue-switch">
            <span className="office-venue-switch__label">{t("office.venue")}</span>
            <select
              value={venueSlug ?? ""}
              onChange={(e) => void navigate(paths.admin.board.getHref(scheme, e.target.value))}
            >
              {/* Team and Outbox are the scheme's, not a venue's. */}
              {venueSlug ? null : <option value="">{t("team.wholeScheme")}</option>}
              {list.map((v) => (
                <option key={v.venue_slug} value={v.venue_slug}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <LanguageSwitcher />
        <span className="office-header__user" title={t("office.signedInAs", { email: user.email ?? "" })}>
          {user.email}
        </span>
        <button
          type="button"
          className="button button--ghost"
          title={t("office.signedInAs", { email: user.email ?? "" })}
          onClick={() => void signOut()}
        >
          {t("office.signOut")}
        </button>
      </div>
    </header>
  );

  if (venues.data === undefined) {
    return (
      <>
        <SkipLink />
        {header([])}
        <main id="main" className="office-main office-main--narrow">
          <h1 className="office-page__title">{t(notStaff ? "office.notStaffTitle" : "office.loadFailed")}</h1>
          <p role="alert" className="alert alert--error">
            {notStaff ? t("office.notStaff", { email: user.email ?? "", brand }) : errorMessage(venues.error)}
          </p>
          {notStaff ? null : (
            <button type="button" className="button button--primary" onClick={() => void venues.refetch()}>
              {t("common.retry")}
            </button>
          )}
        </main>
      </>
    );
  }

  const context: AdminContext = {
    scheme,
    brand,
    venues: venues.data,
    isManager: managerRole || isManagerOf(venues.data),
    email: user.email ?? "",
  };
  return (
    <div className="office">
      <SkipLink />
      {header(venues.data)}
      <main id="main" className="office-main">
        <Outlet context={context} />
      </main>
    </div>
  );
}

function OfficeNav({
  scheme,
  venues,
  current,
  manager,
}: {
  scheme: string;
  venues: AdminVenue[];
  current?: string;
  manager: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a narrow screen the links scroll sideways: the current one is brought into view.
  useEffect(() => {
    nav.current?.querySelector(".active")?.scrollIntoView?.({ block: "nearest", inline: "center" });
  }, [pathname]);
  const boardVenue = current ?? rememberedVenue(scheme) ?? venues[0]?.venue_slug;
  const link = (to: string, label: string) => (
    <NavLink to={to} className="office-nav__link">
      {label}
    </NavLink>
  );
  return (
    <nav ref={nav} className="office-nav" aria-label={t("office.nav")}>
      {boardVenue ? link(paths.admin.board.getHref(scheme, boardVenue), t("office.board")) : null}
      {/* Staff find and refund their venues' orders too. */}
      {link(paths.admin.orders.getHref(scheme), t("office.orders"))}
      {/* Menu to Brand and Team onwards are the scheme's (managers'); each page checks the role too. */}
      {manager ? (
        <>
          {link(paths.admin.menu.getHref(scheme), t("office.menu"))}
          {link(paths.admin.venues.getHref(scheme), t("office.venues"))}
          {link(paths.admin.brand.getHref(scheme), t("office.brand"))}
          {link(paths.admin.customers.getHref(scheme), t("office.customers"))}
          {link(paths.admin.promotions.getHref(scheme), t("office.promotions"))}
        </>
      ) : null}
      {/* Staff answer their venues' support requests too. */}
      {link(paths.admin.support.getHref(scheme), t("office.support"))}
      {manager ? (
        <>
          {link(paths.admin.reports.getHref(scheme), t("office.reports"))}
          {link(paths.admin.team.getHref(scheme), t("office.team"))}
          {link(paths.admin.outbox.getHref(scheme), t("office.outbox"))}
          {link(paths.admin.webhooks.getHref(scheme), t("office.webhooks"))}
          {link(paths.admin.activity.getHref(scheme), t("office.activity"))}
          {link(paths.admin.document.getHref(scheme), t("office.document"))}
        </>
      ) : null}
    </nav>
  );
}

/** /{scheme}/admin: the board of the venue this device ran last, else the first one. */
export function AdminIndex() {
  const { t } = useTranslation();
  const { scheme, venues, isManager } = useAdmin();
  const remembered = rememberedVenue(scheme);
  const venue = venues.find((v) => v.venue_slug === remembered) ?? venues[0];
  if (!venue) {
    return (
      <section className="office-page">
        <h1 className="office-page__title">{t("office.title")}</h1>
        <p className="muted">{t("office.noVenues")}</p>
        {isManager ? (
          <p>
            <Link className="button button--primary" to={paths.admin.venues.getHref(scheme)}>
              {t("office.addFirstVenue")}
            </Link>
          </p>
        ) : null}
      </section>
    );
  }
  return <Navigate to={paths.admin.board.getHref(scheme, venue.venue_slug)} replace />;
}
