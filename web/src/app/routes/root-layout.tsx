import { useLayoutEffect } from "react";
import { useTranslation } from "@/i18n";
import { Outlet, useLocation, useRouteError } from "react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { PlainLayout } from "@/components/layout/plain-layout";
import { useRouteFocus } from "@/components/ui/use-route-focus";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The root of every route: on each navigation resets the scroll position (docs/product.md §2) and moves the focus to the new heading. */
export function RootLayout() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useRouteFocus(pathname);
  return <Outlet />;
}

export function RootNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("notFound.title")} — ${t("app.name")}`);
  return (
    <PlainLayout>
      <NotFoundPage />
    </PlainLayout>
  );
}

/** Last resort for render errors and failed chunk loads. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <PlainLayout>
      <div className="page page--narrow">
        <h1 className="page__title">{t("errors.generic")}</h1>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t("common.retry")}
        </button>
      </div>
    </PlainLayout>
  );
}
