import { describe, expect, it } from "vitest";
import { contrastText, isDarkTheme, normaliseColour, themeVariables } from "./theme";

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
});
