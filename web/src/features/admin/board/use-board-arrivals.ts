import { useEffect, useRef, useState } from "react";
import { useTranslation } from "@/i18n";
import type { BoardOrder } from "./api";
import { useRinging } from "./bell";

/**
 * New paid orders since the board opened: the bell rings at once for each
 * and every 20 s while any waits (the reconnecting sound while `down`), and
 * a hidden tab gets a notification.
 */
export function useBoardArrivals(orders: BoardOrder[] | undefined, venue: string, down: boolean) {
  const { t } = useTranslation();
  const seen = useRef<Set<number> | null>(null);
  const [arrivals, setArrivals] = useState(0);
  const waiting = (orders ?? []).filter((o) => o.status === "pending");
  useEffect(() => {
    if (!orders) return;
    const pending = orders.filter((o) => o.status === "pending");
    if (seen.current === null) {
      seen.current = new Set(pending.map((o) => o.id));
      return;
    }
    const fresh = pending.filter((o) => !seen.current!.has(o.id));
    if (fresh.length === 0) return;
    fresh.forEach((o) => seen.current!.add(o.id));
    setArrivals((n) => n + fresh.length);
    if (document.hidden && typeof Notification !== "undefined" && Notification.permission === "granted") {
      try {
        new Notification(t("board.notifyTitle", { count: pending.length }), {
          body: fresh.map((o) => `#${o.order_number}`).join(", "),
          tag: `board-${venue}`,
        });
      } catch {
        // Some browsers allow notifications from a service worker only; the title still counts.
      }
    }
  }, [orders, t, venue]);
  useRinging({ waiting: waiting.length > 0, trigger: arrivals, down });
  return waiting.length;
}
