import { test as base, expect, type Page } from "@playwright/test";
import { MONDAY_NOON } from "./clock";
import { serverFor } from "./servers";

export interface SchemeInfo {
  business_slug: string;
  name: string;
  theme: number;
  colour: string;
  /** colour1..colour16: each paints one thing (docs/architecture.md §8); colour2 the brand band. */
  colour2?: string;
  currency: string;
}

export interface Options {
  /**
   * The moment every page starts at (ISO 8601). The project sets it
   * (playwright.config.ts); a test that needs the venues open or closed sets
   * its own with `test.use({ now: MONDAY_4AM })`.
   */
  now: string;
}

export const test = base.extend<Options>({
  now: [MONDAY_NOON, { option: true }],
  // The servers' addresses are only known after global setup; each test talks to the one whose
  // clock started where its page's clock does (servers.ts).
  baseURL: async ({ now }, use) => {
    await use(serverFor(now));
  },
  // Fake timers that start at `now` and then run at the normal pace, so debounces,
  // the resend countdown and dialog animations behave as in real life.
  page: async ({ page, now }, use) => {
    await page.clock.install({ time: new Date(now) });
    await use(page);
  },
});

export { expect };

/** Asks the real API for a scheme, as the app does (venue/info). */
export async function schemeInfo(page: Page, slug: string): Promise<SchemeInfo> {
  const response = await page.request.post("/api/v3/venue/info", {
    data: { filter: { business_slug: slug } },
    headers: { Accept: "application/json" },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { success: boolean; data: SchemeInfo };
  expect(body.success).toBe(true);
  return body.data;
}

/** "#e4002b" → "rgb(228, 0, 43)", as getComputedStyle reports colours. */
export function hexToRgb(hex: string): string {
  const h = hex.replace(/^#/, "");
  const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return `rgb(${n(0)}, ${n(2)}, ${n(4)})`;
}
