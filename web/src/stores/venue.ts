import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { Scheme, Store } from "@/lib/api/types";
import type { OrderType } from "@/lib/enums";
import {
  changeOrderType,
  createDefaultBasket,
  resetBasket,
  type Basket,
  type BasketsByScheme,
  type ResetOptions,
} from "./basket";
import { browserStorage } from "./storage";

export interface CachedScheme {
  scheme: Scheme;
  lastUpdatedTime: string;
}

export interface VenueData {
  /** venue/info answers keyed by business_slug (SPEC.md §3). */
  schemes: Record<string, CachedScheme>;
  currentScheme: Scheme | null;
  currentVenue: Store | null;
  /** Keyed by business_slug, then venue_slug. */
  basket: BasketsByScheme;
}

export interface VenueState extends VenueData {
  setScheme: (scheme: Scheme, lastUpdatedTime: string) => void;
  /** Sets the current venue and creates its default basket when none exists. */
  setCurrentVenue: (venue: Store | null, orderType?: OrderType) => void;
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

function withBasket(
  baskets: BasketsByScheme,
  schemeSlug: string,
  venueSlug: string,
  basket: Basket,
): BasketsByScheme {
  return { ...baskets, [schemeSlug]: { ...baskets[schemeSlug], [venueSlug]: basket } };
}

export const useVenueStore = create<VenueState>()(
  persist(
    (set) => ({
      ...initialVenueData,
      setScheme: (scheme, lastUpdatedTime) =>
        set((s) => ({
          schemes: { ...s.schemes, [scheme.business_slug]: { scheme, lastUpdatedTime } },
          currentScheme: scheme,
          // A venue of another scheme is not current any more.
          currentVenue:
            s.currentScheme?.business_slug === scheme.business_slug
              ? (scheme.stores.find((v) => v.venue_slug === s.currentVenue?.venue_slug) ?? null)
              : null,
        })),
      setCurrentVenue: (venue, orderType) =>
        set((s) => {
          const schemeSlug = s.currentScheme?.business_slug;
          if (!venue || !schemeSlug) return { currentVenue: venue };
          if (s.basket[schemeSlug]?.[venue.venue_slug]) return { currentVenue: venue };
          return {
            currentVenue: venue,
            basket: withBasket(s.basket, schemeSlug, venue.venue_slug, createDefaultBasket(orderType)),
          };
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
      storage: browserStorage,
      partialize: ({ schemes, currentScheme, currentVenue, basket }) => ({
        schemes,
        currentScheme,
        currentVenue,
        basket,
      }),
    },
  ),
);

/** The basket of the current scheme and venue, if any. */
export function selectCurrentBasket(state: VenueData): Basket | null {
  const schemeSlug = state.currentScheme?.business_slug;
  const venueSlug = state.currentVenue?.venue_slug;
  if (!schemeSlug || !venueSlug) return null;
  return state.basket[schemeSlug]?.[venueSlug] ?? null;
}
