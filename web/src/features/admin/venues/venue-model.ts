/**
 * The Venues screen's model: a venue of the import document (docs/import.md)
 * and the pure edits the screen makes to it — hours with several ranges a day,
 * dated exceptions, delivery zones and their GeoJSON import/export — plus the
 * mapping of admin/venues/upsert's problems back to the screen's fields.
 */

export interface TimeRange {
  open: string;
  close: string;
}

export interface HoursException {
  date: string;
  closed: boolean;
  ranges: TimeRange[];
  order_types: number[];
  note: string;
}

export interface GeoPolygon {
  type: "Polygon";
  coordinates: number[][][];
}

export interface DeliveryZone {
  name: string;
  radius_m?: number;
  polygon?: GeoPolygon;
  fee: number;
  minimum: number;
  free_over: number;
}

export interface VenueDoc {
  venue_slug: string;
  name: string;
  address: { line1: string; line2: string; city: string; postcode: string; country: string };
  lat: number;
  lng: number;
  time_zone: string;
  menu: string;
  opening_hours: Record<string, TimeRange[]>;
  exceptions: HoursException[] | null;
  order_types: number[];
  delivery: {
    radius_m: number;
    fee: number;
    free_over: number;
    minimum: number;
    slot_capacity: number;
    zones: DeliveryZone[] | null;
  };
  pickup: { minimum: number; slot_capacity: number };
  prep_minutes: number;
  delivery_minutes: number;
  service_charge_bp: number;
  vat_rate_bp: number;
  tipping: { enabled: boolean; percents: number[]; default_percent: number; allow_custom: boolean };
  layout_style: number;
}

/**
 * The VAT a restaurant's meals carry, in basis points, by country: 20 % in the UK (hot food and
 * restaurant meals, standard rate), 8 % in Poland (restaurant and takeaway meals); the demo
 * venues' rates. A new venue starts at its country's rate, and follows a change of country until
 * the manager sets a rate of their own.
 */
export const VAT_DEFAULT_BP: Record<string, number> = { GB: 2000, PL: 800 };

export function defaultVatBp(country: string): number {
  return VAT_DEFAULT_BP[country] ?? 0;
}

/** A venue moved to another country: its VAT rate follows when it was the old country's default. */
export function withCountry(v: VenueDoc, country: string): VenueDoc {
  const vat = v.vat_rate_bp === defaultVatBp(v.address.country) ? defaultVatBp(country) : v.vat_rate_bp;
  return { ...v, address: { ...v.address, country }, vat_rate_bp: vat };
}

/**
 * A new venue's starting document: pickup only, beside the first venue (or central London), in its
 * country (the first venue's, else the scheme's) with that country's VAT rate.
 */
export function blankVenue(slug: string, name: string, near?: VenueDoc, schemeCountry = "GB"): VenueDoc {
  const country = near?.address.country || schemeCountry;
  return {
    venue_slug: slug,
    name,
    address: { line1: "", line2: "", city: "", postcode: "", country },
    lat: near?.lat ?? 51.5074,
    lng: near?.lng ?? -0.1278,
    time_zone: near?.time_zone ?? "Europe/London",
    menu: near?.menu ?? "",
    opening_hours: {},
    exceptions: [],
    order_types: [1],
    delivery: { radius_m: 0, fee: 0, free_over: 0, minimum: 0, slot_capacity: 0, zones: [] },
    pickup: { minimum: 0, slot_capacity: 0 },
    prep_minutes: 15,
    delivery_minutes: 20,
    service_charge_bp: 0,
    vat_rate_bp: defaultVatBp(country),
    tipping: { enabled: false, percents: [], default_percent: 0, allow_custom: false },
    layout_style: 0,
  };
}

/** Weekdays in the order the editor lists them: Monday first, Sunday ("0") last. */
export const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "0"] as const;

export type Hours = Record<string, TimeRange[]>;

export function rangesOf(hours: Hours, day: string): TimeRange[] {
  return hours[day] ?? [];
}

/** A further range on a day: after the day's last one (two hours long), or 11:00–14:00 on a closed day. */
export function addRange(hours: Hours, day: string): Hours {
  const ranges = rangesOf(hours, day);
  const last = ranges.at(-1);
  const next = last
    ? { open: last.close === "24:00" ? "23:00" : last.close, close: "23:00" }
    : { open: "11:00", close: "14:00" };
  if (next.open === next.close) next.close = "24:00";
  return { ...hours, [day]: [...ranges, next] };
}

export function removeRange(hours: Hours, day: string, index: number): Hours {
  const ranges = rangesOf(hours, day).filter((_, i) => i !== index);
  const out = { ...hours };
  if (ranges.length === 0) delete out[day];
  else out[day] = ranges;
  return out;
}

export function setRange(hours: Hours, day: string, index: number, range: TimeRange): Hours {
  return { ...hours, [day]: rangesOf(hours, day).map((r, i) => (i === index ? range : r)) };
}

/** Copies one day's ranges to other days (a closed day copies as closed). */
export function copyDay(hours: Hours, from: string, to: readonly string[]): Hours {
  const out = { ...hours };
  const ranges = rangesOf(hours, from);
  for (const day of to) {
    if (day === from) continue;
    if (ranges.length === 0) delete out[day];
    else out[day] = ranges.map((r) => ({ ...r }));
  }
  return out;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Problems of a range as the server judges them: i18n keys, or null when it is fine. */
export function rangeProblem(range: TimeRange): string | null {
  if (!HHMM.test(range.open) || range.open === "24:00" || !HHMM.test(range.close)) return "venues.badTime";
  if (range.open === range.close) return "venues.sameTimes";
  return null;
}

/** A range whose close is at or before its open runs past midnight. */
export function crossesMidnight(range: TimeRange): boolean {
  return range.close !== "24:00" && range.close <= range.open;
}

/** A new exception: the given date, closed, for every order type. */
export function newException(date: string): HoursException {
  return { date, closed: true, ranges: [], order_types: [], note: "" };
}

/** Exceptions in date order, past ones (before today) left out. */
export function upcomingExceptions(list: HoursException[], today: string): HoursException[] {
  return list.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}

/** Switches an exception between closed and special hours (special hours start at 11:00–15:00). */
export function setClosed(e: HoursException, closed: boolean): HoursException {
  return {
    ...e,
    closed,
    ranges: closed ? [] : e.ranges.length ? e.ranges : [{ open: "11:00", close: "15:00" }],
  };
}

/** Two exceptions deciding the same order type on the same date (the server refuses them). */
export function clashingDates(list: HoursException[]): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const e of list) {
    const types = e.order_types.length ? e.order_types : [0, 1];
    for (const t of types) {
      const key = `${e.date}/${t}`;
      if (seen.has(key)) out.add(e.date);
      seen.set(key, 1);
    }
  }
  return out;
}

export interface Feature {
  type: "Feature";
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates: unknown } | null;
}

export interface FeatureCollection {
  type: "FeatureCollection";
  features: Feature[];
}

/**
 * Zones as a GeoJSON FeatureCollection: a polygon zone is a Polygon feature, a
 * radius zone a Point at the venue with `radius_m`; the terms are properties.
 */
export function zonesToGeoJSON(
  zones: DeliveryZone[],
  centre: { lat: number; lng: number },
): FeatureCollection {
  return {
    type: "FeatureCollection",
    features: zones.map((z) => ({
      type: "Feature",
      properties: {
        name: z.name,
        fee: z.fee,
        minimum: z.minimum,
        free_over: z.free_over,
        ...(z.polygon ? {} : { radius_m: z.radius_m ?? 0 }),
      },
      geometry: z.polygon
        ? { type: "Polygon", coordinates: z.polygon.coordinates }
        : { type: "Point", coordinates: [centre.lng, centre.lat] },
    })),
  };
}

function money(v: unknown): number {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0;
}

/** Closes a ring that does not end where it starts. */
function closeRing(ring: number[][]): number[][] {
  const first = ring[0];
  const last = ring.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) return [...ring, first];
  return ring;
}

function isRing(v: unknown): v is number[][] {
  return (
    Array.isArray(v) &&
    v.every(
      (p) => Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === "number" && Number.isFinite(n)),
    )
  );
}

/**
 * Zones from a GeoJSON FeatureCollection (or one Feature): Polygon features,
 * each MultiPolygon part as a zone of its own, and Points with a radius_m
 * property. Terms come from the properties (fee, minimum, free_over in minor
 * units); a feature without a name is named "Zone n". Throws on anything that
 * is not GeoJSON with at least one usable zone.
 */
export function zonesFromGeoJSON(text: string): DeliveryZone[] {
  const json: unknown = JSON.parse(text);
  const obj = json as { type?: string; features?: unknown };
  const features: Feature[] =
    obj?.type === "FeatureCollection" && Array.isArray(obj.features)
      ? (obj.features as Feature[])
      : obj?.type === "Feature"
        ? [json as Feature]
        : [];
  const zones: DeliveryZone[] = [];
  for (const f of features) {
    const p = f?.properties ?? {};
    const base = () => ({
      name: typeof p.name === "string" && p.name.trim() ? p.name.trim() : `Zone ${zones.length + 1}`,
      fee: money(p.fee),
      minimum: money(p.minimum),
      free_over: money(p.free_over),
    });
    const g = f?.geometry;
    if (g?.type === "Polygon" && Array.isArray(g.coordinates) && g.coordinates.every(isRing)) {
      zones.push({
        ...base(),
        polygon: { type: "Polygon", coordinates: (g.coordinates as number[][][]).map(closeRing) },
      });
    } else if (g?.type === "MultiPolygon" && Array.isArray(g.coordinates)) {
      for (const part of g.coordinates as unknown[]) {
        if (Array.isArray(part) && part.every(isRing))
          zones.push({
            ...base(),
            polygon: { type: "Polygon", coordinates: (part as number[][][]).map(closeRing) },
          });
      }
    } else if (g?.type === "Point" && typeof p.radius_m === "number" && p.radius_m > 0) {
      zones.push({ ...base(), radius_m: Math.round(p.radius_m) });
    }
  }
  if (zones.length === 0) throw new Error("no zones");
  return zones;
}

/**
 * admin/venues/upsert's problems keyed for the screen: "venues[2].delivery.fee"
 * (the document's path) and "venue.delivery.fee" (the request's) both become
 * "delivery.fee".
 */
export function venueFieldErrors(fields: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    out[path.replace(/^venues\[\d+\]\.|^venue\./, "")] = message;
  }
  return out;
}

/** Money typed as "12.50" in minor units (null when it is not a non-negative amount with ≤ 2 decimals). */
export function parseMoney(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [units = "0", cents = ""] = t.split(".");
  return Number(units) * 100 + Number(cents.padEnd(2, "0"));
}

export function formatMoneyInput(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** The Venues screen's parts, each saved on its own. */
export type VenueSection = "details" | "hours" | "exceptions" | "zones";

/** A venue's part as a section saves it (details: all but hours, exceptions and zones). */
export function sectionOf(v: VenueDoc, section: VenueSection): unknown {
  switch (section) {
    case "hours":
      return v.opening_hours ?? {};
    case "exceptions":
      return v.exceptions ?? [];
    case "zones":
      return v.delivery.zones ?? [];
    default:
      return { ...v, opening_hours: null, exceptions: null, delivery: { ...v.delivery, zones: null } };
  }
}

/** JSON with object keys in order: two documents that differ only in key order compare equal. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

const SECTIONS: VenueSection[] = ["details", "hours", "exceptions", "zones"];

/** The sections whose edits are not saved (every one of a venue not created yet that has any). */
export function unsavedSections(saved: VenueDoc, draft: VenueDoc, isNew: boolean): VenueSection[] {
  if (isNew) return ["details"];
  return SECTIONS.filter((s) => stable(sectionOf(saved, s)) !== stable(sectionOf(draft, s)));
}

/** The draft with one section as the server saved it (the others keep their unsaved edits). */
export function withSavedSection(draft: VenueDoc, saved: VenueDoc, section: VenueSection): VenueDoc {
  switch (section) {
    case "hours":
      return { ...draft, opening_hours: saved.opening_hours };
    case "exceptions":
      return { ...draft, exceptions: saved.exceptions };
    case "zones":
      return { ...draft, delivery: { ...draft.delivery, zones: saved.delivery.zones } };
    default:
      return {
        ...saved,
        opening_hours: draft.opening_hours,
        exceptions: draft.exceptions,
        delivery: { ...saved.delivery, zones: draft.delivery.zones },
      };
  }
}

/** The part of the draft a section saves, to lay over the venue as last saved. */
export function fromDraft(draft: VenueDoc, saved: VenueDoc, section: VenueSection): Partial<VenueDoc> {
  switch (section) {
    case "hours":
      return { opening_hours: draft.opening_hours };
    case "exceptions":
      return { exceptions: draft.exceptions };
    case "zones":
      return { delivery: { ...saved.delivery, zones: draft.delivery.zones } };
    default:
      return withSavedSection(saved, draft, "details");
  }
}
