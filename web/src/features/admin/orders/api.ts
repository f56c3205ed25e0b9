import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { dayInstant } from "../activity/filter";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";

export type AdminOrder = components["schemas"]["AdminOrder"];
export type OrderStatus = components["schemas"]["OrderStatus"];

/** Every status, in the order of the lifecycle (docs/architecture.md §6). */
export const STATUSES: OrderStatus[] = [
  "pending",
  "accepted",
  "ready_to_collect",
  "on_the_way",
  "collected",
  "delivered",
  "rejected",
  "cancelled",
];

export interface OrderFilter {
  query: string;
  status: "" | OrderStatus;
  from: string; // YYYY-MM-DD, the browser's day
  to: string;
}

export const EMPTY_FILTER: OrderFilter = { query: "", status: "", from: "", to: "" };

const ordersKey = (scheme: string) => [ADMIN_KEY, scheme, "orders"] as const;

/** The filter as admin/orders/search takes it: days as instants of the browser's midnight. */
export function searchFilter(f: OrderFilter) {
  return {
    ...(f.query.trim() ? { query: f.query.trim() } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.from ? { from: dayInstant(f.from, false) } : {}),
    ...(f.to ? { to: dayInstant(f.to, true) } : {}),
  };
}

/** admin/orders/search: one page of the orders of the caller's venues (a manager's: the scheme's). */
export function useOrderSearch(scheme: string, filter: OrderFilter, page: number) {
  return useQuery({
    queryKey: [...ordersKey(scheme), filter, page],
    queryFn: async ({ signal }) =>
      await call(
        "admin/orders/search",
        { filter: { business_slug: scheme, page, ...searchFilter(filter) } },
        { signal },
      ),
    retry: noRetryOnAccess,
    placeholderData: keepPreviousData,
  });
}

export interface RefundInput {
  order_id: number;
  amount: number;
  reason: string;
  /** One per refund dialog: a second click or a retry is the same refund. */
  idempotency_key: string;
}

/** admin/orders/refund; the orders are read again whatever the outcome. */
export function useRefund(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RefundInput) =>
      (await call("admin/orders/refund", { data: { business_slug: scheme, ...input } })).payload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey(scheme) }),
  });
}

const CARD_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  maestro: "Maestro",
};

/** The payment's card as people say it: "Visa •••• 4242" ("" without one). */
export function cardOf(order: Pick<AdminOrder, "payment">): string {
  const brand = order.payment.brand.toLowerCase();
  const name = CARD_NAMES[brand] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : "");
  return [name, order.payment.last4 ? `•••• ${order.payment.last4}` : ""].filter(Boolean).join(" ");
}
