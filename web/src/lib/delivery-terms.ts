import type { Store } from "@/lib/api/types";
import { formatCurrency } from "@/lib/currency";

/** An address's delivery terms (stores/deliverable's fee, minimum and free_over for it). */
export interface AddressTerms {
  fee?: number | null;
  minimum?: number | null;
  free_over?: number | null;
}

export interface TermsText {
  /** "£1.50", or "from £1.50" while the address is not known and the zones ask different fees. */
  fee: string;
  /** The same for the minimum; null when there is none. */
  minimum: string | null;
  /** "£25.00" when delivery is free from there; null otherwise. */
  freeOver: string | null;
}

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * What a customer is told delivery costs (docs/architecture.md §5): the terms for their address
 * once stores/deliverable has answered; before that, for a venue with delivery zones, the
 * cheapest zone's fee and the lowest minimum ("from £1.50" when the zones differ); otherwise
 * the venue's own terms.
 */
export function deliveryTermsText(
  store: Pick<Store, "delivery">,
  currency: string,
  t: Translate,
  at?: AddressTerms | null,
): TermsText {
  const money = (n: number) => formatCurrency(n, currency);
  const from = (n: number, differs: boolean) =>
    differs ? t("delivery.from", { amount: money(n) }) : money(n);
  const zones = store.delivery.zones;
  if (at && at.fee != null) {
    return {
      fee: money(at.fee),
      minimum: at.minimum ? money(at.minimum) : null,
      freeOver: at.free_over ? money(at.free_over) : null,
    };
  }
  if (zones) {
    return {
      fee: from(zones.fee_from, zones.fee_from !== zones.fee_to),
      minimum:
        zones.minimum_from > 0 ? from(zones.minimum_from, zones.minimum_from !== zones.minimum_to) : null,
      freeOver: null,
    };
  }
  const d = store.delivery;
  return {
    fee: money(d.fee),
    minimum: d.minimum > 0 ? money(d.minimum) : null,
    freeOver: d.free_over > 0 ? money(d.free_over) : null,
  };
}
