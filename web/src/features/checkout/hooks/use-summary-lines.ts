import { useMemo } from "react";
import { useTranslation } from "@/i18n";
import { useMenuQuery } from "@/lib/api/get-menu";
import { indexMenu, priceLine } from "@/lib/basket-pricing";
import type { OrderType } from "@/lib/enums";
import type { Basket } from "@/stores/basket";
import type { OrderLine } from "../api/types";
import type { SummaryLine } from "../components/summary-section";

/**
 * The basket's lines with their names (from the menu) and what is wrong with
 * each: the server's reason from the quote, else what the menu already says
 * (unavailable, no longer on the menu). `localExcluded` are the lines not even
 * sent for a quote; `excluded` adds the ones the server refused.
 */
export function useSummaryLines(
  businessSlug: string,
  venueSlug: string,
  orderType: OrderType,
  basket: Basket,
  serverLines: readonly OrderLine[] | undefined,
) {
  const { t } = useTranslation();
  const menu = useMenuQuery(businessSlug, venueSlug, orderType);
  return useMemo(() => {
    const index = menu.data ? indexMenu(menu.data) : null;
    const localExcluded = new Set<number>();
    const lines: SummaryLine[] = basket.items.map((line, i) => {
      const priced = index ? priceLine(line, i, index) : null;
      if (priced?.problem) localExcluded.add(i);
      return {
        index: i,
        title: priced?.item?.title ?? (index ? t("basket.unknownItem") : "…"),
        qty: line.qty,
        modifiers: priced?.modifierNames ?? [],
        problem: priced?.problem
          ? t(
              priced.problem === "missing"
                ? "checkout.summary.lineMissing"
                : "checkout.summary.lineUnavailable",
            )
          : null,
      };
    });
    // The quote was asked for the lines that were not excluded locally: map its indexes back.
    const sent = lines.filter((l) => !localExcluded.has(l.index)).map((l) => l.index);
    const excluded = new Set(localExcluded);
    for (const quoted of serverLines ?? []) {
      const at = sent[quoted.index];
      const line = at === undefined ? undefined : lines[at];
      // A quote of an older basket (shown while the next one loads) may not match: skip its lines.
      if (at === undefined || !line || basket.items[at]?.item_id !== quoted.item_id) continue;
      if (quoted.available) {
        line.total = quoted.total;
        continue;
      }
      line.problem = quoted.problem?.message ?? t("checkout.summary.lineUnavailable");
      excluded.add(line.index);
    }
    return { lines, localExcluded, excluded, menuReady: index !== null };
  }, [menu.data, basket.items, serverLines, t]);
}
