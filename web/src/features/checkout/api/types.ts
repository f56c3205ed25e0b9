/**
 * The checkout calls' shapes (DESIGN.md §4): answers are the generated types of
 * api/openapi.yaml; the request is the builder's own: CheckoutInput with every
 * field the page always sends made required.
 */
import type { ApiPayload } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import type { OrderType } from "@/lib/enums";

export interface OrderLineRequest {
  item_id: number;
  qty: number;
  modifiers: { modifier_item_id: number; qty: number }[];
}

export interface OrderAddressRequest {
  line1: string;
  line2: string;
  city: string;
  country: string;
  postcode: string;
  contact_number: string;
  email: string;
  note: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** The body of orders/quote (without idempotency_key) and orders/prepare. */
export interface OrderRequest {
  business_slug: string;
  venue_slug: string;
  order_type: OrderType;
  is_asap: boolean;
  preorder_for: string | null;
  items: OrderLineRequest[];
  delivery_address: OrderAddressRequest | null;
  order_note: string;
  promocode: string;
  /** Minor units; left out when a percentage is chosen. */
  tip?: number;
  /** A chip's whole percentage of the subtotal: the server works out the amount. */
  tip_percent?: number | null;
  /** An offer's reward; left out, an AUTO_APPLY offer applies by itself. */
  reward_id?: number;
  /** One of the customer's loyalty rewards; the server frees the cheapest line's unit with it. */
  loyalty_reward_id?: number;
  user_email: string;
  user_contact_number: string;
  first_name: string;
  last_name: string;
}

export interface PrepareRequest extends OrderRequest {
  idempotency_key: string;
}

type S = components["schemas"];

/** Every figure of the checkout, in minor units, priced by the server (DESIGN.md §5). */
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
