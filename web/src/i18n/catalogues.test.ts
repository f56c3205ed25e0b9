import { describe, expect, it } from "vitest";
import enUS from "./en-US.json";
import plPL from "./pl-PL.json";
import adminEnUS from "./admin/en-US.json";
import adminPlPL from "./admin/pl-PL.json";
import { describeCatalogueParity, placeholders, texts } from "./catalogue-parity";

const catalogues = { "en-US": enUS, "pl-PL": plPL } as const;

function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Object.values(value as object).flatMap(leaves);
}

describeCatalogueParity("the back office's catalogues (i18n/admin, a lazy part)", {
  "en-US": adminEnUS,
  "pl-PL": adminPlPL,
});

describe("i18n catalogues", () => {
  it("en-US and pl-PL have the same texts (plural forms count as one text)", () => {
    expect([...texts(plPL).keys()].sort()).toEqual([...texts(enUS).keys()].sort());
  });

  it("gives each plural text exactly the forms its language's plural rules select", () => {
    for (const [language, catalogue] of Object.entries(catalogues)) {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
      for (const [base, forms] of texts(catalogue)) {
        if (forms.length > 0) expect(forms.slice().sort(), `${language} ${base}`).toEqual(needed);
      }
    }
  });

  it("gives a text its plural forms in both languages or in neither", () => {
    const en = texts(enUS);
    for (const [base, forms] of texts(plPL)) {
      expect(forms.length > 0, base).toBe((en.get(base) ?? []).length > 0);
    }
  });

  it("has no empty translations", () => {
    expect(leaves(enUS).filter((s) => s.trim() === "")).toEqual([]);
    expect(leaves(plPL).filter((s) => s.trim() === "")).toEqual([]);
  });

  it("carries the docs/product.md messages verbatim in en-US", () => {
    expect(enUS.errors.incorrectCredentials).toBe("Incorrect username or password.");
    expect(plPL.errors.incorrectCredentials).toBe("Nieprawidłowa nazwa użytkownika lub hasło.");
    expect(enUS.errors.communication).toBe("Error communicating with the server.");
    expect(enUS.errors.emptyResponse).toBe("Error communicating with the server");
    expect(enUS.errors.generic).toBe("Something went wrong");
    expect(enUS.errors.upload).toBe("Please upload a JPG image no larger than 800 KB.");
    expect(enUS.validation).toMatchObject({
      streetRequired: "Street name/Number is required",
      cityRequired: "City is required",
      postcodeRequired: "Postcode is required",
      countryRequired: "Country is required",
      phoneRequired: "Phone Number is required",
      phoneIncorrect: "Phone Number is Incorrect",
      emailRequired: "Email is required",
      emailInvalid: "Email is not valid",
      addressNameRequired: "Address Name is required",
      checkoutEmail: "Please enter your email address before proceeding with the purchase.",
    });
    expect(enUS.common.new).toBe("New");
    expect(enUS.distance.away).toBe("{{distance}} KM away");
  });

  it("keeps interpolation placeholders in both languages", () => {
    const en = placeholders(enUS);
    for (const [base, names] of Object.entries(placeholders(plPL))) expect(names, base).toEqual(en[base]);
  });
});
