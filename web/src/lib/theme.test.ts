/// <reference types="node" />
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import {
  contrastRatio,
  contrastText,
  focusRingColour,
  linkColour,
  isDarkTheme,
  normaliseColour,
  THEME_BACKGROUNDS,
  themeVariables,
} from "./theme";

const globalCss = readFileSync(new URL("../styles/global.css", import.meta.url), "utf8");
const checkoutCss = readFileSync(
  new URL("../features/checkout/components/checkout.css", import.meta.url),
  "utf8",
);

describe("theme", () => {
  it("adds a missing leading #", () => {
    expect(normaliseColour("ff0000")).toBe("#ff0000");
    expect(normaliseColour("#ff0000")).toBe("#ff0000");
    expect(normaliseColour(" abc ")).toBe("#abc");
    expect(normaliseColour("")).toBe("");
    expect(normaliseColour(undefined)).toBe("");
  });

  it("treats theme 0 as dark", () => {
    expect(isDarkTheme(0)).toBe(true);
    expect(isDarkTheme(1)).toBe(false);
  });

  it("maps colour and colour1..16 to CSS variables, skipping empty slots", () => {
    const vars = themeVariables({
      theme: 1,
      colour: "e4002b",
      colour1: "#111111",
      colour2: "",
      colour16: "222222",
    });
    expect(vars["--colour"]).toBe("#e4002b");
    expect(vars["--colour-1"]).toBe("#111111");
    expect(vars["--colour-16"]).toBe("#222222");
    expect(vars).not.toHaveProperty("--colour-2");
    expect(vars["--on-colour"]).toBe("#ffffff");
  });

  it("picks readable text for the brand colour", () => {
    expect(contrastText("#ffd400")).toBe("#111111");
    expect(contrastText("#1a1a1a")).toBe("#ffffff");
    // Mid-tone orange: white would be 3.5:1, dark text 5.4:1.
    expect(contrastText("#e85d04")).toBe("#111111");
    expect(contrastText("#c1121f")).toBe("#ffffff");
  });

  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(4.54, 2);
  });

  // The demo brands, the test fixtures' red and yellow, the default green, e2e's navy, and extremes.
  const BRANDS = [
    "#e85d04",
    "#c1121f",
    "#e4002b",
    "#f5b700",
    "#00a082",
    "#1f4e9c",
    "#ffffff",
    "#000000",
    "#ffd400",
  ];

  it.each(BRANDS)(
    "gives brand %s a focus ring of at least 3:1 on every background (WCAG 1.4.11)",
    (brand) => {
      for (const dark of [false, true]) {
        const ring = focusRingColour(brand, dark);
        for (const bg of dark ? THEME_BACKGROUNDS.dark : THEME_BACKGROUNDS.light) {
          expect(
            contrastRatio(ring, bg),
            `${brand} ${dark ? "dark" : "light"} on ${bg}`,
          ).toBeGreaterThanOrEqual(3);
        }
      }
      const vars = themeVariables({ theme: 1, colour: brand });
      expect(vars["--focus-ring"]).toBe(focusRingColour(brand, false));
      expect(themeVariables({ theme: 0, colour: brand })["--focus-ring"]).toBe(focusRingColour(brand, true));
    },
  );

  it("keeps a brand that already has 3:1 as it is", () => {
    expect(focusRingColour("#c1121f", false)).toBe("#c1121f");
    expect(focusRingColour("#ffd400", true)).toBe("#ffd400");
  });

  it("draws the global focus ring in --focus-ring, not a see-through brand (2.1:1 on white before)", () => {
    const rule = globalCss.match(/(^|\n):focus-visible\s*\{([^}]*)\}/)?.[2] ?? "";
    expect(rule).toContain("var(--focus-ring)");
    expect(rule).not.toContain("transparent");
    // The defaults of each theme pass too.
    const light = globalCss.match(/\.themed-root \{[^}]*--focus-ring: (#[0-9a-f]{6})/)?.[1];
    const dark = globalCss.match(/\[data-theme="dark"\] \{[^}]*--focus-ring: (#[0-9a-f]{6})/)?.[1];
    for (const bg of THEME_BACKGROUNDS.light) expect(contrastRatio(light!, bg)).toBeGreaterThanOrEqual(3);
    for (const bg of THEME_BACKGROUNDS.dark) expect(contrastRatio(dark!, bg)).toBeGreaterThanOrEqual(3);
  });

  it.each(BRANDS)("gives brand %s link text of at least 4.5:1 on every background (WCAG 1.4.3)", (brand) => {
    for (const dark of [false, true]) {
      const link = linkColour(brand, dark);
      for (const bg of dark ? THEME_BACKGROUNDS.dark : THEME_BACKGROUNDS.light) {
        expect(
          contrastRatio(link, bg),
          `${brand} ${dark ? "dark" : "light"} on ${bg}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(themeVariables({ theme: 0, colour: brand })["--link"]).toBe(linkColour(brand, true));
  });

  it("draws the dark checkout's sign-in link in --link (Demo Pierogi's was 4.22:1 on the card)", () => {
    const rule = checkoutCss.match(/(^|\n)\.co-link\s*\{([^}]*)\}/)?.[2] ?? "";
    expect(rule).toContain("var(--link");
    expect(checkoutCss).not.toMatch(/\.co-link\s*\{[^}]*color-mix/);
    expect(contrastRatio(linkColour("#c1121f", true), "#1f1f24")).toBeGreaterThanOrEqual(4.5);
  });
});
