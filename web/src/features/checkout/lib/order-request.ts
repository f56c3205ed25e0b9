/**
 * What the checkout sends to orders/quote and orders/prepare (pure; no React).
 * The client never prices: it sends what was chosen and shows what comes back.
 */
import { OrderType } from "@/lib/enums";
import { newIdempotencyKey } from "@/lib/idempotency-key";
import type { Basket } from "@/stores/basket";
import type { OrderRequest } from "../api/types";

/** The customer's own details, as the checkout form holds them. */
export interface CustomerDetails {
  first_name: string;
  last_name: string;
  email: string;
  /** Full number with its dial code ("+447911123456"), or "" when none was given. */
  contact_number: string;
}

export interface RequestContext {
  businessSlug: string;
  venueSlug: string;
  orderType: OrderType;
  customer: CustomerDetails;
  /** The offer the customer chose; -1 (none chosen) leaves it out, so an AUTO_APPLY offer applies. */
  rewardId: number;
  /** One of the customer's loyalty rewards (user/info rewards); -1 or left out: none. */
  loyaltyRewardId?: number;
  /** A tip chip's percentage (the server works out the amount), or null for the basket's own amount. */
  tipPercent?: number | null;
  /** Basket indexes to leave out (lines the server refused). */
  exclude?: ReadonlySet<number>;
}

export function buildOrderRequest(basket: Basket, ctx: RequestContext): OrderRequest {
  const detail = basket.orderDetail;
  const delivery = ctx.orderType === OrderType.DELIVERY;
  const email = ctx.customer.email.trim();
  const contact = ctx.customer.contact_number;
  const address = delivery ? detail.delivery_address : null;
  return {
    business_slug: ctx.businessSlug,
    venue_slug: ctx.venueSlug,
    order_type: ctx.orderType,
    is_asap: detail.is_asap,
    preorder_for: detail.is_asap ? null : detail.preorder_for,
    items: basket.items
      .filter((_, i) => !ctx.exclude?.has(i))
      .map((line) => ({
        item_id: line.item_id,
        qty: line.qty,
        modifiers: (line.modifiers ?? []).map((m) => ({ modifier_item_id: m.modifier_item_id, qty: m.qty })),
      })),
    delivery_address: address
      ? {
          ...address,
          // Unknown coordinates are left out (the schema has no null for them).
          latitude: address.latitude ?? undefined,
          longitude: address.longitude ?? undefined,
          // The address's own contact details, else the customer's.
          contact_number: address.contact_number || contact,
          email: address.email || email,
        }
      : null,
    order_note: detail.order_note.trim(),
    promocode: detail.promocode.trim().toUpperCase(),
    ...(ctx.tipPercent != null
      ? { tip_percent: ctx.tipPercent }
      : { tip: Math.max(0, Math.round(detail.tip)) }),
    ...(ctx.rewardId >= 0 ? { reward_id: ctx.rewardId } : {}),
    ...(ctx.loyaltyRewardId !== undefined && ctx.loyaltyRewardId >= 0
      ? { loyalty_reward_id: ctx.loyaltyRewardId }
      : {}),
    user_email: email,
    user_contact_number: contact,
    first_name: ctx.customer.first_name.trim(),
    last_name: ctx.customer.last_name.trim(),
  };
}

/**
 * The fields that change the price. Names, e-mail, phone and notes do not:
 * typing them must not ask for a quote on each key.
 */
export function quoteKey(request: OrderRequest): string {
  const { first_name, last_name, user_email, user_contact_number, order_note, delivery_address, ...priced } =
    request;
  void [first_name, last_name, user_email, user_contact_number, order_note];
  const address = delivery_address && {
    ...delivery_address,
    contact_number: "",
    email: "",
    note: "",
    name: "",
  };
  return JSON.stringify({ ...priced, delivery_address: address });
}

/** The quote body for a key: what is priced, with the unpriced fields left empty. */
export function quoteRequestOf(key: string): OrderRequest {
  const priced = JSON.parse(key) as Omit<
    OrderRequest,
    "first_name" | "last_name" | "user_email" | "user_contact_number" | "order_note"
  >;
  return {
    ...priced,
    first_name: "",
    last_name: "",
    user_email: "",
    user_contact_number: "",
    order_note: "",
  };
}

export { newIdempotencyKey };

/**
 * One idempotency key per payment attempt: the same body again (a retry after a
 * network failure or a declined card) reuses the key, so the server answers with
 * the same order instead of a second one; another body gets a new key (the same
 * key with another body would be refused with 1409).
 */
export class AttemptKeys {
  private last: { body: string; key: string } | null = null;
  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  keyFor(request: OrderRequest): string {
    const body = JSON.stringify(request);
    if (this.last?.body !== body) this.last = { body, key: this.makeKey() };
    return this.last.key;
  }

  /** After a paid order the next attempt is a new order. */
  forget() {
    this.last = null;
  }
}
