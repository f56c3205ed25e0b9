import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "@/i18n";
import { useUserInfo } from "@/lib/api/get-user-info";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { selectUserOf, tokenOf, useAuthStore, type AuthUser } from "@/stores/auth";
import { accountLabel } from "../account-label";
import { signOutRemote } from "../api/sign-out";
import { dropUserQueries } from "../hooks/use-complete-sign-in";
import "./account-menu.css";

/**
 * The header's account control: "Sign in" (coming back here afterwards), or the
 * account with a sign-out action. A token of another scheme counts as signed out.
 */
export function AccountMenu({ scheme }: { scheme: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useAuthStore(selectUserOf(scheme));
  if (!user) {
    const onAuthScreen = location.pathname.split("/")[2] === "auth";
    const here = onAuthScreen ? undefined : `${location.pathname}${location.search}`;
    return (
      <Link
        to={paths.auth.signIn.getHref(scheme, here)}
        className="account-menu__trigger account-menu__sign-in"
        data-testid="sign-in-link"
      >
        <PersonIcon />
        <span className="account-menu__label">{t("nav.signIn")}</span>
      </Link>
    );
  }
  return <SignedInMenu scheme={scheme} user={user} />;
}

function PersonIcon() {
  return (
    <span className="account-menu__avatar" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="18" height="18">
        <path
          fill="currentColor"
          d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2.25c-3.3 0-9 1.66-9 4.95V21h18v-1.8c0-3.29-5.7-4.95-9-4.95Z"
        />
      </svg>
    </span>
  );
}

function SignedInMenu({ scheme, user }: { scheme: string; user: AuthUser }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const location = useLocation();
  const token = useAuthStore(tokenOf(scheme));
  // Keeps the stored user fresh: the query records its answer in the auth store
  // itself (lib/api/get-user-info.ts), so `user` re-renders with it; a 1401 here clears
  // the session in the API client.
  useUserInfo(scheme, token !== null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const signOut = async () => {
    setOpen(false);
    const held = tokenOf(scheme)(useAuthStore.getState());
    try {
      if (held) await signOutRemote(held);
    } catch {
      // Signed out here whatever the server said; the token expires on its own.
    } finally {
      // Only the session goes: the basket stays (docs/product.md §3 keeps them apart).
      useAuthStore.getState().signOut(scheme);
      dropUserQueries(queryClient);
    }
  };

  const label = accountLabel(user, t("account.guest"));
  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="account-menu__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="account-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {label.charAt(0).toUpperCase()}
        </span>
        <span className="account-menu__label">
          <span className="visually-hidden">{t("account.menu")}: </span>
          {label}
        </span>
      </button>
      <div className="account-menu__panel" id={panelId} hidden={!open}>
        <p className="account-menu__who">
          <span className="muted small">
            {user.is_guest ? t("account.guestHint") : t("account.signedInAs")}
          </span>
          {user.is_guest ? null : <strong data-testid="account-email">{user.email}</strong>}
        </p>
        {user.is_guest ? null : (
          <Link
            to={paths.orders.getHref(scheme)}
            className="button button--ghost account-menu__sign-out"
            onClick={() => setOpen(false)}
          >
            {t("account.orders")}
          </Link>
        )}
        {user.is_guest ? (
          <Link
            to={paths.auth.signIn.getHref(scheme, `${location.pathname}${location.search}`)}
            className="button button--primary account-menu__sign-out"
            onClick={() => setOpen(false)}
          >
            {t("account.signInOrSignUp")}
          </Link>
        ) : null}
        <button
          type="button"
          className="button button--ghost account-menu__sign-out"
          onClick={() => void signOut()}
        >
          {t("nav.signOut")}
        </button>
      </div>
    </div>
  );
}
