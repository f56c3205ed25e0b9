import { useMemo } from "react";
import { useTranslation } from "@/i18n";
import { useMenuQuery } from "@/lib/api/get-menu";
import { indexMenu, priceLine } from "@/lib/basket-pricing";
import type { OrderType } from "@/lib/enums";
import type { Basket } from "@/stores/basket";
import type { OrderLine } from "../api/types";
import type { SummaryLine } from "../components/summary-section";

/**
 * The basket's lines as the quote priced them: title, modifiers, total, and
 * why a line cannot be ordered (sold out, gone, a broken modifier rule). Until
 * the first quote arrives the names come from the menu (usually cached from the
 * menu page). `excluded` are the basket indexes the server refused: they are
 * shown, left out of the order, and can be removed.
 */
export function useSummaryLines(
  businessSlug: string,
  venueSlug: string,
  orderType: OrderType,
  basket: Basket,
  quoted: readonly OrderLine[] | undefined,
) {
  const { t } = useTranslation();
  const menu = useMenuQuery(businessSlug, venueSlug, orderType);
  return useMemo(() => {
    const index = menu.data ? indexMenu(menu.data) : null;
    const excluded = new Set<number>();
    const lines: SummaryLine[] = basket.items.map((line, i) => {
      // A quote of an older basket (shown while the next one loads) may not match: use only a matching line.
      const q = quoted?.find((l) => l.index === i && l.item_id === line.item_id && l.qty === line.qty);
      const local = index ? priceLine(line, i, index) : null;
      if (q && !q.available) excluded.add(i);
      return {
        index: i,
        title: q?.title ?? local?.item?.title ?? (index ? t("basket.unknownItem") : "…"),
        qty: line.qty,
        modifiers: q
          ? q.modifiers.map((m) => (m.qty > 1 ? `${m.qty}× ${m.name}` : m.name))
          : (local?.modifierNames ?? []),
        problem: q && !q.available ? (q.problem?.message ?? t("checkout.summary.lineUnavailable")) : null,
        total: q?.available ? q.total : undefined,
      };
    });
    return { lines, excluded };
  }, [menu.data, basket.items, quoted, t]);
}
