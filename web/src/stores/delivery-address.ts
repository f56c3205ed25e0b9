/** Delivery address as held locally and in the basket (docs/product.md §3). */
export interface DeliveryAddress {
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
