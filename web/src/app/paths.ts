/**
 * Route paths (docs/product.md §2) and link builders, in one place. `path` is the
 * router pattern; `getHref` builds a link. Segments are URI-encoded.
 */
const e = encodeURIComponent;

/** "?redirect=…" to come back to a page after signing in (e.g. checkout), or "". */
const redirectQuery = (redirect?: string) => (redirect ? `?redirect=${e(redirect)}` : "");

export const paths = {
  landing: { path: "/", getHref: () => "/" },
  auth: {
    root: { path: "/:scheme/auth" },
    signIn: {
      path: "sign-in",
      getHref: (scheme: string, redirect?: string) => `/${e(scheme)}/auth/sign-in${redirectQuery(redirect)}`,
    },
    signUp: {
      path: "sign-up",
      getHref: (scheme: string, redirect?: string) => `/${e(scheme)}/auth/sign-up${redirectQuery(redirect)}`,
    },
    verify: { path: "verify", getHref: (scheme: string) => `/${e(scheme)}/auth/verify` },
    resetPassword: {
      path: "resetPassword",
      getHref: (scheme: string) => `/${e(scheme)}/auth/resetPassword`,
    },
    resetPasswordVerify: {
      path: "resetPassword/verify",
      getHref: (scheme: string) => `/${e(scheme)}/auth/resetPassword/verify`,
    },
  },
  home: {
    root: { path: "home", getHref: (scheme: string) => `/${e(scheme)}/home` },
    stores: { path: "stores", getHref: (scheme: string) => `/${e(scheme)}/home/stores` },
    address: { path: "address", getHref: (scheme: string) => `/${e(scheme)}/home/address` },
  },
  venue: {
    menu: {
      path: ":venue/menu",
      getHref: (scheme: string, venue: string) => `/${e(scheme)}/${e(venue)}/menu`,
    },
    checkout: {
      path: ":venue/checkout",
      getHref: (scheme: string, venue: string) => `/${e(scheme)}/${e(venue)}/checkout`,
    },
    orderDetails: {
      path: ":venue/order-details/:id",
      getHref: (scheme: string, venue: string, id: string | number) =>
        `/${e(scheme)}/${e(venue)}/order-details/${e(String(id))}`,
    },
  },
  orders: { path: "orders", getHref: (scheme: string) => `/${e(scheme)}/orders` },
  admin: {
    root: { path: "/:scheme/admin", getHref: (scheme: string) => `/${e(scheme)}/admin` },
    signIn: {
      path: "sign-in",
      getHref: (scheme: string, redirect?: string) => `/${e(scheme)}/admin/sign-in${redirectQuery(redirect)}`,
    },
    board: {
      path: "board/:venue",
      getHref: (scheme: string, venue: string) => `/${e(scheme)}/admin/board/${e(venue)}`,
    },
    orders: { path: "orders", getHref: (scheme: string) => `/${e(scheme)}/admin/orders` },
    team: { path: "team", getHref: (scheme: string) => `/${e(scheme)}/admin/team` },
    menu: { path: "menu", getHref: (scheme: string) => `/${e(scheme)}/admin/menu` },
    outbox: { path: "outbox", getHref: (scheme: string) => `/${e(scheme)}/admin/outbox` },
    webhooks: { path: "webhooks", getHref: (scheme: string) => `/${e(scheme)}/admin/webhooks` },
    brand: { path: "brand", getHref: (scheme: string) => `/${e(scheme)}/admin/brand` },
    venues: {
      path: "venues",
      getHref: (scheme: string, venue?: string) =>
        `/${e(scheme)}/admin/venues${venue ? `?venue=${encodeURIComponent(venue)}` : ""}`,
    },
    customers: { path: "customers", getHref: (scheme: string) => `/${e(scheme)}/admin/customers` },
    customer: {
      path: "customers/:userId",
      getHref: (scheme: string, userId: number) => `/${e(scheme)}/admin/customers/${userId}`,
    },
    promotions: { path: "promotions", getHref: (scheme: string) => `/${e(scheme)}/admin/promotions` },
    support: { path: "support", getHref: (scheme: string) => `/${e(scheme)}/admin/support` },
    reports: { path: "reports", getHref: (scheme: string) => `/${e(scheme)}/admin/reports` },
    activity: { path: "activity", getHref: (scheme: string) => `/${e(scheme)}/admin/activity` },
    document: { path: "document", getHref: (scheme: string) => `/${e(scheme)}/admin/document` },
    invite: {
      path: "invite/:token",
      getHref: (scheme: string, token: string) => `/${e(scheme)}/admin/invite/${e(token)}`,
    },
  },
  platform: { path: "/platform", getHref: () => "/platform" },
  driver: { path: "/:scheme/driver", getHref: (scheme: string) => `/${e(scheme)}/driver` },
  scheme: { path: "/:scheme" },
} as const;
