import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { OfferCard } from "../api/types";

/**
 * Why the offer the customer claimed does not apply, in words they can act on:
 * below its minimum spend, how much is missing ("Fries on us" needs £12.00 and
 * the basket is £5.99); otherwise the server's reason. Undefined while the
 * server does not refuse it.
 */
export function useOfferProblem(
  offers: readonly OfferCard[],
  claimed: number,
  subtotal: number | undefined,
  refusal: string | undefined,
  currency: string,
): string | undefined {
  const { t } = useTranslation();
  if (!refusal) return undefined;
  const offer = claimed >= 0 ? offers.find((o) => o.reward_id === claimed) : undefined;
  if (!offer || subtotal === undefined || !(offer.min_spend > subtotal)) return refusal;
  return t("checkout.offers.belowMinimum", {
    title: offer.title,
    minimum: formatCurrency(offer.min_spend, currency),
    missing: formatCurrency(offer.min_spend - subtotal, currency),
  });
}
