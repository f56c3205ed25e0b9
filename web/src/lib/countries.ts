import { COUNTRY_ROWS } from "./countries-data";

/** A country for phone numbers (docs/product.md §3). */
export interface Country {
  name: string;
  /** With a leading plus; several countries share one, and Cayman Islands has "+ 1345". */
  dial_code: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
}

const FIRST = ["GB", "PL"];

/** The United Kingdom and Poland first, then every other country alphabetically by name. */
export const COUNTRIES: readonly Country[] = (() => {
  const all = COUNTRY_ROWS.map(([name, dial_code, code]) => ({ name, dial_code, code }));
  const first = FIRST.map((code) => all.find((c) => c.code === code)).filter(
    (c): c is Country => c !== undefined,
  );
  const rest = all.filter((c) => !FIRST.includes(c.code)).sort((a, b) => a.name.localeCompare(b.name, "en"));
  return [...first, ...rest];
})();

/** Default phone prefix placeholder (docs/product.md §9). */
export const DEFAULT_DIAL_CODE = "+44";

export function findCountry(code: string): Country | undefined {
  return COUNTRIES.find((c) => c.code === code.toUpperCase());
}

/** The dial code for a country code, for filling the country-code field automatically. */
export function dialCodeFor(code: string): string {
  return findCountry(code)?.dial_code ?? DEFAULT_DIAL_CODE;
}
