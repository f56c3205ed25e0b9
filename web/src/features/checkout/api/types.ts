/**
 * The checkout calls' shapes (docs/architecture.md §4), all from the generated types of
 * api/openapi.yaml (never hand-copied).
 */
import type { ApiPayload } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";

type S = components["schemas"];
type CheckoutInput = S["CheckoutInput"];

export type OrderLineRequest = NonNullable<CheckoutInput["items"]>[number];

/** A delivery address as sent: the coordinates are left out when the address has none. */
export type OrderAddressRequest = NonNullable<CheckoutInput["delivery_address"]>;

/**
 * The body of orders/quote (without idempotency_key) and orders/prepare: the
 * generated CheckoutInput with every field the page always sends made
 * required; the tip (an amount or a percentage) and the rewards stay optional.
 */
export type OrderRequest = Required<
  Omit<CheckoutInput, "idempotency_key" | "tip" | "tip_percent" | "reward_id" | "loyalty_reward_id">
> &
  Pick<CheckoutInput, "tip" | "tip_percent" | "reward_id" | "loyalty_reward_id">;

export interface PrepareRequest extends OrderRequest {
  idempotency_key: string;
}

/** Every figure of the checkout, in minor units, priced by the server (docs/architecture.md §5). */
export type Pricing = S["Pricing"];
/** A refusal: its 3xxx code, its text in the caller's language, and the request field it is about. */
export type Problem = S["Problem"];
export type OrderLine = S["OrderLine"];
export type Quote = S["Quote"];
export type Order = S["Order"];
export type Prepared = ApiPayload<"orders/prepare">;
export type PaymentIntent = Prepared["payment"];
/** tipping/get (venue/info carries the same, without max_percent). */
export type TippingSettings = Omit<ApiPayload<"tipping/get">, "max_percent"> & { max_percent?: number };
export type OfferCard = S["Offer"];
/** A 15-minute pre-order slot of venue/slots. */
export type Slot = S["Slot"];
