/// <reference types="node" />
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ThemedRoot } from "@/components/ui/themed-root";
import { COLOUR_ROLES } from "./theme";

const css = (file: string) => readFileSync(path.resolve(__dirname, "..", file), "utf8");

/** The custom property's value on el or its nearest ancestor that sets it (CSS inheritance). */
function custom(el: Element | null, name: string): string {
  for (let n = el; n; n = n.parentElement) {
    const v = getComputedStyle(n).getPropertyValue(name).trim();
    if (v) return v;
  }
  return "";
}

/**
 * value with every var(--x, fallback) resolved as a browser would for el:
 * jsdom cascades the stylesheets but leaves var() unresolved.
 */
function resolve(el: Element, value: string): string {
  const start = value.indexOf("var(");
  if (start < 0) return value.trim();
  let depth = 0;
  let end = start + 4;
  for (; end < value.length; end++) {
    if (value[end] === "(") depth++;
    if (value[end] === ")" && depth-- === 0) break;
  }
  const body = value.slice(start + 4, end);
  const comma = body.indexOf(",");
  const name = (comma < 0 ? body : body.slice(0, comma)).trim();
  const got = custom(el, name) || (comma < 0 ? "" : resolve(el, body.slice(comma + 1)));
  return resolve(el, value.slice(0, start) + got + value.slice(end + 1));
}

/** The background a rule gave el (the stylesheets use the shorthand). */
const background = (el: Element) => resolve(el, getComputedStyle(el).getPropertyValue("background"));
const colour = (el: Element) => resolve(el, getComputedStyle(el).getPropertyValue("color"));

const sheets: HTMLStyleElement[] = [];
function load(...files: string[]) {
  for (const f of files) {
    const style = document.createElement("style");
    style.textContent = css(f);
    document.head.appendChild(style);
    sheets.push(style);
  }
}

afterEach(() => {
  for (const s of sheets.splice(0)) s.remove();
});

describe("the numbered colours reach the storefront", () => {
  it("names a role for each of the 16 slots", () => {
    expect(COLOUR_ROLES).toHaveLength(16);
    expect(new Set(COLOUR_ROLES).size).toBe(16);
  });

  it("paints the New badge with colour3 and readable text, the main colour without it", () => {
    load("styles/global.css", "features/menu/components/menu.css");
    const { unmount } = render(
      <ThemedRoot scheme={{ theme: 1, colour: "#00a082", colour3: "#123456" }}>
        <span className="item-card__new">New</span>
      </ThemedRoot>,
    );
    const badge = screen.getByText("New");
    expect(background(badge)).toBe("#123456");
    expect(colour(badge)).toBe("#ffffff");
    unmount();
    render(
      <ThemedRoot scheme={{ theme: 1, colour: "#00a082" }}>
        <span className="item-card__new">New</span>
      </ThemedRoot>,
    );
    const plain = screen.getByText("New");
    expect(background(plain)).toBe("#00a082");
  });

  it("paints primary buttons with colour1 and the brand band with colour2, on either theme", () => {
    load("styles/global.css");
    for (const theme of [0, 1]) {
      const { unmount } = render(
        <ThemedRoot scheme={{ theme, colour: "#00a082", colour1: "#ffd400", colour2: "#3a0ca3" }}>
          <button className="button button--primary">Pay</button>
          <section className="brand-hero">Band</section>
        </ThemedRoot>,
      );
      const pay = screen.getByText("Pay");
      expect(background(pay)).toBe("#ffd400");
      expect(colour(pay)).toBe("#111111");
      const band = screen.getByText("Band");
      expect(background(band)).toBe("#3a0ca3");
      unmount();
    }
  });
});
