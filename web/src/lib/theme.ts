/** Scheme theming (SPEC.md §1): theme flag, main colour and colour1..colour16. */

export const COLOUR_SLOTS = 16;

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

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function contrastText(colour: string): string {
  const hex = normaliseColour(colour).slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return "#ffffff";
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast ratios against white (L 1) and #111111 (L ≈ 0.0056): take the larger,
  // so mid-tone brand colours (e.g. orange) get dark text and pass WCAG AA.
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / 0.0556;
  return onDark > onWhite ? "#111111" : "#ffffff";
}

/** CSS custom properties for a themed root: --colour, --colour-1..--colour-16, --on-colour. */
export function themeVariables(source: ThemeSource): Record<string, string> {
  const vars: Record<string, string> = {};
  const main = normaliseColour(source.colour);
  if (main) {
    vars["--colour"] = main;
    vars["--on-colour"] = contrastText(main);
  }
  for (let i = 1; i <= COLOUR_SLOTS; i++) {
    const value = normaliseColour(source[`colour${i}`]);
    if (value) vars[`--colour-${i}`] = value;
  }
  return vars;
}
