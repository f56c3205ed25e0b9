import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { api, guest, paidOrderWithPricing, SCHEME, someLines, staff } from "./orders-helpers";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * Reports (issue 21): a manager opens Reports on the day of the test's
 * orders (bought through the real checkout) and sees them in the chart
 * and the table's totals; Export CSV downloads the same figures, which the
 * test reads from the file. Other specs order on the same server and day,
 * so the figures are held to the API's report read around each step.
 */
test.use({ now: MONDAY_NOON });
const TODAY = MONDAY_NOON.slice(0, 10);

type Figures = { orders: number; gross: number; net: number; refunds: number; delivery_fees: number };
type Sales = { rows: ({ key: string } & Figures)[]; totals: Figures; currency: string };

async function report(request: APIRequestContext, token: string, group_by = "day"): Promise<Sales> {
  return (await api(
    request,
    "admin/reports/sales",
    { filter: { business_slug: SCHEME, from: TODAY, to: TODAY, group_by } },
    token,
  )) as Sales;
}

const pounds = (minor: number) =>
  `${minor < 0 ? "-" : ""}£${(Math.abs(minor) / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;

async function managerSignsIn(page: Page) {
  await page.goto(`/${SCHEME}/admin/sign-in`);
  await page.getByLabel("Email").fill("manager@demo.test");
  await page.getByLabel("Password", { exact: true }).fill("Platter-demo-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/board/`));
}

test("a manager sees today's orders in the report and its chart, and exports them as CSV", async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // two checkouts, a sign-in, several reports and a download
  const boss = await staff(request, "manager@demo.test");
  const before = await report(request, boss);
  const { lines } = await someLines(request);
  const mine = [
    await paidOrderWithPricing(request, (await guest(request)).token, lines),
    await paidOrderWithPricing(request, (await guest(request)).token, [lines[0]]),
  ];
  const paid = mine.reduce((sum, o) => sum + (o.pricing as unknown as { total: number }).total, 0);
  const after = await report(request, boss);
  expect(after.totals.orders).toBeGreaterThanOrEqual(before.totals.orders + 2);
  expect(after.totals.net - before.totals.net).toBeGreaterThanOrEqual(paid);

  await page.setViewportSize({ width: 1440, height: 900 });
  await managerSignsIn(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("From")).toHaveValue(TODAY);
  await expect(page.getByLabel("To")).toHaveValue(TODAY);

  // The table's totals are the report's (read again until a concurrent order settles).
  const table = page.getByRole("table", { name: "Sales" });
  const totals = table.locator("tfoot tr");
  await expect(async () => {
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await page.getByRole("button", { name: "Today" }).click();
    const now = await report(request, boss);
    expect(now.totals.orders).toBeGreaterThanOrEqual(after.totals.orders);
    await expect(totals.getByRole("rowheader")).toHaveText("Total");
    await expect(totals.getByRole("cell").first()).toHaveText(String(now.totals.orders), { timeout: 2000 });
    await expect(totals.getByRole("cell").last()).toHaveText(pounds(now.totals.net), { timeout: 2000 });
  }).toPass();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr").first().getByRole("cell").first()).toHaveText("Mon, Nov 16");
  // The chart is drawn (uPlot's canvas) beside the figures.
  await expect(page.getByRole("img", { name: "Net sales chart" }).locator("canvas").first()).toBeVisible();

  // By order type: the day's delivery orders, ours among them.
  await page.getByLabel("Group by").selectOption("order_type");
  await expect(table.locator("tbody").getByRole("cell", { name: "Delivery", exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("reports-1440.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page, "reports");
  await page.getByLabel("Group by").selectOption("day");

  // Export CSV: the file the browser downloads holds the same figures.
  const first = await report(request, boss);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const last = await report(request, boss);
  expect(download.suggestedFilename()).toBe(`sales-${TODAY}-${TODAY}-by-day.csv`);
  const raw = await readFile((await download.path())!);
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = raw
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/)
    .map((r) => r.split(","));
  expect(rows[0]).toEqual([
    "day",
    "orders",
    "gross",
    "discounts",
    "tips",
    "delivery_fees",
    "refunds",
    "net",
    "currency",
  ]);
  expect(rows[1][0]).toBe(TODAY);
  const total = rows.at(-1)!;
  expect(total[0]).toBe("total");
  expect(Number(total[1])).toBeGreaterThanOrEqual(first.totals.orders);
  expect(Number(total[1])).toBeLessThanOrEqual(last.totals.orders);
  if (first.totals.orders === last.totals.orders) {
    expect(total.slice(1, 9)).toEqual([
      String(last.totals.orders),
      ...(["gross", "discounts", "tips", "delivery_fees", "refunds", "net"] as const).map((k) =>
        ((last.totals as unknown as Record<string, number>)[k] / 100).toFixed(2),
      ),
      "GBP",
    ]);
  }
});

// Screens to look at: phone and desktop, the light scheme in English and the dark one in Polish.
for (const { scheme, width, height, lang } of [
  { scheme: "demo-burgers", width: 390, height: 844, lang: "en-US" },
  { scheme: "demo-pierogi", width: 1440, height: 900, lang: "pl-PL" },
  { scheme: "demo-pierogi", width: 390, height: 844, lang: "pl-PL" },
]) {
  test(`the Reports screen (${scheme}, ${width}px, ${lang})`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/${scheme}/admin/sign-in`);
    await page.locator("input[type=email]").fill("manager@demo.test");
    await page.locator("input[type=password]").fill("Platter-demo-1");
    await page.locator("button[type=submit]").click();
    await expect(page).toHaveURL(new RegExp(`/${scheme}/admin/board/`));
    await page.goto(`/${scheme}/admin/reports`);
    await page.getByRole("combobox", { name: "Language" }).selectOption(lang);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await page.locator(".reports__preset").nth(1).click();
    await expect(page.locator(".reports__table tfoot")).toBeVisible();
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls, "the page must not scroll sideways").toBe(false);
    await page.screenshot({ path: testInfo.outputPath(`reports-${scheme}-${width}.png`), fullPage: true });
  });
}
