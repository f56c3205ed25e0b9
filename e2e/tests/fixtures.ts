import { test as base, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const screenshots = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");
mkdirSync(screenshots, { recursive: true });

export interface SchemeInfo {
  business_slug: string;
  name: string;
  theme: number;
  colour: string;
  currency: string;
}

export const test = base.extend<{ shot: (name: string) => Promise<void> }>({
  // The server's address is only known after global setup.
  baseURL: async ({}, use) => {
    await use(process.env.PLATTER_E2E_BASE_URL);
  },
  shot: async ({ page }, use) => {
    await use(async (name: string) => {
      await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
    });
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
