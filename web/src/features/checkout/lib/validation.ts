/**
 * The checkout's own checks, run when Pay is tapped (docs/product.md §5: on demand, not
 * while typing). Messages are i18n keys; the order is the page's, so the first
 * error is the first field to fix.
 */
import { EMAIL_REQUIRED, emailProblem } from "@/lib/validation/email";

export interface ContactValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

export type CheckoutField = "first_name" | "last_name" | "email" | "phone" | "time" | "address";

export interface CheckoutState {
  contact: ContactValues;
  delivery: boolean;
  hasAddress: boolean;
  isAsap: boolean;
  asapAvailable: boolean;
  preorderFor: string | null;
}

/** A phone number as typed: optional, else a plus, digits, spaces, dashes, brackets; 7 to 15 digits. */
export function phoneValid(value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  return /^\+?[0-9\s()-]+$/.test(v) && /^\d{7,15}$/.test(v.replace(/\D/g, ""));
}

/** "+44 7911 123456" → "+447911123456" (what the server is sent). */
export function normalisePhone(value: string): string {
  const digits = value.replace(/[^\d+]/g, "");
  return digits === "+" ? "" : digits;
}

export function validateCheckout(state: CheckoutState): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  const { contact } = state;
  if (!contact.first_name.trim()) errors.first_name = "validation.firstNameRequired";
  // The shared e-mail rule; an empty one gets checkout's own message (docs/product.md §5).
  const email = emailProblem(contact.email);
  if (email) errors.email = email === EMAIL_REQUIRED ? "validation.checkoutEmail" : email;
  if (!phoneValid(contact.phone)) errors.phone = "validation.phoneIncorrect";
  if (state.isAsap ? !state.asapAvailable : !state.preorderFor) errors.time = "checkout.time.required";
  if (state.delivery && !state.hasAddress) errors.address = "checkout.address.required";
  return errors;
}

export const FIELD_ORDER: readonly string[] = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "time",
  "address",
  "promo",
  "card-number",
  "card-expiry",
  "card-cvc",
  "card-name",
];
