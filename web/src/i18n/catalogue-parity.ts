/**
 * The parity check of a lazy part's catalogues (i18n/<part>/{en-US,pl-PL}.json),
 * shared by the *-catalogue tests: the same texts in both languages, plural
 * forms by each language's rules, no empty text, the same placeholders, and
 * top-level keys of its own. Test-only: imported by Vitest files, never by the app.
 */
import { describe, expect, it } from "vitest";
import enUS from "./en-US.json";
import { flatten } from "@/lib/i18n";

const PLURAL_FORM = /^(.*)_(zero|one|two|few|many|other)$/;

/** Each text's base key with its plural categories ([] for a text without plural forms). */
export function texts(catalogue: object): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of Object.keys(flatten(catalogue))) {
    const [, base, category] = PLURAL_FORM.exec(key) ?? [key, key];
    const forms = out.get(base) ?? [];
    if (category) forms.push(category);
    out.set(base, forms);
  }
  return out;
}

/** Every placeholder of a base key's text, over all its plural forms. */
export function placeholders(catalogue: object): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const [key, text] of Object.entries(flatten(catalogue))) {
    const base = PLURAL_FORM.exec(key)?.[1] ?? key;
    out[base] ??= new Set();
    for (const m of text.matchAll(/{{(\w+)}}/g)) out[base].add(m[1] as string);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
}

/**
 * Describes a lazy part's catalogues: `title` names the part, `others` are
 * other parts' en-US catalogues whose top-level keys it must not reuse either.
 */
export function describeCatalogueParity(
  title: string,
  catalogues: { "en-US": object; "pl-PL": object },
  others: object[] = [],
) {
  const partEnUS = catalogues["en-US"];
  const partPlPL = catalogues["pl-PL"];
  describe(title, () => {
    it("en-US and pl-PL have the same texts, plural forms by each language's rules, none empty", () => {
      const en = texts(partEnUS);
      const pl = texts(partPlPL);
      expect([...pl.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [language, catalogue] of Object.entries({ "en-US": en, "pl-PL": pl })) {
        const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
        for (const [base, forms] of catalogue) {
          if (forms.length > 0) expect(forms.slice().sort(), `${language} ${base}`).toEqual(needed);
        }
      }
      for (const c of [partEnUS, partPlPL]) {
        expect(Object.values(flatten(c)).filter((s) => s.trim() === "")).toEqual([]);
      }
      expect(placeholders(partPlPL)).toEqual(placeholders(partEnUS));
    });

    it("lives under its own top-level keys, which the main catalogue does not use", () => {
      const main = new Set(Object.keys(enUS));
      expect(Object.keys(partEnUS).filter((k) => main.has(k))).toEqual([]);
      for (const other of others) expect(Object.keys(partEnUS).filter((k) => k in other)).toEqual([]);
    });
  });
}
