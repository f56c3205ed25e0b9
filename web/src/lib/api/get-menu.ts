import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OrderType } from "@/lib/enums";
import { call, inlineAnswer, rememberRead, type ApiMeta, type ApiPayload, type ApiResult } from "./client";

/** The id of the menu/list answer the server puts in a menu page's first HTML. */
export const INLINE_MENU_ID = "platter-menu-list";

export type MenuResult = ApiResult<ApiPayload<"menu/list">, ApiMeta<"menu/list">>;

/**
 * menu/list: a venue's menu for an order type. Shared (not a feature) because
 * the menu and the basket (and later checkout) all price lines against it.
 */
export function getMenu(businessSlug: string, venueSlug: string, orderType: OrderType, signal?: AbortSignal) {
  return call("menu/list", menuRequest(businessSlug, venueSlug, orderType), { signal });
}

const menuRequest = (businessSlug: string, venueSlug: string, orderType: OrderType) => ({
  filter: { business_slug: businessSlug, venue_slug: venueSlug, order_type: orderType },
});

/**
 * The menu/list answer in a menu page's first HTML (a JSON data block, like
 * venue/info's), when it is for this scheme, venue and order type: the menu
 * then renders without waiting for the call. It is taken once: the block is
 * removed, so a query made again later (after the cache let it go) asks the
 * server instead of showing the page's old answer as new.
 */
export function takeInlineMenu(
  businessSlug: string,
  venueSlug: string,
  orderType: OrderType,
  doc: Document | undefined = globalThis.document,
): MenuResult | undefined {
  const block = doc?.getElementById(INLINE_MENU_ID);
  if (!block?.textContent) return undefined;
  const scheme = doc?.location?.pathname.split("/")[1];
  if (
    scheme !== businessSlug ||
    block.dataset.venue !== venueSlug ||
    block.dataset.orderType !== String(orderType)
  )
    return undefined;
  block.remove();
  const result = inlineAnswer<ApiPayload<"menu/list">, ApiMeta<"menu/list">>(block.textContent);
  // For the service worker, as if it had been asked (src/app/service-worker.tsx).
  if (result) rememberRead("menu/list", menuRequest(businessSlug, venueSlug, orderType));
  return result;
}

export const menuQueryOptions = (businessSlug: string, venueSlug: string, orderType: OrderType) =>
  queryOptions({
    queryKey: ["menu-list", businessSlug, venueSlug, orderType],
    queryFn: ({ signal }) => getMenu(businessSlug, venueSlug, orderType, signal),
    select: (result) => result.payload,
    // Read when the query is first made (the loader, right after the page
    // arrived); dated now by the app's clock, so fake timers in tests agree.
    initialData: () => takeInlineMenu(businessSlug, venueSlug, orderType),
    initialDataUpdatedAt: () => Date.now(),
  });

export function useMenuQuery(businessSlug: string, venueSlug: string, orderType: OrderType) {
  return useQuery(menuQueryOptions(businessSlug, venueSlug, orderType));
}
