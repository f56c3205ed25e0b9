import type { APIRequestContext } from "@playwright/test";
import { api } from "../tests/api";
import { codeOf, MAILBOX, uniqueEmail, waitForMail } from "../tests/mailbox";
import { adminShots } from "./admin-pages";
import { expect, language, settle, test } from "./shot";

/**
 * The back office's money and housekeeping screens (e2e/screenshots/orders-admin-*, refund-*,
 * reports-*, outbox-*, offer-*, document-problems-*, invite-*, customer-dark-*): light
 * (demo-burgers) and dark (demo-pierogi), en-US and pl-PL, desktop and phone (admin-pages.ts).
 * A paid order per scheme is made first, so the orders list, the order, its refund dialog, the
 * report's chart and table and the outbox have something in them; nothing else is saved (the
 * refund stops at its confirmation, the broken document is refused). The behaviour is asserted
 * in tests/refunds.spec.ts, reports.spec.ts, team.spec.ts, customers.spec.ts and platform.spec.ts.
 */
const VENUE = { "demo-burgers": "soho", "demo-pierogi": "rynek" } as const;
const PHONE = { "demo-burgers": "+447911123456", "demo-pierogi": "+48601234567" } as const;
type Scheme = keyof typeof VENUE;

/** A signed-up customer's paid pickup order (a customer, so the Customers page has a row). */
async function paidOrder(request: APIRequestContext, scheme: Scheme) {
  const email = uniqueEmail(`office-${scheme}`);
  const pl = scheme === "demo-pierogi";
  const since = Date.now();
  await api(request, "auth/signup", {
    data: {
      business_slug: scheme,
      email,
      password: "Platter-e2e-1",
      first_name: pl ? "Zofia" : "Alex",
      last_name: pl ? "Wiśniewska-Kowalczyk" : "Morgan",
      contact_number: PHONE[scheme],
    },
  });
  const code = codeOf(await waitForMail(email, { since }));
  const guest = await api(request, "auth/verify", { data: { business_slug: scheme, email, code } });
  const menu = await api(request, "menu/list", {
    filter: { business_slug: scheme, venue_slug: VENUE[scheme], order_type: 1 },
  });
  const items = (
    menu.items as { id: number; is_available: boolean; modifier_category_ids: number[] }[]
  ).filter((i) => i.is_available && i.modifier_category_ids.length === 0);
  const prepared = await api(
    request,
    "orders/prepare",
    {
      data: {
        business_slug: scheme,
        venue_slug: VENUE[scheme],
        idempotency_key: `office-shot-${Date.now()}-${Math.random()}`,
        order_type: 1,
        is_asap: true,
        items: items.slice(0, 3).map((i, n) => ({ item_id: i.id, qty: n + 1 })),
        user_email: email,
        user_contact_number: PHONE[scheme],
        first_name: pl ? "Zofia" : "Alex",
        last_name: pl ? "Wiśniewska-Kowalczyk" : "Morgan",
      },
    },
    guest.token,
  );
  const card = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2030, cvc: "123", name: "A M" };
  await api(request, "payments/confirm", { data: { order_id: prepared.order.id, card } }, guest.token);
  // Accepted: a waiting order cannot be refunded from here (it is rejected on the board).
  const manager = await api(request, "auth/signin", {
    data: { business_slug: scheme, email: "manager@demo.test", password: "Platter-demo-1" },
  });
  await api(
    request,
    "admin/orders/transition",
    { data: { business_slug: scheme, order_id: prepared.order.id, status: "accepted", eta_minutes: 20 } },
    manager.token,
  );
  return email;
}

/** Each scheme's customer of this worker's run (beforeAll), found on the Orders page by e-mail. */
const customers: Partial<Record<Scheme, string>> = {};

test.beforeAll(async ({ request }) => {
  test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");
  for (const scheme of ["demo-burgers", "demo-pierogi"] as const)
    customers[scheme] = await paidOrder(request, scheme);
});

adminShots("orders, an order and its refund", async (page, c, shot) => {
  await page.goto(`/${c.scheme}/admin/orders`);
  await expect(page.locator(".orders__row").first()).toBeVisible({ timeout: 30_000 });
  await shot(`orders-admin-${c.tag}`, { fullPage: false });
  await page.locator(".orders__filters input").first().fill(customers[c.scheme]!);
  await page.locator(".orders__actions .button--primary").click();
  await expect(page.locator(".orders__row")).toHaveCount(1);
  await page.locator(".orders__row").first().click();
  await expect(page.getByTestId("refundable")).toBeVisible();
  await settle(page);
  await shot(`orders-admin-${c.tag}-order`, { fullPage: false });
  await page.locator(".order-panel__actions .button--primary").click();
  await expect(page.locator(".refund-dialog__form")).toBeVisible();
  await page.locator('.refund-dialog__choice input[type="radio"]').last().check();
  await page.locator(".refund-dialog__form input:not([type=radio])").first().fill("1");
  await page
    .locator(".refund-dialog__reason textarea, .refund-dialog__reason input")
    .first()
    .fill(c.lang === "pl-PL" ? "Zimne frytki" : "Cold chips");
  await shot(`refund-${c.tag}`, { fullPage: false });
  await page.locator('.refund-dialog__actions button[type="submit"]').click();
  await expect(page.locator(".refund-dialog__confirm")).toBeVisible();
  await shot(`refund-${c.tag}-confirm`, { fullPage: false });
});

adminShots("reports", async (page, c, shot) => {
  await page.goto(`/${c.scheme}/admin/reports`);
  await expect(page.locator(".reports__filters")).toBeVisible();
  await expect(page.locator("canvas").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("table tbody tr").first()).toBeVisible();
  await shot(`reports-${c.tag}`, { fullPage: false });
  await page.locator("table").first().scrollIntoViewIfNeeded();
  await shot(`reports-${c.tag}-table`, { fullPage: false });
  // By item: the longest labels (item names) in the first column.
  await page.locator(".reports__filters select").nth(1).selectOption("item");
  await expect(page.locator("table tbody tr").first()).toBeVisible();
  await shot(`reports-${c.tag}-items`);
});

adminShots("outbox", async (page, c, shot) => {
  await page.goto(`/${c.scheme}/admin/outbox`);
  await expect(page.locator(".outbox")).toBeVisible();
  await expect(page.locator(".outbox table, .outbox .muted").first()).toBeVisible({ timeout: 30_000 });
  await shot(`outbox-${c.tag}`, { fullPage: false });
});

adminShots("offers and loyalty", async (page, c, shot) => {
  await page.goto(`/${c.scheme}/admin/promotions`);
  await expect(page.locator(".promotions__loyalty")).toBeVisible();
  await page.locator(".promotions__offer .button").first().click(); // Edit the first offer
  await settle(page);
  await shot(`offer-${c.tag}`, { fullPage: false });
  await page.keyboard.press("Escape");
  await page.locator(".promotions__head .button--primary").last().click(); // New offer
  await settle(page);
  await shot(`offer-${c.tag}-new`, { fullPage: false });
  await page.keyboard.press("Escape");
  await page.locator(".promotions__loyalty").scrollIntoViewIfNeeded();
  await shot(`loyalty-${c.tag}`, { fullPage: false });
});

adminShots("export and import with problems", async (page, c, shot) => {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem("auth") ?? "{}").state?.token as string,
  );
  const doc = (await api(
    page.request,
    "admin/scheme/document",
    { filter: { business_slug: c.scheme } },
    token,
  )) as {
    venues: { delivery: Record<string, unknown> }[];
    menus: { categories: { items: { price: number }[] }[] }[];
  };
  doc.venues[0]!.delivery.fee = -1;
  doc.menus[0]!.categories[0]!.items[0]!.price = -5;
  await page.goto(`/${c.scheme}/admin/document`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByTestId("document-file").setInputFiles({
    name: "scheme.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ ...doc, currency: "XYZ", languages: [] })),
  });
  await expect(page.locator(".document__problems")).toBeVisible({ timeout: 30_000 });
  await shot(`document-problems-${c.tag}`);
});

/** A customer of the dark scheme, opened (demo-pierogi has no account with orders otherwise). */
adminShots("a customer", async (page, c, shot) => {
  await page.goto(`/${c.scheme}/admin/customers`);
  const first = page.locator("tbody tr a").first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await first.click();
  await expect(page.locator(".customer__facts")).toBeVisible();
  await shot(`customer-${c.tag}`);
});

for (const lang of ["en-US", "pl-PL"] as const) {
  for (const [scheme, theme] of [
    ["demo-burgers", "light"],
    ["demo-pierogi", "dark"],
  ] as const) {
    test(`invitation accept page (${theme}, ${lang})`, async ({ page, request, shot }) => {
      test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");
      const manager = await api(request, "auth/signin", {
        data: { business_slug: scheme, email: "manager@demo.test", password: "Platter-demo-1" },
      });
      const email = uniqueEmail("office-invite");
      const since = Date.now();
      await api(
        request,
        "admin/team/invite",
        { data: { business_slug: scheme, email, role: "staff", venue_slug: VENUE[scheme], lang } },
        manager.token,
      );
      const mail = await waitForMail(email, { since });
      const link = new RegExp(`/${scheme}/admin/invite/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
      expect(link, mail.text).toBeTruthy();
      await language(page, lang);
      for (const [size, width, height] of [
        ["desktop", 1440, 900],
        ["phone", 390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(link!);
        await expect(page.locator('input[type="password"]').first()).toBeVisible();
        await shot(`invite-${theme}-${lang}-${size}`, { fullPage: false });
      }
    });
  }
}
