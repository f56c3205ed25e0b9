/**
 * The checkout calls' shapes (DESIGN.md §4). The orders calls are written by
 * hand until they are in api/openapi.yaml; then they become aliases of the
 * generated types (lib/api/schema.d.ts), like Slot already is.
 */
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
  user_email: string;
  user_contact_number: string;
  first_name: string;
  last_name: string;
}

export interface PrepareRequest extends OrderRequest {
  idempotency_key: string;
}

/** Every figure of the checkout, in minor units, priced by the server (DESIGN.md §5). */
export interface Pricing {
  currency: string;
  subtotal: number;
  discount: number;
  discount_source: "promo" | "reward" | "";
  service_charge: number;
  delivery_fee: number;
  tip: number;
  total: number;
  tax: number;
  vat_rate_bp: number;
  stamps_earned: number;
}

/** A refusal: its 3xxx code, its text in the caller's language, and the request field it is about. */
export interface Problem {
  code: number;
  message: string;
  field?: string;
}

export interface OrderLine {
  /** The line's index in the request's items. */
  index: number;
  item_id: number;
  title: string;
  qty: number;
  unit_price: number;
  total: number;
  modifiers: { modifier_item_id: number; name: string; price: number; qty: number }[];
  available: boolean;
  problem: Problem | null;
}

export interface Quote {
  pricing: Pricing;
  lines: OrderLine[];
  problems: Problem[];
  can_order: boolean;
  promocode: string;
  reward_id: number;
  max_tip: number;
  minimum: number;
  tip_percent?: number | null;
}

export interface PaymentIntent {
  provider: "sandbox" | "stripe";
  amount: number;
  currency: string;
  client_secret: string;
  status: string;
}

export interface Order {
  id: number;
  order_number: number;
  status: string;
  payment_status: string;
  pricing: Pricing;
  payment?: {
    provider: string;
    status: string;
    brand: string;
    last4: string;
    challenge: { id: string } | null;
  };
}

export interface Prepared {
  order: Order;
  payment: PaymentIntent;
}

/** A 15-minute pre-order slot of venue/slots (generated). */
export type Slot = components["schemas"]["Slot"];

export interface TippingSettings {
  enabled: boolean;
  percents: number[];
  default_percent: number;
  allow_custom: boolean;
  max_percent?: number;
}

export interface OfferCard {
  id: number;
  title: string;
  color: string;
  image_url: string;
  button_text: string;
  button_kind: number;
  reward_id: number;
  min_spend: number;
}
