/** The Brand form's values and rules, apart from React (docs/architecture.md §8, §10). */
import {
  COLOUR_ROLES,
  COLOUR_SLOTS,
  contrastRatio,
  contrastText,
  normaliseColour,
  TEXT_MIN_CONTRAST,
  type ColourRole,
} from "@/lib/theme";

export const LANGUAGES = ["en-US", "pl-PL"] as const;
export type Language = (typeof LANGUAGES)[number];

export interface BrandValues {
  name: string;
  /** The logo shown now: the scheme's url, or a new upload's. */
  logoUrl: string;
  /** A new upload (its id), 0 to remove the logo, null to keep the scheme's. */
  logoId: number | null;
  theme: 0 | 1;
  colour: string;
  /** colour1..colour16; "" is unset (the main colour shows). */
  colours: string[];
  languages: Language[];
  /** The Reply-To of the scheme's mail ("" for none); null while unknown (then not sent). */
  replyTo: string | null;
}

/** What the form starts from: venue/info's answer. */
export interface BrandSource {
  name: string;
  logo_url: string;
  theme: number;
  colour: string;
  languages: string[];
  [key: `colour${number}`]: string | undefined;
}

export function valuesOf(s: BrandSource, replyTo: string | null = null): BrandValues {
  return {
    name: s.name,
    logoUrl: s.logo_url,
    logoId: null,
    theme: s.theme === 0 ? 0 : 1,
    colour: normaliseColour(s.colour).toLowerCase(),
    colours: Array.from({ length: COLOUR_SLOTS }, (_, i) =>
      normaliseColour(s[`colour${i + 1}`]).toLowerCase(),
    ),
    languages: LANGUAGES.filter((l) => s.languages.includes(l)),
    replyTo,
  };
}

export const HEX = /^#[0-9a-f]{6}$/i;

/** A bare e-mail address (the server's check is the last word). */
export const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** admin/scheme/update's data for the values. */
export function updateOf(v: BrandValues, scheme: string) {
  return {
    business_slug: scheme,
    name: v.name.trim(),
    theme: v.theme,
    colour: v.colour,
    colours: v.colours,
    languages: v.languages,
    ...(v.logoId === null ? {} : { logo_id: v.logoId }),
    ...(v.replyTo === null ? {} : { reply_to: v.replyTo.trim() }),
  };
}

/** The slots painted behind text: their text must read (WCAG 4.5:1). */
const BEHIND_TEXT: ColourRole[] = ["primaryButton", "brandBand", "newBadge", "basketBadge", "logoFallback"];

export interface ContrastProblem {
  /** 0 for the main colour, else the slot's number. */
  slot: number;
  colour: string;
  ratio: number;
}

/**
 * The colours text sits on whose best text (black or white, as the storefront
 * picks: contrastText) still reads below 4.5:1 — mid-tones such as #d9480f.
 * An unset slot shows the main colour, so it is the main colour's problem.
 */
export function contrastProblems(v: Pick<BrandValues, "colour" | "colours">): ContrastProblem[] {
  const out: ContrastProblem[] = [];
  const check = (slot: number, colour: string) => {
    if (!HEX.test(colour)) return;
    const ratio = contrastRatio(colour, contrastText(colour));
    if (ratio < TEXT_MIN_CONTRAST) out.push({ slot, colour, ratio: Math.floor(ratio * 100) / 100 });
  };
  check(0, v.colour);
  for (const role of BEHIND_TEXT) {
    const slot = COLOUR_ROLES.indexOf(role) + 1;
    const c = v.colours[slot - 1] ?? "";
    if (c && c !== v.colour) check(slot, c);
  }
  return out;
}

/** The main colour's text contrast, for the reassurance line. */
export function mainContrast(colour: string): number | null {
  if (!HEX.test(colour)) return null;
  return Math.floor(contrastRatio(colour, contrastText(colour)) * 100) / 100;
}

/** The values as the ThemedRoot of a preview reads them. */
export function themeOf(v: BrandValues, theme: 0 | 1) {
  const source: Record<string, string | number> = { theme, colour: v.colour };
  v.colours.forEach((c, i) => {
    if (HEX.test(c)) source[`colour${i + 1}`] = c;
  });
  return source as { theme: number; colour: string };
}
