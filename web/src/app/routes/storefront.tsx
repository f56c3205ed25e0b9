/**
 * The storefront route tree (lazy chunk): the /:scheme layout that loads and
 * themes the scheme, and the auth and home layouts.
 */
import { Outlet, useParams } from "react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { paths } from "@/app/paths";
import { OfflineNotice } from "@/components/ui/offline-notice";
import { SchemeShell } from "./scheme-shell";

export function StorefrontLayout() {
  return (
    <SchemeShell>
      <OfflineNotice />
      <Outlet />
    </SchemeShell>
  );
}

export function StorefrontNotFound() {
  const { scheme = "" } = useParams();
  return <NotFoundPage homeHref={paths.home.root.getHref(scheme)} />;
}

// The layouts travel with the tree; each screen is its own lazy chunk (see router.tsx),
// so the menu page never pays for checkout, auth forms or order tracking.
export { AuthLayout } from "@/features/auth/components/auth-layout";
export { HomeLayout } from "@/features/home/components/home-layout";
