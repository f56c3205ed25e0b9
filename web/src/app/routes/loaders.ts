/**
 * Route loaders: they start the storefront's server data through the query
 * client as soon as a URL is matched (in parallel with the route's code, not
 * after it), and write the docs/product.md §3 client state that follows from the URL.
 * Components then read the same queries; nothing is copied into stores from
 * effects.
 */
import type { QueryClient } from "@tanstack/react-query";
import { replace, type LoaderFunctionArgs } from "react-router";
import { paths } from "@/app/paths";
import { readRedirectReturn } from "@/features/checkout/lib/redirect-return";
import { userInfoKey } from "@/lib/api/get-user-info";
import { menuQueryOptions } from "@/lib/api/get-menu";
import { initialScheme, schemeQueryOptions, type SchemeResult } from "@/lib/api/get-scheme";
import { shakeHandQueryOptions } from "@/lib/api/get-shake-hand";
import type { Scheme } from "@/lib/api/types";
import type { OrderType } from "@/lib/enums";
import { orderTypeFor } from "@/stores/basket";
import { browserLanguages, useGeneralStore } from "@/stores/general";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";

/**
 * Every route: records the server's versions (general store) once shake-hand
 * answers. Asked when the browser is idle, not in the page's start-up: the
 * versions are informative, and the screens that need shake-hand's settings
 * (checkout's payments, tracking's maps) ask for it themselves.
 */
export function rootLoader(queryClient: QueryClient) {
  return () => {
    whenIdle(() =>
      queryClient.fetchQuery(shakeHandQueryOptions()).then(
        (result) =>
          useGeneralStore
            .getState()
            .setVersions(result.payload.lastVersion, result.payload.lastStringVersion),
        () => undefined, // a failed shake-hand changes nothing here
      ),
    );
    return null;
  };
}

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 1000);
}

/**
 * venue/info of a scheme, from the cache (the page's inline answer or the
 * persisted one of an earlier visit: stale ones are refetched in the
 * background) or the network. Undefined when it failed: the scheme shell
 * shows the query's error with a retry.
 */
async function loadScheme(queryClient: QueryClient, slug: string): Promise<SchemeResult | undefined> {
  try {
    return await queryClient.ensureQueryData({ ...schemeQueryOptions(slug), revalidateIfStale: true });
  } catch {
    return undefined;
  }
}

/** The scheme as far as it is known without waiting for the network. */
function knownScheme(queryClient: QueryClient, slug: string): Scheme | undefined {
  return (
    queryClient.getQueryData(schemeQueryOptions(slug).queryKey)?.payload ??
    initialScheme(slug)?.result.payload
  );
}

/** Makes a loaded scheme the current one (venue and home stores). */
function enterScheme({ payload: scheme, meta }: SchemeResult) {
  const venue = useVenueStore.getState();
  if (
    venue.currentScheme?.business_slug !== scheme.business_slug ||
    venue.schemes[scheme.business_slug]?.lastUpdatedTime !== meta.lastUpdatedTime
  ) {
    venue.setScheme(scheme, meta.lastUpdatedTime);
  }
  useHomeStore.getState().setCurrentScheme(scheme.business_slug);
  useGeneralStore.getState().adoptSchemeLanguage(scheme.business_slug, scheme.languages, browserLanguages());
}

/** The order type the customer chose in this scheme (another scheme's choice does not carry over). */
function chosenOrderType(slug: string): OrderType | null {
  const home = useHomeStore.getState();
  return home.currentScheme === slug ? home.order_type : null;
}

/** /:scheme: the scheme's venue/info. */
export function schemeLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const result = await loadScheme(queryClient, params.scheme ?? "");
    if (result) enterScheme(result);
    return null;
  };
}

/**
 * /:scheme/:venue/menu and checkout: menu/list starts at once, next to
 * venue/info rather than after it, for the order type the stores already know
 * (the scheme's stores from the page or an earlier visit, else the customer's
 * choice or the venue's basket). Once venue/info is there, the venue becomes
 * current (creating its basket) and, if the guess was wrong, the right menu
 * is fetched.
 */
export function venueLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const slug = params.scheme ?? "";
    const venueSlug = params.venue ?? "";
    const chosen = chosenOrderType(slug);
    const known = knownScheme(queryClient, slug);
    let early: OrderType | null;
    if (known) {
      const venue = known.stores.find((v) => v.venue_slug === venueSlug);
      early = venue ? orderTypeFor(venue, chosen) : null;
    } else {
      early = chosen ?? useVenueStore.getState().basket[slug]?.[venueSlug]?.orderDetail.order_type ?? null;
    }
    if (early !== null) void queryClient.prefetchQuery(menuQueryOptions(slug, venueSlug, early));

    const result = await loadScheme(queryClient, slug);
    if (!result) return null;
    enterScheme(result);
    const venue = result.payload.stores.find((v) => v.venue_slug === venueSlug);
    if (!venue) return null; // the menu page shows "not found"
    useVenueStore.getState().setCurrentVenue(venue, chosen);
    useHomeStore.getState().setCurrentVenueName(venue.name);
    const type = orderTypeFor(venue, chosen);
    if (type !== early) void queryClient.prefetchQuery(menuQueryOptions(slug, venueSlug, type));
    return null;
  };
}

/**
 * /:scheme/:venue/checkout: the venue's loader, then the return from a payment
 * method that redirects (features/checkout/lib/redirect-return.ts). Paid (or
 * being paid): the basket is emptied — as after a payment made on the page —
 * and the order's page replaces the return URL. Not paid: the checkout shows
 * with the basket kept and says so (useRedirectFailure).
 */
export function checkoutLoader(queryClient: QueryClient) {
  const venueLoad = venueLoader(queryClient);
  return async (args: LoaderFunctionArgs) => {
    await venueLoad(args);
    const back = readRedirectReturn(new URL(args.request.url).searchParams);
    if (!back?.paid) return null;
    const slug = args.params.scheme ?? "";
    const venueSlug = args.params.venue ?? "";
    const venue = useVenueStore.getState();
    if (venue.currentVenue?.venue_slug === venueSlug) venue.resetBasket({ keepContact: true });
    // A loyalty reward is spent with the payment: user/info answers anew.
    void queryClient.invalidateQueries({ queryKey: userInfoKey(slug) });
    return replace(paths.venue.orderDetails.getHref(slug, venueSlug, back.orderId));
  };
}
