import type { Page } from "@playwright/test";
import { expect, language, test } from "./shot";

/**
 * The setup the back office's page shots share: a light scheme (demo-burgers) and a dark one
 * (demo-pierogi), each in English and Polish (Polish labels are longer: they wrap and crowd
 * first), at a desktop (1440×900) and a phone (390×844), the manager signed in. Each case runs
 * `body` once, on its page; nothing is saved unless body saves it. A shot is named
 * `<page>-<theme>-<lang>-<desktop|phone>`.
 */
export const adminCases = [
  { scheme: "demo-burgers", lang: "en-US", theme: "light" },
  { scheme: "demo-burgers", lang: "pl-PL", theme: "light" },
  { scheme: "demo-pierogi", lang: "en-US", theme: "dark" },
  { scheme: "demo-pierogi", lang: "pl-PL", theme: "dark" },
] as const;
export const adminSizes = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

export type AdminCase = (typeof adminCases)[number] & { size: (typeof adminSizes)[number]; tag: string };

export function adminShots(
  title: string,
  body: (
    page: Page,
    c: AdminCase,
    shot: (name: string, o?: { fullPage?: boolean }) => Promise<void>,
  ) => Promise<void>,
) {
  for (const c of adminCases) {
    for (const size of adminSizes) {
      test(`${title} (${c.theme}, ${c.lang}, ${size.name})`, async ({ page, shot }) => {
        await language(page, c.lang);
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`/${c.scheme}/admin/sign-in`);
        await page.locator('input[type="email"]').fill("manager@demo.test");
        await page.locator('input[type="password"]').first().fill("Platter-demo-1");
        await page.locator('button[type="submit"]').click();
        await expect(page).toHaveURL(new RegExp(`/${c.scheme}/admin/board/`));
        await body(page, { ...c, size, tag: `${c.theme}-${c.lang}-${size.name}` }, shot);
      });
    }
  }
}
