import "../i18n";
import "./i18n";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type PromoCode = components["schemas"]["PromoCode"];
export type PromoCodeDoc = components["schemas"]["PromoCodeDoc"];
export type OfferDoc = components["schemas"]["OfferDoc"];
export type LoyaltyDoc = components["schemas"]["LoyaltyDoc"];

const promotionsKey = (scheme: string) => [ADMIN_KEY, scheme, "promotions"] as const;

/** admin/promotions/list: the promo codes with their uses so far. */
export function usePromoCodes(scheme: string, enabled: boolean) {
  return useQuery({
    queryKey: [...promotionsKey(scheme), "codes"],
    queryFn: async ({ signal }) =>
      (await call("admin/promotions/list", { filter: { business_slug: scheme } }, { signal })).payload,
    enabled,
    retry: noRetryOnAccess,
  });
}

/** The offers and the loyalty programme, as the scheme's document holds them. */
export function useOffersAndLoyalty(scheme: string, enabled: boolean) {
  return useQuery({
    queryKey: [...promotionsKey(scheme), "document"],
    queryFn: async ({ signal }) => {
      const doc = (await call("admin/scheme/document", { filter: { business_slug: scheme } }, { signal }))
        .payload as {
        offers?: OfferDoc[] | null;
        loyalty?: LoyaltyDoc;
      };
      return {
        offers: doc.offers ?? [],
        loyalty: doc.loyalty ?? { stamp_threshold: 0, stamps_per_reward: 0, reward_title: "" },
      };
    },
    enabled,
    retry: noRetryOnAccess,
  });
}

/** The three writes; each reloads the page's data (and venue/info's loyalty). */
export function usePromotionWrites(scheme: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: promotionsKey(scheme) });
  const promo = useMutation({
    mutationFn: async (promo_code: PromoCodeDoc) =>
      (await call("admin/promotions/upsert", { data: { business_slug: scheme, promo_code } })).payload,
    onSuccess: reload,
  });
  const offer = useMutation({
    mutationFn: async (offer: OfferDoc) =>
      (await call("admin/offers/upsert", { data: { business_slug: scheme, offer } })).payload,
    onSuccess: reload,
  });
  const loyalty = useMutation({
    mutationFn: async (loyalty: LoyaltyDoc) =>
      (await call("admin/loyalty/set", { data: { business_slug: scheme, loyalty } })).payload,
    onSuccess: reload,
  });
  return { promo, offer, loyalty };
}
