import { describe, expect, it } from "vitest";
import {
  addRange,
  blankVenue,
  fromDraft,
  unsavedSections,
  withCountry,
  withSavedSection,
  clashingDates,
  copyDay,
  crossesMidnight,
  newException,
  parseMoney,
  rangeProblem,
  removeRange,
  setClosed,
  upcomingExceptions,
  venueFieldErrors,
  zonesFromGeoJSON,
  zonesToGeoJSON,
  type DeliveryZone,
} from "./venue-model";

describe("hours editor", () => {
  it("adds split ranges, removes them and copies a day to others", () => {
    let h = addRange({}, "1");
    expect(h["1"]).toEqual([{ open: "11:00", close: "14:00" }]);
    h = addRange(h, "1");
    expect(h["1"]).toEqual([
      { open: "11:00", close: "14:00" },
      { open: "14:00", close: "23:00" },
    ]);
    h = copyDay(h, "1", ["2", "3", "1"]);
    expect(h["3"]).toEqual(h["1"]);
    expect(h["3"]).not.toBe(h["1"]);
    h = removeRange(removeRange(h, "2", 0), "2", 0);
    expect("2" in h).toBe(false); // a day with no ranges is closed
    expect("2" in copyDay(h, "0", ["2"])).toBe(false);
    expect(copyDay({ "1": [{ open: "09:00", close: "10:00" }] }, "0", ["1"])).toEqual({});
  });

  it("judges times as the server does and knows a range past midnight", () => {
    expect(rangeProblem({ open: "11:00", close: "00:30" })).toBeNull();
    expect(rangeProblem({ open: "24:00", close: "01:00" })).toBe("venues.badTime");
    expect(rangeProblem({ open: "9:00", close: "10:00" })).toBe("venues.badTime");
    expect(rangeProblem({ open: "10:00", close: "10:00" })).toBe("venues.sameTimes");
    expect(crossesMidnight({ open: "18:00", close: "02:00" })).toBe(true);
    expect(crossesMidnight({ open: "18:00", close: "24:00" })).toBe(false);
    expect(crossesMidnight({ open: "11:00", close: "15:00" })).toBe(false);
  });
});

describe("exceptions", () => {
  it("are closed by default, switch to special hours and back, and sort by date without the past", () => {
    const e = newException("2026-12-25");
    expect(e).toEqual({ date: "2026-12-25", closed: true, ranges: [], order_types: [], note: "" });
    const special = setClosed(e, false);
    expect(special.ranges).toEqual([{ open: "11:00", close: "15:00" }]);
    expect(setClosed(special, true).ranges).toEqual([]);
    const list = [newException("2026-12-31"), newException("2026-01-01"), newException("2026-12-24")];
    expect(upcomingExceptions(list, "2026-12-01").map((x) => x.date)).toEqual(["2026-12-24", "2026-12-31"]);
  });

  it("flags two exceptions deciding one order type on one date", () => {
    const pickup = { ...newException("2026-12-26"), order_types: [1] };
    const delivery = { ...newException("2026-12-26"), order_types: [0] };
    expect(clashingDates([pickup, delivery]).size).toBe(0);
    expect([...clashingDates([pickup, delivery, newException("2026-12-26")])]).toEqual(["2026-12-26"]);
  });
});

describe("zones as GeoJSON", () => {
  const zones: DeliveryZone[] = [
    {
      name: "Centre",
      polygon: {
        type: "Polygon",
        coordinates: [
          [
            [-0.14, 51.51],
            [-0.13, 51.51],
            [-0.13, 51.52],
            [-0.14, 51.51],
          ],
        ],
      },
      fee: 199,
      minimum: 1500,
      free_over: 3000,
    },
    { name: "Ring", radius_m: 3000, fee: 349, minimum: 2000, free_over: 0 },
  ];

  it("round-trips through a FeatureCollection", () => {
    const fc = zonesToGeoJSON(zones, { lat: 51.5136, lng: -0.1365 });
    expect(fc.features[1]?.geometry).toEqual({ type: "Point", coordinates: [-0.1365, 51.5136] });
    expect(zonesFromGeoJSON(JSON.stringify(fc))).toEqual(zones);
  });

  it("imports what other tools draw: open rings, MultiPolygons, unnamed features", () => {
    const text = JSON.stringify({
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { fee: 250 },
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
              ],
            ],
          },
        },
        {
          type: "Feature",
          properties: { name: "Islands", fee: 1.5 },
          geometry: {
            type: "MultiPolygon",
            coordinates: [
              [
                [
                  [0, 0],
                  [1, 0],
                  [0, 1],
                  [0, 0],
                ],
              ],
              [
                [
                  [5, 5],
                  [6, 5],
                  [5, 6],
                  [5, 5],
                ],
              ],
            ],
          },
        },
        {
          type: "Feature",
          properties: { name: "Line" },
          geometry: {
            type: "LineString",
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
      ],
    });
    const got = zonesFromGeoJSON(text);
    expect(got.map((z) => z.name)).toEqual(["Zone 1", "Islands", "Islands"]);
    expect(got[0]?.polygon?.coordinates[0]).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(got[0]?.fee).toBe(250);
    expect(got[1]?.fee).toBe(0); // not minor units: left at 0 for the manager to set
    expect(() => zonesFromGeoJSON('{"type":"FeatureCollection","features":[]}')).toThrow();
    expect(() => zonesFromGeoJSON("not json")).toThrow();
  });
});

describe("forms", () => {
  it("maps the server's problems to the screen's fields", () => {
    expect(
      venueFieldErrors({
        "venues[3].delivery.zones[0].fee": "must not be negative",
        "venue.name": "unknown field",
      }),
    ).toEqual({ "delivery.zones[0].fee": "must not be negative", name: "unknown field" });
  });

  it("reads money typed as units", () => {
    expect(parseMoney("12.5")).toBe(1250);
    expect(parseMoney("0,99")).toBe(99);
    expect(parseMoney("10")).toBe(1000);
    expect(parseMoney("-1")).toBeNull();
    expect(parseMoney("1.999")).toBeNull();
  });
});

describe("a new venue", () => {
  it("starts at its country's VAT rate: 20 % in the UK, 8 % in Poland", () => {
    expect(blankVenue("kings-cross", "King's Cross").vat_rate_bp).toBe(2000);
    const krakow = blankVenue("krakow", "Kraków", undefined, "PL");
    expect(krakow.address.country).toBe("PL");
    expect(krakow.vat_rate_bp).toBe(800);
    // Beside a first venue in Poland, even in a scheme registered in the UK.
    expect(blankVenue("nowa", "Nowa", krakow, "GB").vat_rate_bp).toBe(800);
  });

  it("follows a change of country until the manager sets a rate of their own", () => {
    const v = blankVenue("kings-cross", "King's Cross");
    expect(withCountry(v, "PL")).toMatchObject({ address: { country: "PL" }, vat_rate_bp: 800 });
    const own = { ...v, vat_rate_bp: 500 };
    expect(withCountry(own, "PL")).toMatchObject({ address: { country: "PL" }, vat_rate_bp: 500 });
  });
});

describe("unsaved work", () => {
  const saved = blankVenue("soho", "Soho");
  it("names the sections whose edits are not saved, and a new venue's details", () => {
    expect(unsavedSections(saved, saved, false)).toEqual([]);
    expect(unsavedSections(saved, saved, true)).toEqual(["details"]);
    const draft = {
      ...saved,
      name: "Soho Square",
      opening_hours: addRange({}, "1"),
      delivery: { ...saved.delivery, fee: 250 },
    };
    expect(unsavedSections(saved, draft, false)).toEqual(["details", "hours"]);
    // The same document with its keys in another order is the same.
    const reordered = Object.fromEntries(Object.entries(saved).reverse()) as typeof saved;
    expect(unsavedSections(saved, reordered, false)).toEqual([]);
  });

  it("takes one section as saved and keeps the others' edits", () => {
    const draft = { ...saved, name: "Soho Square", opening_hours: addRange({}, "1") };
    const answer = { ...saved, opening_hours: addRange({}, "1"), menu: "main" };
    const after = withSavedSection(draft, answer, "hours");
    expect(unsavedSections(answer, after, false)).toEqual(["details"]);
    expect(fromDraft(draft, saved, "hours")).toEqual({ opening_hours: draft.opening_hours });
    expect(fromDraft(draft, saved, "details")).toMatchObject({ name: "Soho Square", opening_hours: {} });
  });
});
