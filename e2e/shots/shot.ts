import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { test as base } from "../tests/fixtures";

/** e2e/screenshots/ (gitignored). */
export const screenshots = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");
mkdirSync(screenshots, { recursive: true });

export const test = base.extend<{ shot: (name: string, options?: { fullPage?: boolean }) => Promise<void> }>({
  shot: async ({ page }, use) => {
    await use(async (name, { fullPage = true } = {}) => {
      await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage });
    });
  },
});

export { expect } from "@playwright/test";

/** Waits for an open dialog's slide-in to finish, so that the screenshot shows it in place. */
export async function settle(page: Page) {
  await page
    .locator("dialog[open]")
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** Starts with pickup chosen, as a customer arriving from the store list would. */
export async function pickup(page: Page, slug: string) {
  await page.addInitScript((scheme) => {
    if (localStorage.getItem("home")) return;
    const state = {
      currentVenueName: "",
      order_type: 1,
      is_asap: true,
      preorder_for: null,
      selectedAddress: null,
      delivery_address: null,
      currentScheme: scheme,
    };
    localStorage.setItem("home", JSON.stringify({ state, version: 0 }));
  }, slug);
}

/** The app in a language (general.language, as the switcher persists it). */
export async function language(page: Page, lang: string) {
  await page.addInitScript((l) => {
    localStorage.setItem("general", JSON.stringify({ state: { language: l }, version: 0 }));
  }, lang);
}
