import i18n from "@/i18n";
import "../i18n";
import { describe, expect, it } from "vitest";
import { venueFieldErrors } from "./venue-model";
import { problemsFor } from "./venue-problems";

/** admin/venues/upsert's answer to a new venue saved without an address, at VAT 120 %, per language. */
const refused = {
  "en-US": venueFieldErrors({
    "venues[2].address.line1": "required",
    "venues[2].address.postcode": "must be at most 16 characters",
    "venues[2].vat_rate_bp": "must be between 0 and 10000",
    "venues[2].opening_hours.1[0].close": "must differ from open",
    "venues[2].delivery.zones[1].fee": "must not be negative",
    "venues[2].exceptions[0].date": "another exception already sets this date for this order type",
    "venue.layout": "unknown field",
  }),
  "pl-PL": venueFieldErrors({
    "venues[2].address.line1": "wymagane",
    "venues[2].vat_rate_bp": "musi wynosić od 0 do 10000",
    "venues[2].delivery.zones[1].fee": "nie może być ujemne",
  }),
};

describe("a refused venue save, for people", () => {
  it("names each field as the screen does, with the problem in the manager's language, no JSON paths", async () => {
    await i18n.loadLanguages(["en-US", "pl-PL"]);
    const shown = problemsFor(refused["en-US"], i18n.translator("en-US")).map((p) => `${p.label}: ${p.text}`);
    expect(shown).toEqual([
      "Address line 1: Required",
      "Postcode: Must be at most 16 characters",
      "VAT rate: From 0 to 100",
      "Monday: closes (1): Must differ from open",
      "Zone 2: Fee: Must not be negative",
      "Holiday or special day 1: Another exception already sets this date for this order type",
      "Another field: Unknown field",
    ]);
    const pl = problemsFor(refused["pl-PL"], i18n.translator("pl-PL")).map((p) => `${p.label}: ${p.text}`);
    expect(pl).toEqual([
      "Adres, wiersz 1: Wymagane",
      "Stawka VAT: Od 0 do 100",
      "Strefa 2: Opłata: Nie może być ujemne",
    ]);
  });
});
