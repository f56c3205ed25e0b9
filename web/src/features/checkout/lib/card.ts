/**
 * The sandbox card form's rules (pure; no React). The server checks the card
 * again (Luhn, expiry, CVC) and keeps brand and last4 only; these checks only
 * spare the customer a round trip and say what is wrong where it is wrong.
 */

/** Digits only, at most 19 (the longest card numbers). */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, "").slice(0, 19);
}

/** "4242424242424242" → "4242 4242 4242 4242" (Amex: 4-6-5). */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(" ");
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "1", "12", "123" → "1", "12 / ", "12 / 3": the month, then the year. */
export function formatExpiry(input: string, previous = ""): string {
  let digits = input.replace(/\D/g, "").slice(0, 4);
  // A first digit above 1 can only be a one-digit month: "4" → "04".
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the separator deletes the month's last digit too.
  if (previous.endsWith(" / ") && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** "MM / YY" → month and four-digit year, or null when it is not a date. */
export function parseExpiry(text: string): Expiry | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export function expired({ month, year }: Expiry, now: Date): boolean {
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) < thisMonth;
}

export type CardField = "number" | "expiry" | "cvc" | "name";

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
}

/** The first problem of each field as an i18n key, or the card to send. */
export function checkCard(
  input: CardInput,
  now: Date,
): { ok: true; card: CardDetails } | { ok: false; errors: Partial<Record<CardField, string>> } {
  const errors: Partial<Record<CardField, string>> = {};
  const number = cardDigits(input.number);
  if (!number) errors.number = "checkout.card.numberRequired";
  else if (!luhnValid(number)) errors.number = "checkout.card.numberInvalid";
  const expiry = parseExpiry(input.expiry);
  if (!input.expiry.trim()) errors.expiry = "checkout.card.expiryRequired";
  else if (!expiry) errors.expiry = "checkout.card.expiryInvalid";
  else if (expired(expiry, now)) errors.expiry = "checkout.card.expired";
  const cvc = input.cvc.trim();
  const amex = /^3[47]/.test(number);
  if (!cvc) errors.cvc = "checkout.card.cvcRequired";
  else if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(cvc)) errors.cvc = "checkout.card.cvcInvalid";
  const name = input.name.trim();
  if (!name) errors.name = "checkout.card.nameRequired";
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return { ok: true, card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc, name } };
}
