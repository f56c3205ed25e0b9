/**
 * Steps the back-office specs share (admin, brand, menu-editor, team, venues,
 * platform, go-live, customers, refunds, reports, back-office-day): signing in
 * as staff, a page of its own for a second person at the test's moment, the
 * menu editor's first moves, a promo code saved, a refund made from an
 * order's panel, a report read through the API and as the CSV the browser
 * downloads, and the screenshots of a screen at both sizes and in both themes.
 */
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Browser, BrowserContextOptions, Download, Page } from "@playwright/test";
import { api } from "./api";
import { expect } from "./fixtures";

/** The demo manager: manages the demo schemes and e2e-hours (global-setup.ts). */
export const MANAGER = { email: "manager@demo.test", password: "Platter-demo-1" };

/** Signs in at /{scheme}/admin/sign-in and waits for the back office's navigation. */
export async function signInToBackOffice(page: Page, scheme: string, who = MANAGER) {
  await page.goto(`/${scheme}/admin/sign-in`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
}

/**
 * A page in a browser context of its own (another person: its own storage and
 * session), with the clock installed at the test's moment as fixtures.ts does.
 */
export async function pageAt(
  browser: Browser,
  now: string,
  options: BrowserContextOptions & { baseURL: string | undefined },
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.clock.install({ time: new Date(now) });
  return page;
}

/** The menu editor: a category added at the end of the board. */
export async function addCategory(page: Page, name: string) {
  await page.getByPlaceholder("New category, e.g. Breakfast").fill(name);
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByRole("list", { name })).toBeVisible();
}

/** The menu editor: an item added to a category from the new-item dialog; its form opens. */
export async function addItem(page: Page, category: string, title: string, price: string) {
  await page.getByRole("button", { name: `Add item (${category})` }).click();
  // Nothing is saved before the new item has a title and a price.
  const dialog = page.getByRole("dialog", { name: `New item in ${category}` });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Price").fill(price);
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Item" }).getByLabel("Title")).toHaveValue(title);
  await expect(
    page.getByRole("list", { name: category }).getByRole("button", { name: title, exact: true }),
  ).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();
}

/** Full-page screenshots at 1440×900 and 390×844, light and dark; the page is left at 1440×900, light. */
export async function shots(page: Page, name: string, outputPath: (n: string) => string) {
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: outputPath(`${name}-${w}-${scheme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

/** A back-office screen opened from the navigation; its heading is the link's name. */
export async function openScreen(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 30_000 });
}

/**
 * Promotions: a new promo code (code given) or an existing one edited (its row's Edit), its
 * fields filled and saved; the dialog closes.
 */
export async function savePromoCode(
  page: Page,
  code: string,
  fields: { percent?: string; perCustomer?: string },
  editing = false,
) {
  if (editing) {
    await page
      .locator("tbody tr")
      .filter({ hasText: code })
      .getByRole("button", { name: `Edit ${code}` })
      .click();
  } else {
    await page.getByRole("button", { name: "New promo code" }).click();
  }
  const dialog = page.getByRole("dialog", { name: editing ? `Edit ${code}` : "New promo code" });
  if (!editing) await dialog.getByLabel("Code", { exact: true }).fill(code);
  if (fields.percent !== undefined) await dialog.getByLabel("Percent off").fill(fields.percent);
  if (fields.perCustomer !== undefined) await dialog.getByLabel("Uses per customer").fill(fields.perCustomer);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
}

export const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

/**
 * The order panel's Refund dialog: part of what is left (amount in pounds, "1.00") or all of it
 * (amount omitted), with a reason, confirmed. The refund is made at once or, the provider slow on
 * a busy machine, queued and finished by the refund job: either message is the refund's.
 */
export async function refundFromPanel(page: Page, left: number, reason: string, amount?: number) {
  const panel = page.getByRole("dialog").filter({ has: page.getByTestId("refundable") });
  await expect(panel.getByTestId("refundable")).toHaveText(pounds(left));
  await panel.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /Refund order #\d+/ });
  await expect(dialog.getByText(`Left to refund: ${pounds(left)}`)).toBeVisible();
  if (amount === undefined) {
    await dialog.getByLabel(`All that is left (${pounds(left)})`).check();
  } else {
    await dialog.getByLabel("Part of it").check();
    await dialog.getByLabel("Amount (GBP)").fill((amount / 100).toFixed(2));
  }
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Continue" }).click();
  const refunded = pounds(amount ?? left);
  await dialog.getByRole("button", { name: `Refund ${refunded}` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /of order #\d+ (was refunded\.|is being refunded)/ }),
  ).toContainText(refunded);
  await expect(panel.getByTestId("refundable")).toHaveText(pounds(left - (amount ?? left)));
}

export type Figures = {
  orders: number;
  gross: number;
  discounts: number;
  tips: number;
  delivery_fees: number;
  refunds: number;
  net: number;
};
export type Sales = { rows: ({ key: string } & Figures)[]; totals: Figures; currency: string };

/** admin/reports/sales of a scheme (and venue) for one day, as staff of token read it. */
export async function salesReport(
  request: APIRequestContext,
  token: string,
  filter: { business_slug: string; venue_slug?: string; day: string; group_by?: string },
): Promise<Sales> {
  const { day, group_by = "day", ...rest } = filter;
  return (await api(
    request,
    "admin/reports/sales",
    { filter: { ...rest, from: day, to: day, group_by } },
    token,
  )) as unknown as Sales;
}

/** The CSV columns after the row's key, in the order Export CSV writes them. */
export const CSV_FIGURES = ["orders", "gross", "discounts", "tips", "delivery_fees", "refunds", "net"] as const;

/**
 * A downloaded report's CSV (UTF-8 with a BOM for spreadsheets) as rows of cells: the header
 * first, the total last.
 */
export async function readCsv(download: Download): Promise<string[][]> {
  const raw = await readFile((await download.path())!);
  expect([...raw.subarray(0, 3)], "the file starts with a UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
  return raw
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/)
    .map((r) => r.split(","));
}

/** A CSV row's figures in minor units (orders as a count), by column name. */
export function csvFigures(row: string[]): Figures {
  const out = {} as Record<string, number>;
  CSV_FIGURES.forEach((k, i) => {
    out[k] = k === "orders" ? Number(row[i + 1]) : Math.round(Number(row[i + 1]) * 100);
  });
  return out as unknown as Figures;
}
