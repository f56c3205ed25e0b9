import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "./paths";
import { RootErrorBoundary, RootLayout, RootNotFound } from "./routes/root-layout";

// Each route tree is one lazy chunk: landing, storefront, admin, driver.
const storefront = () => import("./routes/storefront");
type StorefrontModule = Awaited<ReturnType<typeof storefront>>;

function fromStorefront(name: keyof StorefrontModule) {
  return async () => ({ Component: (await storefront())[name] as ComponentType });
}

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import("./routes/landing")).LandingRoute }),
      },
      {
        path: paths.admin.path,
        lazy: async () => ({ Component: (await import("./routes/admin")).AdminRoot }),
      },
      {
        path: paths.driver.path,
        lazy: async () => ({ Component: (await import("./routes/driver")).DriverRoot }),
      },
      {
        path: paths.scheme.path,
        lazy: fromStorefront("StorefrontLayout"),
        children: [
          { index: true, element: <Navigate to={paths.home.root.path} replace /> },
          {
            path: "auth",
            lazy: fromStorefront("AuthLayout"),
            children: [
              { index: true, element: <Navigate to={paths.auth.signIn.path} replace /> },
              { path: paths.auth.signIn.path, lazy: fromStorefront("SignInPage") },
              { path: paths.auth.signUp.path, lazy: fromStorefront("SignUpPage") },
              { path: paths.auth.verify.path, lazy: fromStorefront("VerifyPage") },
              { path: paths.auth.resetPassword.path, lazy: fromStorefront("ResetPasswordPage") },
              {
                path: paths.auth.resetPasswordVerify.path,
                lazy: fromStorefront("ResetPasswordVerifyPage"),
              },
            ],
          },
          {
            path: paths.home.root.path,
            lazy: fromStorefront("HomeLayout"),
            children: [
              { index: true, lazy: fromStorefront("OrderTypePage") },
              { path: paths.home.stores.path, lazy: fromStorefront("StoreListPage") },
              { path: paths.home.address.path, lazy: fromStorefront("AddressPage") },
            ],
          },
          { path: paths.venue.menu.path, lazy: fromStorefront("MenuPage") },
          { path: paths.venue.checkout.path, lazy: fromStorefront("CheckoutPage") },
          { path: paths.venue.orderDetails.path, lazy: fromStorefront("OrderDetailsPage") },
          { path: "*", lazy: fromStorefront("StorefrontNotFound") },
        ],
      },
      { path: "*", Component: RootNotFound },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: "/" });
}
