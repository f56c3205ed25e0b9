import { describe, expect, it } from "vitest";
import enUS from "./en-US.json";
import brandEnUS from "./brand/en-US.json";
import brandPlPL from "./brand/pl-PL.json";
import adminEnUS from "./admin/en-US.json";
import { flatten } from "@/lib/i18n";

const PLURAL_FORM = /^(.*)_(zero|one|two|few|many|other)$/;

/** Each text's base key with its plural categories. */
function texts(catalogue: object): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of Object.keys(flatten(catalogue))) {
    const [, base, category] = PLURAL_FORM.exec(key) ?? [key, key];
    const forms = out.get(base) ?? [];
    if (category) forms.push(category);
    out.set(base, forms);
  }
  return out;
}

function placeholders(catalogue: object): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const [key, text] of Object.entries(flatten(catalogue))) {
    const base = PLURAL_FORM.exec(key)?.[1] ?? key;
    out[base] ??= new Set();
    for (const m of text.matchAll(/{{(\w+)}}/g)) out[base].add(m[1] as string);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
}

describe("the Brand page's catalogues (i18n/brand, a lazy part)", () => {
  it("en-US and pl-PL have the same texts, plural forms by each language's rules, none empty", () => {
    const en = texts(brandEnUS);
    const pl = texts(brandPlPL);
    expect([...pl.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [language, catalogue] of Object.entries({ "en-US": en, "pl-PL": pl })) {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
      for (const [base, forms] of catalogue) {
        if (forms.length > 0) expect(forms.slice().sort(), `${language} ${base}`).toEqual(needed);
      }
    }
    for (const c of [brandEnUS, brandPlPL]) {
      expect(Object.values(flatten(c)).filter((s) => s.trim() === "")).toEqual([]);
    }
    expect(placeholders(brandPlPL)).toEqual(placeholders(brandEnUS));
  });

  it("lives under its own top-level key, which the main catalogue does not use", () => {
    const main = new Set(Object.keys(enUS));
    expect(Object.keys(brandEnUS).filter((k) => main.has(k))).toEqual([]);
    expect(Object.keys(brandEnUS).filter((k) => k in adminEnUS)).toEqual([]);
  });
});
