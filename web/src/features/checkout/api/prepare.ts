import { post } from "@/lib/api/client";
import type { CardDetails } from "../lib/card";
import type { Order, PrepareRequest, Prepared } from "./types";

/** orders/prepare: the order, priced and stored, waiting for its payment. */
export async function prepareOrder(request: PrepareRequest): Promise<Prepared> {
  return (await post<Prepared>("orders/prepare", { data: request })).payload;
}

/**
 * payments/confirm (sandbox provider): charges the card for the order, or
 * answers the authentication challenge the card asked for (4000 0025 0000 3155).
 */
export async function confirmSandboxPayment(
  data: { business_slug: string; order_id: number } & (
    { card: CardDetails } | { challenge_result: "completed" | "failed" }
  ),
): Promise<Order> {
  return (await post<Order>("payments/confirm", { data })).payload;
}
