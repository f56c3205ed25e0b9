import { EMAIL_PATTERN } from "@/lib/validation/email";

/** What the create-a-scheme form holds. */
export interface SchemeFormValues {
  business_slug: string;
  name: string;
  country: "GB" | "PL";
  currency: string;
  languages: string[];
  manager_email: string;
}

export const CURRENCIES = ["GBP", "PLN", "EUR", "USD"] as const;
export const LANGUAGES = ["en-US", "pl-PL"] as const;

/** A scheme's address: the first path segment of its storefront (/{slug}). */
export const SLUG = /^[a-z0-9][a-z0-9-]{1,62}$/;

/** The defaults a country suggests. */
export function countryDefaults(country: "GB" | "PL"): Pick<SchemeFormValues, "currency" | "languages"> {
  return country === "PL"
    ? { currency: "PLN", languages: ["pl-PL", "en-US"] }
    : { currency: "GBP", languages: ["en-US"] };
}

/** A slug suggested by a name: "Tasty Tacos Łódź" → "tasty-tacos-lodz". */
export function slugFrom(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63);
}

/** The form's problems as i18n keys by field, before anything is sent. */
export function schemeProblems(v: SchemeFormValues): Partial<Record<keyof SchemeFormValues, string>> {
  const out: Partial<Record<keyof SchemeFormValues, string>> = {};
  const slug = v.business_slug.trim();
  if (!slug) out.business_slug = "platform.errors.slugRequired";
  else if (!SLUG.test(slug)) out.business_slug = "platform.errors.slugFormat";
  const name = v.name.trim();
  if (!name) out.name = "platform.errors.nameRequired";
  else if ([...name].length > 120) out.name = "platform.errors.nameLong";
  if (v.languages.length === 0) out.languages = "platform.errors.languages";
  if (!EMAIL_PATTERN.test(v.manager_email.trim())) out.manager_email = "platform.errors.email";
  return out;
}
