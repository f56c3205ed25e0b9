/** Scheme theming (docs/product.md §1): theme flag, main colour and colour1..colour16. */

export const COLOUR_SLOTS = 16;

/**
 * What each numbered colour paints in the storefront (docs/architecture.md §8).
 * Every slot is optional and falls back to the main colour; a slot painted
 * behind text gets its own readable text colour (--on-colour-N), and the
 * link colour (12) is darkened or lightened until it reads on the theme.
 * The index is the slot's number less one; the Brand screen labels its
 * pickers with these names (admin.brand.colour.<role>).
 */
export const COLOUR_ROLES = [
  "primaryButton",
  "brandBand",
  "newBadge",
  "basketBadge",
  "selected",
  "progress",
  "menuTint",
  "authTint",
  "offerStripe",
  "stampsTint",
  "infoTint",
  "link",
  "orderTypeIcon",
  "logoFallback",
  "spinner",
  "mapMarker",
] as const;

export type ColourRole = (typeof COLOUR_ROLES)[number];

/** The slot (1–16) that paints links. */
export const LINK_SLOT = COLOUR_ROLES.indexOf("link") + 1;

export interface ThemeSource {
  theme: number;
  colour: string;
  [key: `colour${number}`]: string | undefined;
}

/** Adds the leading # a colour value may lack; empty stays empty. */
export function normaliseColour(value: string | null | undefined): string {
  const trimmed = (value ?? "").trim();
  if (!trimmed) return "";
  return trimmed.startsWith("#") ? trimmed : `#${trimmed}`;
}

export function isDarkTheme(theme: number | null | undefined): boolean {
  return theme === 0;
}

/** "#abc" or "abc123" → [r, g, b] (0–255); null when it is not a hex colour. */
function rgb(colour: string): [number, number, number] | null {
  const hex = normaliseColour(colour).slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of a hex colour (0 black … 1 white); NaN when unreadable. */
export function relativeLuminance(colour: string): number {
  const c = rgb(colour);
  if (!c) return NaN;
  const [r, g, b] = c.map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `colour` mixed with `toward` by `amount` (0–1), as #rrggbb. */
function mix(colour: string, toward: string, amount: number): string {
  const a = rgb(colour)!;
  const b = rgb(toward)!;
  return `#${a
    .map((v, i) =>
      Math.round(v + (b[i]! - v) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The page backgrounds a focus ring is drawn on, per theme (styles/global.css: --bg, --surface, --card). */
export const THEME_BACKGROUNDS = {
  light: ["#ffffff", "#f6f6f7"],
  dark: ["#121214", "#1c1c20", "#1f1f24"],
} as const;

/** WCAG 2.1 SC 1.4.11: a focus indicator needs 3:1 against what is next to it. */
export const FOCUS_RING_MIN_CONTRAST = 3;

/**
 * The focus ring colour for a brand colour on a theme's backgrounds: the brand
 * itself when it has 3:1 against every one of them, else the brand darkened
 * (light theme) or lightened (dark theme) just enough. So a pale brand (yellow
 * on white) still gets a visible ring, in its own hue.
 */
export function focusRingColour(brand: string, dark: boolean): string {
  return brandReadableOn(brand, dark, FOCUS_RING_MIN_CONTRAST);
}

/** WCAG 2.1 SC 1.4.3: text (a link's too) needs 4.5:1 against its background. */
export const TEXT_MIN_CONTRAST = 4.5;

/**
 * The colour of brand-coloured text (a link) on a theme's backgrounds: the
 * brand when it reads at 4.5:1 on every one of them, else darkened (light) or
 * lightened (dark theme) just enough — Demo Pierogi's red on the dark card
 * was 4.22:1 as a fixed 70 % mix with white.
 */
export function linkColour(brand: string, dark: boolean): string {
  return brandReadableOn(brand, dark, TEXT_MIN_CONTRAST);
}

function brandReadableOn(brand: string, dark: boolean, min: number): string {
  const backgrounds = dark ? THEME_BACKGROUNDS.dark : THEME_BACKGROUNDS.light;
  const toward = dark ? "#ffffff" : "#000000";
  const start = rgb(brand) ? normaliseColour(brand).toLowerCase() : dark ? "#ffffff" : "#1d1d1f";
  const passes = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= min);
  for (let step = 0; step <= 20; step++) {
    const candidate = step === 0 ? start : mix(start, toward, step / 20);
    if (passes(candidate)) return candidate;
  }
  return toward;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function contrastText(colour: string): string {
  const luminance = relativeLuminance(colour);
  if (Number.isNaN(luminance)) return "#ffffff";
  // Contrast ratios against white (L 1) and #111111 (L ≈ 0.0056): take the larger,
  // so mid-tone brand colours (e.g. orange) get dark text and pass WCAG AA.
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / 0.0556;
  return onDark > onWhite ? "#111111" : "#ffffff";
}

/**
 * CSS custom properties for a themed root: --colour, --on-colour, --focus-ring,
 * --link, and for each numbered colour set --colour-N and --on-colour-N (the
 * stylesheets read them through COLOUR_ROLES' slots, falling back to --colour).
 */
export function themeVariables(source: ThemeSource): Record<string, string> {
  const vars: Record<string, string> = {};
  const dark = isDarkTheme(source.theme);
  const main = normaliseColour(source.colour);
  if (main) {
    vars["--colour"] = main;
    vars["--on-colour"] = contrastText(main);
    vars["--focus-ring"] = focusRingColour(main, dark);
    vars["--link"] = linkColour(main, dark);
  }
  for (let i = 1; i <= COLOUR_SLOTS; i++) {
    const value = normaliseColour(source[`colour${i}`]);
    if (!value || !rgb(value)) continue;
    vars[`--colour-${i}`] = value;
    vars[`--on-colour-${i}`] = contrastText(value);
    if (i === LINK_SLOT) vars["--link"] = linkColour(value, dark);
  }
  return vars;
}
