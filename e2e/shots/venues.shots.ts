import type { Page } from "@playwright/test";
import { expect, language, test } from "./shot";

/**
 * The back office's Venues screen (e2e/screenshots/venues-*.png) — the venue list and the edit
 * sections: details, hours with "Copy to…" open, holidays, the zones map — and the Team page, on
 * a light scheme (demo-burgers, en-US) and a dark one (demo-pierogi, pl-PL), and the Platform
 * console in the browser's light and dark, at 1440×900 and 390×844. Nothing is saved.
 * tests/venues.spec.ts, team.spec.ts and platform.spec.ts assert the behaviour.
 */
const cases = [
  { scheme: "demo-burgers", lang: "en-US", theme: "light" },
  { scheme: "demo-pierogi", lang: "pl-PL", theme: "dark" },
] as const;
const sizes = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
];

async function managerSignsIn(page: Page, scheme: string) {
  await page.goto(`/${scheme}/admin/sign-in`);
  await page.locator('input[type="email"]').fill("manager@demo.test");
  await page.locator('input[type="password"]').first().fill("Platter-demo-1");
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/${scheme}/admin/board/`));
}

/** Scrolls the section (the nth h2 of the editor) to the top and shoots the viewport. */
async function section(page: Page, index: number) {
  await page
    .locator(".venues-section")
    .nth(index)
    .evaluate((el) => el.scrollIntoView({ block: "start" }));
}

for (const c of cases) {
  for (const size of sizes) {
    test(`venues and team (${c.theme}, ${size.name})`, async ({ page, shot }) => {
      test.slow();
      await language(page, c.lang);
      await page.setViewportSize({ width: size.width, height: size.height });
      await managerSignsIn(page, c.scheme);
      await page.goto(`/${c.scheme}/admin/venues`);
      await expect(page.locator(".venues-section").first()).toBeVisible();
      const name = (part: string) => `venues-${c.theme}-${size.name}-${part}`;
      await shot(name("list"), { fullPage: false });
      await section(page, 0);
      await shot(name("details"), { fullPage: false });
      await section(page, 1);
      await page.locator(".hours__actions button").nth(1).click(); // Copy to… (Monday)
      await expect(page.getByTestId("hours-copy")).toBeInViewport();
      await shot(name("hours-copy"), { fullPage: false });
      await page.getByTestId("hours-copy").locator("button").last().click();
      await section(page, 2);
      const add = page.locator(".exceptions__add");
      await add.locator('input[type="date"]').fill("2026-12-25");
      await add.locator("button").click();
      await page
        .locator(".venues-section")
        .nth(2)
        .locator("textarea, input[type='text']")
        .last()
        .fill("Christmas");
      await section(page, 2);
      await shot(name("exceptions"), { fullPage: false });
      await section(page, 3);
      await expect(page.locator(".leaflet-container").last()).toBeVisible();
      await shot(name("zones"), { fullPage: false });
      await shot(name("full"));
      // Leaving with the new holiday unsaved: the question.
      await page.getByRole("navigation").locator(`a[href$="/admin/team"]`).first().click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await shot(name("leave"), { fullPage: false });
      await page.getByRole("alertdialog").locator("button").last().click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shot(`team-${c.theme}-${size.name}`, { fullPage: false });
    });
  }
}

for (const size of sizes) {
  test(`platform console (${size.name})`, async ({ page, shot }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto("/platform");
    await page.getByLabel("E-mail").fill("platform@demo.test");
    await page.getByLabel("Password").fill("Platter-demo-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("link", { name: "Open the back office of Ember & Bun" })).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shot(`platform-${scheme}-${size.name}`);
    }
  });
}
