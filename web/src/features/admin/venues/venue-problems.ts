/**
 * admin/venues/upsert's 1000 problems, for people: the API keys each by the venue document's JSON
 * path ("venues[2].address.postcode") and words it in the caller's language (Accept-Language);
 * the screen shows each next to its field, named as the screen names it. Rates are typed as
 * percentages but checked in basis points, so their range is said in percent here.
 */
import type { Translate } from "@/lib/i18n/runtime";

/** A problem as the manager reads it: the server's words, capitalised; a rate's range in percent. */
export function problemText(message: string, path: string, t: Translate): string {
  if (path.endsWith("_bp")) {
    const m = message.match(/(-?\d+)\D+?(-?\d+)/);
    if (m) return t("venues.problem.between", { min: Number(m[1]) / 100, max: Number(m[2]) / 100 });
  }
  const text = message.trim();
  return text ? text[0]!.toLocaleUpperCase() + text.slice(1) : t("venues.problem.other");
}

/** Where a screen path's field is, as the screen labels it ("Monday: closes (1)", "Zone 2: Fee"). */
export function problemLabel(path: string, t: Translate): string {
  const direct: Record<string, string> = {
    name: "venues.name",
    venue_slug: "venues.newSlug",
    time_zone: "venues.timeZone",
    lat: "venues.pin",
    lng: "venues.pin",
    order_types: "venues.orderTypes",
    prep_minutes: "venues.prepMinutes",
    delivery_minutes: "venues.deliveryMinutes",
    "pickup.minimum": "venues.pickupMinimum",
    "delivery.minimum": "venues.deliveryMinimum",
    "delivery.fee": "venues.deliveryFee",
    "delivery.free_over": "venues.freeOver",
    "delivery.radius_m": "venues.radiusM",
    service_charge_bp: "venues.serviceCharge",
    vat_rate_bp: "venues.vat",
    "delivery.slot_capacity": "venues.deliverySlots",
    "pickup.slot_capacity": "venues.pickupSlots",
  };
  if (direct[path]) return t(direct[path]);
  let m = path.match(/^address\.(line1|line2|city|postcode|country)$/);
  if (m) return t(`venues.address.${m[1]}`);
  if (path.startsWith("tipping")) return t("venues.tipping");
  m = path.match(/^opening_hours\.(\d)(?:\[(\d+)\]\.(open|close))?/);
  if (m) {
    const day = t(`venues.day.${m[1]}`);
    if (!m[2]) return day;
    return t(m[3] === "open" ? "venues.opensAt" : "venues.closesAt", { day, n: Number(m[2]) + 1 });
  }
  m = path.match(/^exceptions\[(\d+)\](?:\.(date|note|ranges))?/);
  if (m) {
    const entry = t("venues.problem.exception", { n: Number(m[1]) + 1 });
    return m[2] === "note" ? `${entry}: ${t("venues.note")}` : entry;
  }
  m = path.match(/^delivery\.zones\[(\d+)\](?:\.(name|fee|minimum|free_over))?/);
  if (m) {
    const zone = t("venues.zoneName", { n: Number(m[1]) + 1 });
    const part: Record<string, string> = {
      name: "venues.zoneNameLabel",
      fee: "venues.fee",
      minimum: "venues.minimum",
      free_over: "venues.freeOver",
    };
    const key = m[2] ? part[m[2]] : undefined;
    return key ? `${zone}: ${t(key)}` : zone;
  }
  return t("venues.problem.elsewhere");
}

export interface Problem {
  path: string;
  label: string;
  text: string;
}

/** The save's problems (keyed by screen path, see venueFieldErrors) as the screen shows them. */
export function problemsFor(fields: Record<string, string>, t: Translate): Problem[] {
  return Object.entries(fields).map(([path, message]) => ({
    path,
    label: problemLabel(path, t),
    text: problemText(message, path, t),
  }));
}
