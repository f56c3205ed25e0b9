import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Scheme, Store } from "@/lib/api/types";
import { OrderType } from "@/lib/enums";
import {
  basketCount,
  changeOrderType,
  createDefaultBasket,
  orderTypeFor,
  resetBasket,
  type Basket,
  type BasketsByScheme,
  type ResetOptions,
} from "./basket";
import { browserStorage, isRecord } from "./storage";

export interface CachedScheme {
  scheme: Scheme;
  lastUpdatedTime: string;
}

type ColourKey = `colour${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16}`;
const COLOUR_KEYS = Array.from({ length: 16 }, (_, i) => `colour${i + 1}` as ColourKey);

/** docs/product.md §3: the current scheme is its business_slug, colours, theme, stores and currency. */
export type CurrentScheme = Pick<
  Scheme,
  "business_slug" | "colour" | ColourKey | "theme" | "stores" | "currency"
>;

/** docs/product.md §3: the current venue is its venue_slug (the venue itself is venue/info's, in the query cache). */
export interface CurrentVenue {
  venue_slug: string;
}

export interface VenueData {
  /** venue/info answers keyed by business_slug (docs/product.md §3): shown at once on the next visit. */
  schemes: Record<string, CachedScheme>;
  currentScheme: CurrentScheme | null;
  currentVenue: CurrentVenue | null;
  /** Keyed by business_slug, then venue_slug. */
  basket: BasketsByScheme;
}

export interface VenueState extends VenueData {
  /** Records a venue/info answer in the persisted cache (and the current scheme when it is this one). */
  cacheScheme: (scheme: Scheme, lastUpdatedTime: string) => void;
  /** Records a venue/info answer and makes its scheme current. */
  setScheme: (scheme: Scheme, lastUpdatedTime: string) => void;
  /**
   * Makes a venue of the current scheme current and creates its default basket
   * for the order type the venue serves (orderTypeFor) when none exists. An
   * empty basket of another order type simply moves (nothing in it is
   * affected); one with items keeps its type until the customer confirms the
   * change (docs/product.md §4), see `selectOrderTypeConflict`.
   */
  setCurrentVenue: (
    venue: Pick<Store, "venue_slug" | "order_types"> | null,
    chosen?: OrderType | null,
  ) => void;
  updateBasket: (update: (basket: Basket) => Basket) => void;
  resetBasket: (options?: ResetOptions) => void;
  /** Moves every basket of the current scheme to another order type (emptying them). */
  changeOrderType: (orderType: OrderType) => void;
}

export const initialVenueData: VenueData = {
  schemes: {},
  currentScheme: null,
  currentVenue: null,
  basket: {},
};

export function toCurrentScheme(scheme: CurrentScheme): CurrentScheme {
  const colours = Object.fromEntries(COLOUR_KEYS.map((k) => [k, scheme[k] ?? ""])) as Pick<Scheme, ColourKey>;
  return {
    business_slug: scheme.business_slug,
    colour: scheme.colour,
    ...colours,
    theme: scheme.theme,
    stores: scheme.stores,
    currency: scheme.currency,
  };
}

function withBasket(
  baskets: BasketsByScheme,
  schemeSlug: string,
  venueSlug: string,
  basket: Basket,
): BasketsByScheme {
  return { ...baskets, [schemeSlug]: { ...baskets[schemeSlug], [venueSlug]: basket } };
}

export const VENUE_STORE_VERSION = 1;

export const useVenueStore = create<VenueState>()(
  persist(
    (set) => ({
      ...initialVenueData,
      cacheScheme: (scheme, lastUpdatedTime) =>
        set((s) => ({
          schemes: { ...s.schemes, [scheme.business_slug]: { scheme, lastUpdatedTime } },
          currentScheme:
            s.currentScheme?.business_slug === scheme.business_slug
              ? toCurrentScheme(scheme)
              : s.currentScheme,
        })),
      setScheme: (scheme, lastUpdatedTime) =>
        set((s) => {
          const same = s.currentScheme?.business_slug === scheme.business_slug;
          const venueSlug = s.currentVenue?.venue_slug;
          return {
            schemes: { ...s.schemes, [scheme.business_slug]: { scheme, lastUpdatedTime } },
            currentScheme: toCurrentScheme(scheme),
            // A venue of another scheme, or one the scheme closed, is not current any more.
            currentVenue:
              same && scheme.stores.some((v) => v.venue_slug === venueSlug) ? s.currentVenue : null,
          };
        }),
      setCurrentVenue: (venue, chosen = null) =>
        set((s) => {
          if (!venue) return { currentVenue: null };
          const currentVenue = { venue_slug: venue.venue_slug };
          const schemeSlug = s.currentScheme?.business_slug;
          if (!schemeSlug) return { currentVenue };
          const type = orderTypeFor(venue, chosen);
          const existing = s.basket[schemeSlug]?.[venue.venue_slug];
          if (existing && (existing.orderDetail.order_type === type || basketCount(existing) > 0)) {
            return s.currentVenue?.venue_slug === venue.venue_slug ? s : { currentVenue };
          }
          const basket = existing ? changeOrderType(existing, type) : createDefaultBasket(type);
          return { currentVenue, basket: withBasket(s.basket, schemeSlug, venue.venue_slug, basket) };
        }),
      updateBasket: (update) =>
        set((s) => {
          const schemeSlug = s.currentScheme?.business_slug;
          const venueSlug = s.currentVenue?.venue_slug;
          const current = schemeSlug && venueSlug ? s.basket[schemeSlug]?.[venueSlug] : undefined;
          if (!schemeSlug || !venueSlug || !current) return s;
          return { basket: withBasket(s.basket, schemeSlug, venueSlug, update(current)) };
        }),
      resetBasket: (options) =>
        set((s) => {
          const schemeSlug = s.currentScheme?.business_slug;
          const venueSlug = s.currentVenue?.venue_slug;
          const current = schemeSlug && venueSlug ? s.basket[schemeSlug]?.[venueSlug] : undefined;
          if (!schemeSlug || !venueSlug || !current) return s;
          return { basket: withBasket(s.basket, schemeSlug, venueSlug, resetBasket(current, options)) };
        }),
      changeOrderType: (orderType) =>
        set((s) => {
          const schemeSlug = s.currentScheme?.business_slug;
          const baskets = schemeSlug ? s.basket[schemeSlug] : undefined;
          if (!schemeSlug || !baskets) return s;
          const moved = Object.fromEntries(
            Object.entries(baskets).map(([venue, b]) => [venue, changeOrderType(b, orderType)]),
          );
          return { basket: { ...s.basket, [schemeSlug]: moved } };
        }),
    }),
    {
      name: "venue",
      storage: browserStorage<VenueData>(),
      version: VENUE_STORE_VERSION,
      migrate: (persisted, version) => migrateVenue(persisted, version),
      merge: (persisted, current) => ({ ...current, ...migrateVenue(persisted, VENUE_STORE_VERSION) }),
      partialize: ({ schemes, currentScheme, currentVenue, basket }) => ({
        schemes,
        currentScheme,
        currentVenue,
        basket,
      }),
    },
  ),
);

/**
 * The persisted venue state of any earlier version as the current shape.
 * Version 0 (before versions) kept the whole venue/info scheme as
 * currentScheme and the whole venue as currentVenue; both shrink to docs/product.md §3's
 * fields. Baskets always survive: each is kept, with any order-detail field
 * an older version did not have filled with its default.
 */
export function migrateVenue(persisted: unknown, version: number): VenueData {
  void version; // every version so far differs only in what the fields below normalise
  const state = isRecord(persisted) ? persisted : {};
  return {
    schemes: readSchemes(state.schemes),
    currentScheme: readCurrentScheme(state.currentScheme),
    currentVenue: readCurrentVenue(state.currentVenue),
    basket: readBaskets(state.basket),
  };
}

function readSchemes(value: unknown): Record<string, CachedScheme> {
  if (!isRecord(value)) return {};
  const out: Record<string, CachedScheme> = {};
  for (const [slug, entry] of Object.entries(value)) {
    if (!isRecord(entry) || !isRecord(entry.scheme) || entry.scheme.business_slug !== slug) continue;
    if (!Array.isArray(entry.scheme.stores)) continue;
    out[slug] = {
      scheme: entry.scheme as unknown as Scheme,
      lastUpdatedTime: typeof entry.lastUpdatedTime === "string" ? entry.lastUpdatedTime : "",
    };
  }
  return out;
}

function readCurrentScheme(value: unknown): CurrentScheme | null {
  if (!isRecord(value) || typeof value.business_slug !== "string" || !Array.isArray(value.stores))
    return null;
  return toCurrentScheme(value as unknown as CurrentScheme);
}

function readCurrentVenue(value: unknown): CurrentVenue | null {
  if (!isRecord(value) || typeof value.venue_slug !== "string") return null;
  return { venue_slug: value.venue_slug };
}

function readBaskets(value: unknown): BasketsByScheme {
  if (!isRecord(value)) return {};
  const out: BasketsByScheme = {};
  for (const [schemeSlug, venues] of Object.entries(value)) {
    if (!isRecord(venues)) continue;
    const kept: Record<string, Basket> = {};
    for (const [venueSlug, basket] of Object.entries(venues)) {
      const read = readBasket(basket);
      if (read) kept[venueSlug] = read;
    }
    out[schemeSlug] = kept;
  }
  return out;
}

function readBasket(value: unknown): Basket | null {
  if (!isRecord(value)) return null;
  const items = Array.isArray(value.items)
    ? (value.items as unknown[]).filter(
        (i): i is Basket["items"][number] =>
          isRecord(i) && typeof i.item_id === "number" && typeof i.qty === "number",
      )
    : [];
  const detail = isRecord(value.orderDetail) ? value.orderDetail : {};
  const type = detail.order_type === OrderType.PICKUP ? OrderType.PICKUP : OrderType.DELIVERY;
  const defaults = createDefaultBasket(type).orderDetail;
  return {
    items,
    orderDetail: { ...defaults, ...(detail as Partial<Basket["orderDetail"]>), order_type: type },
  };
}

/** The basket of the current scheme and venue, if any. */
export function selectCurrentBasket(state: VenueData): Basket | null {
  const schemeSlug = state.currentScheme?.business_slug;
  const venueSlug = state.currentVenue?.venue_slug;
  if (!schemeSlug || !venueSlug) return null;
  return state.basket[schemeSlug]?.[venueSlug] ?? null;
}

/**
 * The order type a venue's basket must move to before the customer orders
 * there, when moving it would affect items already in it (docs/product.md §4: ask
 * first); null when there is nothing to confirm.
 */
export function orderTypeConflict(
  basket: Basket | null | undefined,
  venue: Pick<Store, "order_types"> | undefined,
  chosen: OrderType | null,
): OrderType | null {
  if (!basket || !venue || basketCount(basket) === 0) return null;
  const type = orderTypeFor(venue, chosen);
  return basket.orderDetail.order_type === type ? null : type;
}
