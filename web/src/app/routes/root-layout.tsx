import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useRouteError } from "react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { PlainLayout } from "@/components/layout/plain-layout";

/** The root of every route: resets the scroll position on each navigation (SPEC.md §2). */
export function RootLayout() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}

export function RootNotFound() {
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
