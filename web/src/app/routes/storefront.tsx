/**
 * The storefront route tree, loaded as one lazy chunk. Every screen of
 * SPEC.md §2 under /:scheme is re-exported here so the router can name it.
 */
import { Outlet, useParams } from "react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { paths } from "@/app/paths";
import { SchemeShell } from "./scheme-shell";

export function StorefrontLayout() {
  return (
    <SchemeShell>
      <Outlet />
    </SchemeShell>
  );
}

export function StorefrontNotFound() {
  const { scheme = "" } = useParams();
  return <NotFoundPage homeHref={paths.home.root.getHref(scheme)} />;
}

export { AuthLayout } from "@/features/auth/components/auth-layout";
export {
  ResetPasswordPage,
  ResetPasswordVerifyPage,
  SignInPage,
  SignUpPage,
  VerifyPage,
} from "@/features/auth/components/auth-screens";
export { HomeLayout } from "@/features/home/components/home-layout";
export { OrderTypePage } from "@/features/home/components/order-type-page";
export { StoreListPage } from "@/features/home/components/store-list-page";
export { AddressPage } from "@/features/home/components/address-page";
export { MenuPage } from "@/features/menu/components/menu-page";
export { CheckoutPage } from "@/features/checkout/components/checkout-page";
export { OrderDetailsPage } from "@/features/orders/components/order-details-page";
