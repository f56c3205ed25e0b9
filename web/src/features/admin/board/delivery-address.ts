import { townLine } from "@/lib/address-line";

/** A delivery address as the order keeps it (ordering.Address). */
export interface DeliveryAddress {
  name?: string;
  line1?: string;
  line2?: string;
  city?: string;
  postcode?: string;
  country?: string;
  contact_number?: string;
  email?: string;
  note?: string;
  latitude?: number;
  longitude?: number;
}

export function deliveryAddressOf(order: { delivery_address: unknown }): DeliveryAddress | null {
  const a = order.delivery_address;
  return a && typeof a === "object" ? (a as DeliveryAddress) : null;
}

export function addressLines(a: DeliveryAddress): string[] {
  return [a.line1, a.line2, townLine(a)].filter((l): l is string => !!l);
}
