import type { DeliveryAddress } from "@/stores/delivery-address";
import type { SavedAddress } from "../types";
import { townLine } from "@/lib/address-line";

export type PickerAction = "save" | "continue" | "goToMenu";

/**
 * The picker's action button (docs/product.md §2): Save when choosing a default
 * selection, Continue when the scheme has more than one store, otherwise Go to
 * Menu; the menu icon shows when the scheme has exactly one store.
 */
export function pickerAction(defaultSelection: boolean, storeCount: number) {
  const action: PickerAction = defaultSelection ? "save" : storeCount > 1 ? "continue" : "goToMenu";
  return { action, labelKey: `address.${action}` as const, showMenuIcon: storeCount === 1 };
}

/** The saved address as the delivery address of docs/product.md §3. */
export function savedToDelivery(a: SavedAddress): DeliveryAddress {
  return {
    line1: a.line_1,
    line2: a.line_2,
    city: a.city,
    country: a.country,
    postcode: a.postcode,
    contact_number: a.contact_number,
    email: a.email,
    note: a.note,
    name: a.name,
    latitude: a.lat,
    longitude: a.lng,
  };
}

/** One line: street, flat, postcode and city, country (its name when a language is given). */
export function formatAddress(
  a: Pick<DeliveryAddress, "line1" | "line2" | "city" | "postcode" | "country">,
  language?: string,
) {
  const town = townLine(a);
  const country = language && a.country ? countryName(a.country, language) : a.country;
  return [a.line1, a.line2, town, country].filter(Boolean).join(", ");
}

/** "PL" → "Poland" / "Polska"; the code itself when the runtime knows no name. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The option to preselect: the recorded one if still listed, else the only saved address. */
export function initialSelection(saved: SavedAddress[], recorded: number | null): number | null {
  if (recorded !== null && saved.some((a) => a.id === recorded)) return recorded;
  return saved.length === 1 && saved[0] ? saved[0].id : null;
}
