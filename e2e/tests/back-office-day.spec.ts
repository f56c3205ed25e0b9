import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  csvFigures,
  type Figures,
  openScreen,
  pageAt,
  pounds,
  readCsv,
  refundFromPanel,
  salesReport,
  savePromoCode,
  signInToBackOffice,
} from "./admin-helpers";
import { api } from "./api";
import { openCheckout } from "./checkout-helpers";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { MAILBOX, waitForMail } from "./mailbox";
import { MEMBER_PASSWORD, member, staff } from "./orders-helpers";

/**
 * A manager's day in the back office, end to end (issue 21's first "Done when"): the manager
 * edits a promo code that a customer then uses at the storefront's checkout; the customer raises
 * a support request on the order's page; the manager accepts the order on the board, sees it in
 * the day's report and chart, exports the CSV (read here), refunds £1 of it and then the rest
 * from the order found by the customer's e-mail, answers the request (the customer's mail is
 * captured), and exports then erases the customer, who then cannot sign in, while the day's
 * report still adds up: the same orders, gross, refunds and net, the sum of the CSV's rows.
 *
 * It works on e2e-hours' venue `ledger` (data/e2e-hours.json), where no other spec orders, so
 * the venue's day report holds this test's order alone (and a retry's leftovers, which it reads
 * first): other specs order at the demo venues on the same server at the same time.
 */
test.use({ now: MONDAY_NOON });
test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");
// Two people, a dozen screens, two refunds and four mails: minutes on a busy machine.
test.describe.configure({ timeout: 480_000 });

const SCHEME = "e2e-hours";
const VENUE = "ledger";
const VENUE_NAME = "Round the Clock Ledger";
const TODAY = MONDAY_NOON.slice(0, 10);
const KEYS = ["orders", "gross", "discounts", "tips", "delivery_fees", "refunds", "net"] as const;

const dayReport = (request: APIRequestContext, token: string) =>
  salesReport(request, token, { business_slug: SCHEME, venue_slug: VENUE, day: TODAY });

/** The menu's item of a title (the same menu at every venue of e2e-hours). */
async function itemId(request: APIRequestContext, title: string): Promise<number> {
  const menu = await api(request, "menu/list", {
    filter: { business_slug: SCHEME, venue_slug: VENUE, order_type: 1 },
  });
  return (menu.items as { id: number; title: string }[]).find((i) => i.title === title)!.id;
}

/** Reports' venue (the banner has a venue of its own). */
const reportVenue = (page: Page) =>
  page.getByRole("form", { name: "Report filters" }).getByRole("combobox", { name: "Venue" });

/** Reports, today at the ledger: the table's totals row. */
async function reportTotals(page: Page) {
  const totals = page.getByRole("table", { name: "Sales" }).locator("tfoot tr");
  await expect(totals.getByRole("rowheader")).toHaveText("Total");
  return totals;
}

/** Export CSV on Reports: the downloaded file's rows, checked to add up to its total row. */
async function exportCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`sales-${VENUE}-${TODAY}-${TODAY}-by-day.csv`);
  const rows = await readCsv(download);
  expect(rows[0]).toEqual(["day", ...KEYS, "currency"]);
  const body = rows.slice(1, -1);
  const total = rows.at(-1)!;
  expect(total[0]).toBe("total");
  const sum = Object.fromEntries(
    KEYS.map((k) => [k, body.map(csvFigures).reduce((n, r) => n + r[k], 0)]),
  ) as Figures;
  expect(sum, "the CSV's rows add up to its total").toEqual(csvFigures(total));
  return { rows: body, total: csvFigures(total) };
}

const pick = (f: Figures) => Object.fromEntries(KEYS.map((k) => [k, f[k]])) as Figures;

test("a manager's day: promo, report and CSV, two refunds, a support answer, a customer's data exported and erased", async ({
  page,
  browser,
  baseURL,
  now,
  request,
}, testInfo) => {
  const code = `DAY${Date.now().toString(36).toUpperCase()}`;
  const boss = await staff(request, "manager@demo.test", SCHEME);
  const before = await dayReport(request, boss);

  // The manager makes a promo code and edits it: 25 % off, once per customer.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToBackOffice(page, SCHEME);
  await openScreen(page, "Promotions");
  await savePromoCode(page, code, { percent: "10" });
  await expect(page.locator("tbody tr").filter({ hasText: code })).toContainText("10 %");
  await savePromoCode(page, code, { percent: "25", perCustomer: "1" }, true);
  await expect(page.locator("tbody tr").filter({ hasText: code })).toContainText("25 %");

  // A customer with an account signs in at the storefront and orders at the ledger with the code.
  const ola = await member(request, "day", SCHEME);
  const email = ola.user.email as string;
  const customer = await pageAt(browser, now, { baseURL });
  await customer.goto(`/${SCHEME}/auth/sign-in`);
  await signIn(customer, email);
  await expect(customer.getByRole("banner").getByTestId("account-menu")).toContainText("Ola Nowak");
  const [tea, toast] = [await itemId(request, "Pot of tea"), await itemId(request, "Buttered toast")];
  // £3.00 of tea and £4.00 of toast: £7.00, 25 % off is £1.75, £5.25 to pay.
  await openCheckout(customer, {
    scheme: SCHEME,
    venue: VENUE,
    items: [
      { item_id: tea, qty: 2 },
      { item_id: toast, qty: 2 },
    ],
  });
  await expect(customer.getByTestId("checkout-subtotal")).toHaveText("£7.00");
  await customer.getByRole("textbox", { name: "Promo code" }).fill(code.toLowerCase());
  await customer.getByRole("button", { name: "Apply" }).click();
  await expect(customer.getByTestId("checkout-discount")).toHaveText("-£1.75");
  await expect(customer.getByLabel("Email")).toHaveValue(email);
  await customer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await customer.getByLabel("Expiry date").fill("1230");
  await customer.getByLabel("CVC").fill("123");
  await customer.getByLabel("Name on card").fill("Ola Nowak");
  const paidAt = Date.now();
  await customer.getByRole("button", { name: "Pay £5.25" }).click();
  await expect(customer).toHaveURL(new RegExp(`/${SCHEME}/${VENUE}/order-details/\\d+$`), {
    timeout: 60_000,
  });
  await expect(customer.getByTestId("order-status")).toHaveText("Waiting to be accepted");
  const orderId = Number(customer.url().split("/").at(-1));
  const receipt = await waitForMail(email, { subject: /#\d+/, since: paidAt, timeoutMs: 60_000 });
  const number = Number(/#(\d+)/.exec(receipt.subject)![1]);
  const TOTAL = 525;

  // The promo code counts the use.
  await page.reload();
  await expect(page.locator("tbody tr").filter({ hasText: code }).locator("td").nth(5)).toHaveText("1");

  // The customer asks for help on the order's page.
  await customer.getByRole("button", { name: "Get help with this order" }).click();
  await customer.getByRole("radio", { name: "Wrong order" }).check();
  await customer.getByRole("button", { name: "Next" }).click();
  const said = `Cold tea, order #${number}`;
  await customer.getByLabel("Describe the problem").fill(said);
  await customer.getByRole("button", { name: "Send" }).click();
  await expect(customer.getByRole("heading", { name: "Thank you" })).toBeVisible();

  // The manager accepts it on the ledger's board.
  await page.goto(`/${SCHEME}/admin/board/${VENUE}`);
  await expect(page.getByRole("heading", { level: 1, name: `Orders at ${VENUE_NAME}` })).toBeVisible();
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await card.getByRole("button", { name: "Accept" }).click();
  await page.getByTestId("accept-confirm").click();
  await expect(card.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // Reports: today at the ledger, the order in the table and the chart.
  await openScreen(page, "Reports");
  await expect(page.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
  await reportVenue(page).selectOption(VENUE);
  const sold = await dayReport(request, boss);
  expect(sold.totals.orders).toBe(before.totals.orders + 1);
  expect(sold.totals.net).toBe(before.totals.net + TOTAL);
  expect(sold.totals.discounts).toBe(before.totals.discounts + 175);
  let totals = await reportTotals(page);
  await expect(totals.getByRole("cell").first()).toHaveText(String(sold.totals.orders));
  await expect(totals.getByRole("cell").last()).toHaveText(pounds(sold.totals.net));
  await expect(page.getByRole("img", { name: "Net sales chart" }).locator("canvas").first()).toBeVisible();
  const first = await exportCsv(page);
  expect(first.total).toEqual(pick(sold.totals));
  expect(first.rows.map((r) => r[0])).toEqual([TODAY]);

  // Orders: found by the customer's e-mail; £1 refunded, then the rest.
  await openScreen(page, "Orders");
  await page.getByLabel("Order number, e-mail, phone or name").fill(email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const results = page.getByRole("list", { name: "Orders found" });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results).toContainText(`#${number}`);
  await results.getByRole("button").click();
  const refundsFrom = Date.now();
  await refundFromPanel(page, TOTAL, "Cold tea", 100);
  await waitForMail(email, {
    subject: /Refund of £1\.00 for order #\d+/,
    since: refundsFrom,
    timeoutMs: 60_000,
  });
  await refundFromPanel(page, TOTAL - 100, "Sorry again");
  await waitForMail(email, {
    subject: /Refund of £4\.25 for order #\d+/,
    since: refundsFrom,
    timeoutMs: 60_000,
  });
  await page.keyboard.press("Escape");
  await expect(results.getByText("Refunded", { exact: true })).toBeVisible();

  // Support: the manager answers the request; the customer is mailed the answer.
  await openScreen(page, "Support");
  await page.getByLabel("Status").first().selectOption("open");
  const request1 = page
    .getByRole("list", { name: "Support requests, newest first" })
    .getByRole("button")
    .first();
  await expect(request1).toContainText(said);
  await request1.click();
  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { level: 2 })).toHaveText(`Order #${number} · Wrong order`);
  const answered = Date.now();
  await detail.getByLabel("Your reply").fill("Sorry! Your money is on its way back.");
  await detail.getByRole("button", { name: "Send reply" }).click();
  await expect(detail.getByRole("status")).toHaveText("Reply sent. The customer was e-mailed.");
  const reply = await waitForMail(email, {
    subject: /answered your request/,
    since: answered,
    timeoutMs: 60_000,
  });
  expect(reply.subject).toBe(`${VENUE_NAME} answered your request about order #${number}`);
  expect(reply.text).toContain("> Sorry! Your money is on its way back.");

  // The day's report after the refunds: the same orders, the refunds taken off the net.
  const refunded = await dayReport(request, boss);
  expect(pick(refunded.totals)).toEqual({
    ...pick(sold.totals),
    refunds: sold.totals.refunds + TOTAL,
    net: sold.totals.net - TOTAL,
  });

  // Customers: the customer's data exported, then erased.
  await openScreen(page, "Customers");
  await page.getByLabel("Search customers").fill(email);
  await expect(page.getByText("1 customer found")).toBeVisible();
  await page.getByRole("link", { name: "Ola Nowak" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ola Nowak" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export data (JSON)" }).click(),
  ]);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported.account.email).toBe(email);
  const order = exported.orders.find((o: { id: number }) => o.id === orderId);
  expect(order, "the export holds the order").toBeTruthy();
  expect(JSON.stringify(exported.support ?? exported)).toContain(said);
  await page.getByRole("button", { name: "Erase personal data…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Erase this customer's personal data?" });
  await confirm.getByLabel(`Type ${email} to confirm`).fill(email);
  await confirm.getByRole("button", { name: "Erase personal data" }).click();
  await expect(page.getByRole("status")).toHaveText(`The personal data of ${email} was erased.`);

  // The customer cannot sign in any more.
  await customer.context().clearCookies();
  await customer.evaluate(() => localStorage.removeItem("auth"));
  await customer.goto(`/${SCHEME}/auth/sign-in`);
  await signIn(customer, email);
  await expect(customer.getByRole("alert")).toHaveText("Incorrect username or password.");
  await customer.context().close();

  // …while the day's report still adds up: unchanged, on the screen and in the CSV.
  await openScreen(page, "Reports");
  await reportVenue(page).selectOption(VENUE);
  const after = await dayReport(request, boss);
  expect(pick(after.totals)).toEqual(pick(refunded.totals));
  totals = await reportTotals(page);
  await expect(totals.getByRole("cell").first()).toHaveText(String(after.totals.orders));
  await expect(totals.getByRole("cell").nth(5)).toHaveText(pounds(after.totals.refunds));
  await expect(totals.getByRole("cell").last()).toHaveText(pounds(after.totals.net));
  await page.screenshot({ path: testInfo.outputPath("report-after-erasure.1440.png"), fullPage: true });
  const last = await exportCsv(page);
  expect(last.total).toEqual(pick(after.totals));
});

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}
