import { useEffect, useRef, useState } from "react";
import { useTranslation } from "@/i18n";
import type { PricedBasket } from "@/lib/basket-pricing";

/** Units per item id, and each item's title, from the priced lines. */
function tally(priced: PricedBasket) {
  const units = new Map<number, number>();
  const titles = new Map<number, string>();
  for (const { line, item } of priced.lines) {
    units.set(line.item_id, (units.get(line.item_id) ?? 0) + line.qty);
    if (item) titles.set(line.item_id, item.title);
  }
  return { units, titles };
}

/**
 * Says what a basket change did, politely, for screen readers: "Added
 * Cheeseburger to basket. 3 items in basket." Silent on the first render (the
 * basket a visitor comes back to is not news), and for changes it cannot name
 * one item for it says only the count.
 */
export function BasketAnnouncer({ priced }: { priced: PricedBasket | null }) {
  const { t } = useTranslation();
  const previous = useRef<Map<number, number> | null>(null);
  // Titles seen so far: a removed line is no longer in the basket to name itself.
  const known = useRef(new Map<number, string>());
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (!priced) return;
    const { units, titles } = tally(priced);
    for (const [id, title] of titles) known.current.set(id, title);
    const before = previous.current;
    previous.current = units;
    if (!before) return;
    const changed = [...new Set([...before.keys(), ...units.keys()])]
      .map((id) => ({ id, delta: (units.get(id) ?? 0) - (before.get(id) ?? 0) }))
      .filter((c) => c.delta !== 0);
    if (changed.length === 0) return;
    const count = priced.count === 0 ? t("basket.empty") : t("basket.announceCount", { count: priced.count });
    const only = changed.length === 1 ? changed[0]! : null;
    const title = only ? known.current.get(only.id) : undefined;
    const what =
      only && title
        ? t(only.delta > 0 ? "basket.announceAdded" : "basket.announceRemoved", {
            count: Math.abs(only.delta),
            title,
          })
        : "";
    setMessage(what ? `${what}. ${count}.` : `${count}.`);
  }, [priced, t]);

  return (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid="basket-announcer">
      {message}
    </p>
  );
}
