import { formatCurrency } from "@/lib/currency";
import { isApiError } from "@/lib/api/api-error";
import type { Translate } from "@/lib/i18n/runtime";

/** "10 %" or "£5.00" off. */
export function discountText(
  d: { kind?: string; percent_bp?: number; amount?: number },
  currency: string,
  language: string,
): string {
  if (d.kind === "percent") {
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format((d.percent_bp ?? 0) / 100)} %`;
  }
  return formatCurrency(d.amount ?? 0, currency);
}

/** A validity window in the page's language ("Always" without bounds). */
export function windowText(
  from: string | undefined,
  until: string | undefined,
  t: Translate,
  language: string,
) {
  const f = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  const at = (iso: string) => f.format(new Date(iso));
  if (from && until) return t("promotions.between", { from: at(from), until: at(until) });
  if (from) return t("promotions.fromOnly", { from: at(from) });
  if (until) return t("promotions.untilOnly", { until: at(until) });
  return t("promotions.always");
}

/** An RFC 3339 instant as a datetime-local value in the browser's zone ("" for none). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's zone) as an RFC 3339 instant ("" for none). */
export function fromLocalInput(value: string): string {
  if (!value) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The server's message for one field of a failed write (fields keyed by the request's JSON path). */
export function fieldError(error: unknown, path: string): string | undefined {
  return isApiError(error) ? error.fields?.[path] : undefined;
}
