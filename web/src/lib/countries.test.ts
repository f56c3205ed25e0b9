import { describe, expect, it } from "vitest";
import { COUNTRIES, dialCodeFor } from "./countries";

describe("COUNTRIES (docs/product.md §3)", () => {
  it("has about 240 entries with name, dial code and two-letter code", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(230);
    expect(COUNTRIES.length).toBeLessThanOrEqual(250);
    for (const c of COUNTRIES) {
      expect(c.name).not.toBe("");
      expect(c.dial_code).toMatch(/^\+ ?\d+$/);
      expect(c.code).toMatch(/^[A-Z]{2}$/);
    }
  });

  it("starts with the United Kingdom then Poland", () => {
    expect(COUNTRIES[0]).toEqual({ name: "United Kingdom", dial_code: "+44", code: "GB" });
    expect(COUNTRIES[1]).toEqual({ name: "Poland", dial_code: "+48", code: "PL" });
  });

  it("lists the rest alphabetically by name, each code once", () => {
    const rest = COUNTRIES.slice(2).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en")));
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
  });

  it("keeps shared dial codes", () => {
    const byDial = (dial: string) => COUNTRIES.filter((c) => c.dial_code === dial).map((c) => c.code);
    expect(byDial("+1")).toEqual(expect.arrayContaining(["US", "CA"]));
    expect(byDial("+7")).toEqual(expect.arrayContaining(["RU", "KZ"]));
    expect(byDial("+44")).toEqual(expect.arrayContaining(["GB", "GG", "JE", "IM"]));
  });

  it("has a space after the plus for the Cayman Islands only", () => {
    expect(COUNTRIES.find((c) => c.code === "KY")?.dial_code).toBe("+ 1345");
    expect(COUNTRIES.filter((c) => c.dial_code.includes(" "))).toHaveLength(1);
  });

  it("gives the dial code of a country, +44 by default", () => {
    expect(dialCodeFor("pl")).toBe("+48");
    expect(dialCodeFor("ZZ")).toBe("+44");
  });
});
