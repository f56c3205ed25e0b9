/** Currency display of docs/product.md §3, done by hand so the output is exact in every browser. */

export const CURRENCIES = ["GBP", "PLN", "EUR", "USD"] as const;
export type CurrencyName = (typeof CURRENCIES)[number];

interface CurrencyFormat {
  sign: string;
  position: "before" | "after";
  thousands: string;
  decimal: string;
}

const FORMATS: Record<CurrencyName, CurrencyFormat> = {
  GBP: { sign: "£", position: "before", thousands: ",", decimal: "." },
  EUR: { sign: "€", position: "after", thousands: ".", decimal: "," },
  USD: { sign: "$", position: "before", thousands: ",", decimal: "." },
  PLN: { sign: "zł", position: "after", thousands: " ", decimal: "," },
};

export const DEFAULT_CURRENCY: CurrencyName = "GBP";
export const CURRENCY_DECIMALS = 2;

export function isCurrency(value: unknown): value is CurrencyName {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** Unknown or missing currencies fall back to GBP (docs/product.md §5). */
export function resolveCurrency(currency: string | null | undefined): CurrencyName {
  const upper = typeof currency === "string" ? currency.toUpperCase() : "";
  return isCurrency(upper) ? upper : DEFAULT_CURRENCY;
}

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Formats an amount in minor units: GBP "£1,234.50", EUR "1.234,50 €",
 * USD "$1,234.50", PLN "1 234,50 zł". Negative amounts get a leading minus
 * ("-£5.00", "-5,00 zł").
 */
export function formatCurrency(minor: number, currency?: string | null): string {
  const format = FORMATS[resolveCurrency(currency)];
  const rounded = Math.round(Number.isFinite(minor) ? minor : 0);
  const negative = rounded < 0;
  const abs = Math.abs(rounded);
  const whole = groupThousands(Math.floor(abs / 100).toString(), format.thousands);
  const cents = (abs % 100).toString().padStart(CURRENCY_DECIMALS, "0");
  const number = `${whole}${format.decimal}${cents}`;
  const body = format.position === "before" ? `${format.sign}${number}` : `${number} ${format.sign}`;
  return negative ? `-${body}` : body;
}

/**
 * Normalises what someone typed into a money field (docs/product.md §5): non-numeric
 * text is stripped, either "," or "." is accepted as the decimal separator, and
 * the amount is rounded half-up to 2 decimals. Returns minor units (0 when
 * nothing numeric is left).
 */
export function parseCurrencyInput(input: string): number {
  const cleaned = input.replace(/[^0-9.,]/g, "");
  const lastSeparator = Math.max(cleaned.lastIndexOf("."), cleaned.lastIndexOf(","));
  let whole = cleaned;
  let fraction = "";
  if (lastSeparator !== -1) {
    const after = cleaned.slice(lastSeparator + 1).replace(/[.,]/g, "");
    // "1,234" with three digits after the only separator is a thousands group.
    const onlyOne = cleaned.replace(/[^.,]/g, "").length === 1;
    if (!(onlyOne && after.length === 3 && cleaned[lastSeparator] !== ".")) {
      whole = cleaned.slice(0, lastSeparator);
      fraction = after;
    }
  }
  const wholeDigits = whole.replace(/[.,]/g, "") || "0";
  const padded = (fraction + "000").slice(0, 3);
  const cents = Number(wholeDigits) * 100 + Number(padded.slice(0, 2));
  return padded[2] !== undefined && Number(padded[2]) >= 5 ? cents + 1 : cents;
}

/** The text a money field shows for an amount: "12.50" (2 decimals, no sign). */
export function formatCurrencyInput(minor: number, decimalSeparator = "."): string {
  const abs = Math.abs(Math.round(minor));
  const text = `${Math.floor(abs / 100)}${decimalSeparator}${(abs % 100).toString().padStart(2, "0")}`;
  return minor < 0 ? `-${text}` : text;
}
