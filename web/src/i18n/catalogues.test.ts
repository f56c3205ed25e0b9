import { describe, expect, it } from "vitest";
import enUS from "./en-US.json";
import plPL from "./pl-PL.json";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Object.values(value as object).flatMap(leaves);
}

describe("i18n catalogues", () => {
  it("en-US and pl-PL have exactly the same keys", () => {
    expect(keys(plPL).sort()).toEqual(keys(enUS).sort());
  });

  it("has no empty translations", () => {
    expect(leaves(enUS).filter((s) => s.trim() === "")).toEqual([]);
    expect(leaves(plPL).filter((s) => s.trim() === "")).toEqual([]);
  });

  it("carries the SPEC.md messages verbatim in en-US", () => {
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
    const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
    const en = Object.fromEntries(
      keys(enUS).map((k) => [
        k,
        k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], enUS),
      ]),
    );
    const pl = Object.fromEntries(
      keys(plPL).map((k) => [
        k,
        k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], plPL),
      ]),
    );
    for (const key of Object.keys(en)) {
      expect(placeholders(pl[key] as string), key).toEqual(placeholders(en[key] as string));
    }
  });
});
