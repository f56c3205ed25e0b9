import { OrderType } from "@/lib/enums";
import type { DeliveryAddress } from "./delivery-address";

/**
 * The basket of docs/product.md §3. Baskets live in the venue store, keyed by
 * business_slug then venue_slug; the functions here are pure so that every
 * rule about them can be tested without React or storage.
 */
export interface BasketModifier {
  modifier_item_id: number;
  qty: number;
}

export interface BasketItem {
  item_id: number;
  qty: number;
  /** The chosen modifiers of this line; lines with different modifiers are separate. */
  modifiers?: BasketModifier[];
}

export interface OrderDetail {
  order_type: OrderType;
  order_id: number;
  order_note: string;
  promocode: string;
  /** Minor units. */
  tip: number;
  is_asap: boolean;
  preorder_for: string | null;
  delivery_address: DeliveryAddress | null;
  user_contact_number: string;
  user_email: string;
}

export interface Basket {
  items: BasketItem[];
  orderDetail: OrderDetail;
}

export type BasketsByScheme = Record<string, Record<string, Basket>>;

export function createDefaultBasket(orderType: OrderType = OrderType.DELIVERY): Basket {
  return {
    items: [],
    orderDetail: {
      order_type: orderType,
      order_id: 0,
      order_note: "",
      promocode: "",
      tip: 0,
      is_asap: true,
      preorder_for: null,
      delivery_address: null,
      user_contact_number: "",
      user_email: "",
    },
  };
}

export interface ResetOptions {
  /** Keep delivery address, contact number and email (docs/product.md §4). */
  keepContact?: boolean;
}

/**
 * The order type a venue's menu and basket are for: the customer's choice when
 * the venue offers it, else the first the venue offers (a menu link opened
 * directly, or a venue that does not do what was chosen).
 */
export function orderTypeFor(
  venue: { order_types: readonly OrderType[] } | undefined,
  chosen: OrderType | null,
): OrderType {
  if (!venue) return chosen ?? OrderType.PICKUP;
  if (chosen !== null && venue.order_types.includes(chosen)) return chosen;
  return venue.order_types[0] ?? OrderType.PICKUP;
}

export function resetBasket(basket: Basket, options: ResetOptions = {}): Basket {
  const fresh = createDefaultBasket(basket.orderDetail.order_type);
  if (!options.keepContact) return fresh;
  const { delivery_address, user_contact_number, user_email } = basket.orderDetail;
  return {
    ...fresh,
    orderDetail: { ...fresh.orderDetail, delivery_address, user_contact_number, user_email },
  };
}

/**
 * The basket for another order type. Changing the order type affects the items
 * (docs/product.md §4: prices, availability and minimums differ), so once the customer
 * has confirmed, the items go; delivery address and contact details stay.
 */
export function changeOrderType(basket: Basket, orderType: OrderType): Basket {
  if (basket.orderDetail.order_type === orderType) return basket;
  const kept = resetBasket(basket, { keepContact: true });
  return { ...kept, orderDetail: { ...kept.orderDetail, order_type: orderType } };
}

function sameModifiers(a: BasketModifier[] = [], b: BasketModifier[] = []): boolean {
  if (a.length !== b.length) return false;
  const key = (m: BasketModifier) => `${m.modifier_item_id}x${m.qty}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.every((k, i) => k === right[i]);
}

/** Adds qty of an item (merging with an identical line). */
export function addItem(basket: Basket, line: BasketItem): Basket {
  const index = basket.items.findIndex(
    (i) => i.item_id === line.item_id && sameModifiers(i.modifiers, line.modifiers),
  );
  if (index === -1) return { ...basket, items: [...basket.items, { ...line }] };
  const items = basket.items.map((item, i) => (i === index ? { ...item, qty: item.qty + line.qty } : item));
  return { ...basket, items };
}

/** Removes every line of an item (the bin button of the item card). */
export function removeItem(basket: Basket, itemId: number): Basket {
  return { ...basket, items: basket.items.filter((i) => i.item_id !== itemId) };
}

/** Sets the quantity of one line by index; 0 or less removes it. */
export function setLineQty(basket: Basket, index: number, qty: number): Basket {
  const items =
    qty <= 0
      ? basket.items.filter((_, i) => i !== index)
      : basket.items.map((item, i) => (i === index ? { ...item, qty } : item));
  return { ...basket, items };
}

export function hasItem(basket: Basket | null | undefined, itemId: number): boolean {
  return basket?.items.some((i) => i.item_id === itemId) ?? false;
}

/**
 * Whether choosing `orderType` would empty one of a scheme's baskets (docs/product.md
 * §4: ask first): the order type is the customer's choice for the whole
 * scheme, so any basket filled for another type is affected.
 */
export function typeChangeEmptiesBasket(
  baskets: Record<string, Basket> | undefined,
  orderType: OrderType,
): boolean {
  return Object.values(baskets ?? {}).some(
    (b) => b.orderDetail.order_type !== orderType && basketCount(b) > 0,
  );
}

export function basketCount(basket: Basket | null | undefined): number {
  return basket?.items.reduce((sum, i) => sum + i.qty, 0) ?? 0;
}
