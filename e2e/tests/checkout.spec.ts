import type { Page } from "@playwright/test";
import { COLAS, DOG, FRIES, openCheckout } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { basketItems, expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * Checkout against the real server (orders/quote, orders/prepare, payments/confirm
 * with the sandbox provider, venue/slots). The page and the server share the
 * test's moment (fixtures.ts, PLATTER_CLOCK), so ASAP or slots are the same at
 * any real hour. The demo items are in checkout-helpers.ts; a closed venue's checkout,
 * pinned to 04:00, is checkout-closed.spec.ts.
 */

async function fillDetails(page: Page) {
  await page.getByLabel("First name").fill("Ann");
  await page.getByLabel("Email").fill("ann@example.com");
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date").fill("1230");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ann Lee");
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pay £/ });

// Whole checkouts (session, quote, prepare, payment, challenge) are long on a shared 2-core machine.
test.describe.configure({ timeout: 150_000 });

test.describe("checkout", () => {
  test("a guest pays a pickup order with 4242… and lands on its page, waiting to be accepted", async ({
    page,
  }) => {
    await openCheckout(page, { items: [DOG, COLAS] });
    await expect(page.getByTestId("checkout-subtotal")).toHaveText("£13.47");
    await expect(payButton(page)).toBeEnabled();

    // The e-mail is required, with docs/product.md's message, and gets the focus.
    await page.getByLabel("First name").fill("Ann");
    await payButton(page).click();
    await expect(
      page.getByText("Please enter your email address before proceeding with the purchase."),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    await expectNoSeriousA11yViolations(page, "checkout with errors");

    await page.getByLabel("Email").fill("ann@example.com");
    await fillCard(page, "4242 4242 4242 4242");
    await payButton(page).click();
    await expect(page).toHaveURL(/\/demo-burgers\/soho\/order-details\/\d+$/);
    await expect(page.getByTestId("order-status")).toHaveText("Waiting to be accepted");
    expect(await basketItems(page, "demo-burgers", "soho")).toEqual([]);
  });

  test("a declined card says why and keeps the basket", async ({ page }) => {
    await openCheckout(page, { items: [DOG, COLAS] });
    await fillDetails(page);
    await fillCard(page, "4000 0000 0000 0002");
    await payButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await basketItems(page, "demo-burgers", "soho")).toEqual([DOG, COLAS]);

    // Another card pays the same order.
    await fillCard(page, "4242 4242 4242 4242");
    await payButton(page).click();
    await expect(page.getByTestId("order-status")).toHaveText("Waiting to be accepted");
  });

  test("4000 0025 0000 3155 goes through the sandbox challenge", async ({ page }) => {
    await openCheckout(page, { items: [DOG, COLAS] });
    await fillDetails(page);
    await fillCard(page, "4000 0025 0000 3155");
    await payButton(page).click();
    const challenge = page.getByRole("dialog", { name: "Confirm your payment" });
    await expect(challenge).toContainText("£");
    await expectNoSeriousA11yViolations(page, "sandbox challenge");
    await challenge.getByRole("button", { name: "Fail" }).click();
    await expect(page.getByRole("alert")).toContainText("could not be authenticated");
    expect(await basketItems(page, "demo-burgers", "soho")).toHaveLength(2);

    await payButton(page).click();
    await challenge.getByRole("button", { name: "Complete" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Waiting to be accepted");
  });

  test("WELCOME10 takes 10 % off at £15 or more and is refused below", async ({ page }) => {
    // £14.98: below the code's minimum spend.
    await openCheckout(page, { items: [DOG, FRIES] });
    await expect(page.getByTestId("checkout-subtotal")).toHaveText("£14.98");
    await page.getByRole("textbox", { name: "Promo code" }).fill("welcome10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("#promo-error")).toHaveText("Spend at least £15.00 to use this promo code.");
    await expect(page.getByTestId("checkout-discount")).toHaveCount(0);

    // £17.47: 10 % off, £1.75 (rounded half away from zero), and the total follows.
    await openCheckout(page, { items: [DOG, FRIES, { item_id: 52, qty: 1 }] });
    await expect(page.getByTestId("checkout-subtotal")).toHaveText("£17.47");
    const before = await page.getByTestId("checkout-total").textContent();
    await page.getByRole("textbox", { name: "Promo code" }).fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("checkout-discount")).toHaveText("-£1.75");
    await expect(page.getByText("WELCOME10 applied: you save £1.75.")).toBeVisible();
    await expect(page.getByTestId("checkout-total")).not.toHaveText(before ?? "");
  });

  test("a delivery outside the radius is refused with its message, no fee, no total and no Pay", async ({
    page,
  }) => {
    // Manchester, some 260 km from Soho (radius 5 km).
    const far = {
      line1: "1 Piccadilly",
      line2: "",
      city: "Manchester",
      country: "GB",
      postcode: "M1 1AA",
      contact_number: "+447911123456",
      email: "ann@example.com",
      note: "",
      name: "Work",
      latitude: 53.4808,
      longitude: -2.2426,
    };
    await openCheckout(page, { items: [DOG, FRIES], orderType: 0, address: far });
    await expect(page.getByText("Delivery from")).toBeVisible();
    await expect(page.locator("#address-error")).toHaveText("This store does not deliver to this address.");
    // Nothing implies the order could be delivered or paid: no fee ("Free" was shown), no total, no Pay £….
    await expect(page.getByTestId("checkout-delivery-fee")).toHaveText("Outside the delivery area");
    await expect(page.getByTestId("checkout-total")).toHaveCount(0);
    await expect(payButton(page)).toHaveCount(0);
    await fillDetails(page);
    await fillCard(page, "4242 4242 4242 4242");
    const pay = page.getByRole("button", { name: "Pay", exact: true });
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAttribute("aria-describedby", "address-error");
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("a full slot is not offered", async ({ page, request }) => {
    // Venue `tiny` takes one pickup order per slot: a guest's order holds one slot, far enough ahead.
    const guest = await request.post("/api/v3/auth/guest", {
      data: { data: { business_slug: "e2e-hours" } },
    });
    const token = (await guest.json()).data.token as string;
    const headers = { Authorization: `Bearer ${token}` };
    const slots = await request.post("/api/v3/venue/slots", {
      data: { filter: { business_slug: "e2e-hours", venue_slug: "tiny", order_type: 1 } },
    });
    const open = ((await slots.json()).data as { start: string; available: boolean }[]).filter(
      (s) => s.available,
    );
    const [taken, next] = [open[12]!, open[13]!];
    const prepared = await request.post("/api/v3/orders/prepare", {
      headers,
      data: {
        data: {
          business_slug: "e2e-hours",
          venue_slug: "tiny",
          idempotency_key: `full-slot-${taken.start}`,
          order_type: 1,
          is_asap: false,
          preorder_for: taken.start,
          items: await firstItem(request),
          user_email: "slot@example.com",
        },
      },
    });
    expect(prepared.ok(), await prepared.text()).toBe(true);

    await openCheckout(page, { scheme: "e2e-hours", venue: "tiny", items: await firstItem(request) });
    await page.getByRole("radio", { name: "Schedule for later" }).check();
    const select = page.getByLabel("Time", { exact: true });
    await expect(select.locator(`option[value="${next.start}"]`)).toHaveCount(1);
    await expect(select.locator(`option[value="${taken.start}"]`)).toHaveCount(0);
  });
});

/** The first item of e2e-hours' menu (the same menu at every venue of the scheme). */
async function firstItem(request: import("@playwright/test").APIRequestContext) {
  const menu = await request.post("/api/v3/menu/list", {
    data: { filter: { business_slug: "e2e-hours", venue_slug: "tiny", order_type: 1 } },
  });
  const item = ((await menu.json()).data.items as { id: number }[])[0]!;
  return [{ item_id: item.id, qty: 1 }];
}
