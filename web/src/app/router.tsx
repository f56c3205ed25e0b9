import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { paths } from "./paths";
import { checkoutLoader, rootLoader, schemeLoader, venueLoader } from "./routes/loaders";
import { RootErrorBoundary, RootLayout, RootNotFound } from "./routes/root-layout";

// Each route tree is a lazy chunk (landing, storefront, admin, driver), and so is
// each storefront screen: first load stays small as screens grow.
const storefront = () => import("./routes/storefront");
type StorefrontModule = Awaited<ReturnType<typeof storefront>>;

function fromStorefront(name: keyof StorefrontModule) {
  return async () => ({ Component: (await storefront())[name] as ComponentType });
}

function screen<M>(load: () => Promise<M>, name: keyof M) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const admin = () => import("./routes/admin");
const authScreens = () => import("@/features/auth/components/auth-screens");

/**
 * The route tree. Loaders sit here, outside the lazy chunks, so that a page's
 * data starts with the navigation, in parallel with its code (loaders.ts).
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: "/",
    loader: rootLoader(queryClient),
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import("./routes/landing")).LandingRoute }),
      },
      {
        // The platform console (platform admins: schemes and their first
        // managers); its own lazy chunk, outside every scheme.
        path: paths.platform.path,
        lazy: screen(() => import("@/features/admin/platform/platform-page"), "PlatformPage"),
      },
      {
        // The back office: its own lazy tree (shell, sign-in, board, team,
        // outbox), none of it in the storefront's chunks.
        path: paths.admin.root.path,
        lazy: screen(admin, "AdminRoot"),
        children: [
          { path: paths.admin.signIn.path, lazy: screen(admin, "AdminSignInPage") },
          {
            // An invitation link (admin/team/invite mails it): outside the shell, no session needed.
            path: paths.admin.invite.path,
            lazy: screen(() => import("@/features/admin/team/invite-page"), "InvitePage"),
          },
          {
            lazy: screen(admin, "AdminShell"),
            children: [
              { index: true, lazy: screen(admin, "AdminIndex") },
              {
                path: paths.admin.board.path,
                lazy: screen(() => import("@/features/admin/board/board-page"), "BoardPage"),
              },
              {
                path: paths.admin.orders.path,
                lazy: screen(() => import("@/features/admin/orders/orders-page"), "OrdersPage"),
              },
              {
                path: paths.admin.menu.path,
                lazy: screen(() => import("./routes/admin-menu"), "MenuEditorRoute"),
              },
              {
                path: paths.admin.team.path,
                lazy: screen(() => import("@/features/admin/team/team-page"), "TeamPage"),
              },
              {
                path: paths.admin.outbox.path,
                lazy: screen(() => import("@/features/admin/outbox/outbox-page"), "OutboxPage"),
              },
              {
                path: paths.admin.webhooks.path,
                lazy: screen(() => import("@/features/admin/webhooks/webhooks-page"), "WebhooksPage"),
              },
              {
                path: paths.admin.brand.path,
                lazy: screen(() => import("@/features/admin/brand/brand-page"), "BrandPage"),
              },
              {
                path: paths.admin.venues.path,
                lazy: screen(() => import("@/features/admin/venues/venues-page"), "VenuesPage"),
              },
              {
                path: paths.admin.customers.path,
                lazy: screen(() => import("@/features/admin/customers/customers-page"), "CustomersPage"),
              },
              {
                path: paths.admin.customer.path,
                lazy: screen(() => import("@/features/admin/customers/customer-page"), "CustomerPage"),
              },
              {
                path: paths.admin.promotions.path,
                lazy: screen(() => import("@/features/admin/promotions/promotions-page"), "PromotionsPage"),
              },
              {
                path: paths.admin.support.path,
                lazy: screen(() => import("@/features/admin/support/support-page"), "SupportPage"),
              },
              {
                path: paths.admin.reports.path,
                lazy: screen(() => import("@/features/admin/reports/reports-page"), "ReportsPage"),
              },
              {
                path: paths.admin.activity.path,
                lazy: screen(() => import("@/features/admin/activity/activity-page"), "ActivityPage"),
              },
              {
                path: paths.admin.document.path,
                lazy: screen(() => import("@/features/admin/document/document-page"), "DocumentPage"),
              },
              { path: "*", lazy: screen(admin, "AdminNotFound") },
            ],
          },
        ],
      },
      {
        path: paths.driver.path,
        lazy: async () => ({ Component: (await import("./routes/driver")).DriverRoot }),
      },
      {
        path: paths.scheme.path,
        loader: schemeLoader(queryClient),
        lazy: fromStorefront("StorefrontLayout"),
        children: [
          { index: true, element: <Navigate to={paths.home.root.path} replace /> },
          {
            path: "auth",
            lazy: fromStorefront("AuthLayout"),
            children: [
              { index: true, element: <Navigate to={paths.auth.signIn.path} replace /> },
              { path: paths.auth.signIn.path, lazy: screen(authScreens, "SignInPage") },
              { path: paths.auth.signUp.path, lazy: screen(authScreens, "SignUpPage") },
              { path: paths.auth.verify.path, lazy: screen(authScreens, "VerifyPage") },
              { path: paths.auth.resetPassword.path, lazy: screen(authScreens, "ResetPasswordPage") },
              {
                path: paths.auth.resetPasswordVerify.path,
                lazy: screen(authScreens, "ResetPasswordVerifyPage"),
              },
            ],
          },
          {
            path: paths.home.root.path,
            lazy: fromStorefront("HomeLayout"),
            children: [
              {
                index: true,
                lazy: screen(() => import("@/features/home/components/order-type-page"), "OrderTypePage"),
              },
              {
                path: paths.home.stores.path,
                lazy: screen(() => import("@/features/home/components/store-list-page"), "StoreListPage"),
              },
              {
                path: paths.home.address.path,
                lazy: screen(
                  () => import("@/features/address/components/order-address-page"),
                  "OrderAddressPage",
                ),
              },
            ],
          },
          {
            path: paths.venue.menu.path,
            loader: venueLoader(queryClient),
            lazy: screen(() => import("./routes/menu"), "MenuRoute"),
          },
          {
            path: paths.venue.checkout.path,
            loader: checkoutLoader(queryClient),
            lazy: screen(() => import("./routes/checkout"), "CheckoutRoute"),
          },
          {
            path: paths.venue.orderDetails.path,
            lazy: screen(() => import("@/features/orders/components/order-details-page"), "OrderDetailsPage"),
          },
          {
            path: paths.orders.path,
            lazy: screen(() => import("@/features/orders/components/order-history-page"), "OrderHistoryPage"),
          },
          { path: "*", lazy: fromStorefront("StorefrontNotFound") },
        ],
      },
      { path: "*", Component: RootNotFound },
    ],
  },
];

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient), { basename: "/" });
}
