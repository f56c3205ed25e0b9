import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "@/i18n";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { userInfoKey, userInfoQueryOptions } from "@/lib/api/get-user-info";
import { formatCurrency } from "@/lib/currency";
import { selectUserOf, useAuthStore } from "@/stores/auth";
import type { OrderDetail } from "../api/get-order";

/** The savings and stamps messages of docs/product.md §2 ("You saved £3.20", "You earned 2 stamps — 3 more for a Free burger"). */
export function LoyaltyMessages({
  order,
  scheme,
  currency,
}: {
  order: OrderDetail;
  scheme: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const { loyalty } = useCurrentScheme();
  const user = useAuthStore(selectUserOf(scheme));
  const signedIn = user !== null && user.is_guest !== true;
  const queryClient = useQueryClient();
  const info = useQuery(userInfoQueryOptions(scheme, signedIn));
  // The stamps this order earns (fixed when it was priced); they are
  // credited when it is delivered or collected, and the balance changes then.
  const count = order.stamps?.earned ?? order.pricing?.stamps_earned ?? 0;
  const arrived = order.status === "delivered" || order.status === "collected";
  useEffect(() => {
    if (arrived && count > 0) void queryClient.invalidateQueries({ queryKey: userInfoKey(scheme) });
  }, [arrived, count, scheme, queryClient]);

  const cancelled = order.status === "cancelled" || order.status === "rejected";
  // Nothing was saved on an order that was not made.
  const savings = cancelled ? 0 : (order.savings ?? 0);
  const perReward = info.data?.stamps.per_reward || loyalty.stamps_per_reward;
  const balance = info.data?.stamps.balance;
  let stamps: string | null = null;
  if (signedIn && arrived && count > 0) {
    stamps = t("loyalty.earned", { count });
    if (balance !== undefined && perReward > 0) {
      stamps += ` — ${t("loyalty.toReward", { count: perReward - (balance % perReward), reward: loyalty.reward_title })}`;
    }
  } else if (signedIn && !cancelled && count > 0) {
    stamps = t("loyalty.willEarn", { count });
  }
  if (savings <= 0 && !stamps) return null;
  return (
    <section className="order-card order-loyalty" aria-live="polite" aria-label={t("loyalty.title")}>
      {savings > 0 ? (
        <p className="order-loyalty__line" data-testid="order-savings">
          {t("loyalty.saved", { amount: formatCurrency(savings, currency) })}
        </p>
      ) : null}
      {stamps ? (
        <p className="order-loyalty__line" data-testid="order-stamps">
          {stamps}
        </p>
      ) : null}
    </section>
  );
}
