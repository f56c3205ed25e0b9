import { z } from "zod";
import { emailField } from "@/lib/validation/email";
import { dialCodeFor, findCountry } from "@/lib/countries";
import type { DeliveryAddress } from "@/stores/delivery-address";
import type { PlaceDetail } from "../types";

/**
 * The Add New Address form (docs/product.md §2, §5). Messages are i18n keys whose
 * en-US texts are docs/product.md §5's; the dialog translates them.
 */

/** The issue of a rule docs/product.md §5 gives no message: the input is marked, nothing is listed. */
export const SILENT = "silent";

const required = (message: string) => z.string().trim().min(1, message);

export const addressFormSchema = z.object({
  line1: required("validation.streetRequired"),
  line2: z.string().trim(),
  city: required("validation.cityRequired"),
  postcode: required("validation.postcodeRequired"),
  country: required("validation.countryRequired"),
  // The country whose dial code prefixes the number; docs/product.md §5: non-empty, no message.
  phoneCountry: z.string().min(1, SILENT),
  phone: required("validation.phoneRequired"),
  email: emailField,
  name: required("validation.addressNameRequired"),
  note: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormValues = z.output<typeof addressFormSchema>;

/** Step-one fields in the order they appear, for the error list at the top. */
export const FORM_FIELDS = [
  "line1",
  "line2",
  "city",
  "postcode",
  "country",
  "phoneCountry",
  "phone",
  "email",
  "name",
] as const satisfies readonly (keyof AddressFormValues)[];

export function emptyAddressForm(): AddressFormValues {
  return {
    line1: "",
    line2: "",
    city: "",
    postcode: "",
    country: "",
    phoneCountry: "GB",
    phone: "",
    email: "",
    name: "",
    note: "",
    latitude: null,
    longitude: null,
  };
}

/** The form prefilled from a chosen place (docs/product.md §7); the phone prefix follows its country. */
export function formFromPlace(detail: PlaceDetail, email = ""): AddressFormValues {
  return {
    ...emptyAddressForm(),
    line1: detail.line_1,
    city: detail.city,
    postcode: detail.postcode,
    country: detail.country,
    phoneCountry: findCountry(detail.country) ? detail.country.toUpperCase() : "GB",
    email,
    latitude: detail.lat,
    longitude: detail.lng,
  };
}

/** Country code plus number as the server check and address/upsert take it ("+44 7911123456"). */
export function contactNumber(phoneCountry: string, phone: string): string {
  const dial = dialCodeFor(phoneCountry).replace(/\s+/g, "");
  return `${dial} ${phone.trim()}`;
}

/** The delivery address of docs/product.md §3 from the form; contact is the checked (E.164) number. */
export function toDeliveryAddress(values: AddressFormValues, contact: string): DeliveryAddress {
  return {
    line1: values.line1.trim(),
    line2: values.line2.trim(),
    city: values.city.trim(),
    country: values.country,
    postcode: values.postcode.trim(),
    contact_number: contact,
    email: values.email.trim(),
    note: values.note.trim(),
    name: values.name.trim(),
    latitude: values.latitude,
    longitude: values.longitude,
  };
}

/** The id of a step-one field's input under `prefix` (the error list at the top links to it). */
export const fieldId = (prefix: string, name: keyof AddressFormValues) =>
  name === "phoneCountry" ? `${prefix}-phone-country` : `${prefix}-${name}`;
