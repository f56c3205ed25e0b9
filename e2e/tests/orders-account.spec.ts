import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { MAILBOX } from "./mailbox";
import {
  SCHEME,
  VENUE,
  staff,
  guest,
  someLines,
  paidOrder,
  paidOrderWithPricing,
  member,
  seedSession,
  transition,
  drawnImage,
} from "./orders-helpers";
import { basketItems, expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * After checkout, for a customer with an account: savings and stamps on the
 * order page, the support flow, and the order history's "Order again".
 * Orders are made through the real API (orders-helpers.ts).
 */
// The demo venues are open at noon (ASAP orders); at 04:00 they take slots only.
test.use({ now: MONDAY_NOON });

test.describe("Savings and stamps", () => {
  test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts (customer sign-up)");

  test("the order page says what was saved and, once delivered, the stamps earned and those to the reward", async ({
    page,
    request,
  }) => {
    const session = await member(request, "stamps");
    const { lines } = await someLines(request);
    // Enough for WELCOME10's £15 minimum and at least one stamp (1 per £10 after the discount).
    const bigger = lines.map((l) => ({ ...l, qty: 3 }));
    // The customer's own address: WELCOME10 is once per customer, and the helper's shared
    // eater@example.com has used it already when this test runs again at the other clock.
    const { id, pricing } = await paidOrderWithPricing(request, session.token, bigger, {
      promocode: "WELCOME10",
      user_email: session.user.email,
    });
    expect(pricing.discount).toBeGreaterThan(0);
    const n = pricing.stamps_earned;
    expect(n).toBeGreaterThan(0);
    await seedSession(page, { token: session.token, user: { ...session.user, business_slug: SCHEME } });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${id}`);

    const pounds = `£${(pricing.discount / 100).toFixed(2)}`;
    await expect(page.getByTestId("order-savings")).toHaveText(`You saved ${pounds}`);
    const stamps = page.getByTestId("order-stamps");
    const plural = (k: number) => (k === 1 ? "stamp" : "stamps");
    await expect(stamps).toHaveText(`You will earn ${n} ${plural(n)} when your order arrives`);

    const manager = await staff(request, "manager@demo.test");
    await transition(request, manager, id, "accepted", { eta_minutes: 20 });
    await transition(request, manager, id, "on_the_way");
    await transition(request, manager, id, "delivered");
    // Live: the stamps are credited on delivery, and the balance (a new customer's: n) is asked again.
    await expect(page.getByTestId("order-status")).toHaveText("Delivered");
    await expect(stamps).toHaveText(`You earned ${n} ${plural(n)} — ${8 - (n % 8)} more for a Free burger`);
    await expect(page.getByTestId("order-savings")).toHaveText(`You saved ${pounds}`);
  });
});

test.describe("Support", () => {
  test("a request with a photo goes through the three steps", async ({ page, request }) => {
    const customer = await guest(request);
    const { lines } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines);
    await seedSession(page, { token: customer.token, user: { ...customer.user, business_slug: SCHEME } });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${orderId}`);

    await page.getByRole("button", { name: "Get help with this order" }).click();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("alert")).toHaveText("Choose what went wrong.");
    await page.getByRole("radio", { name: "Quality concern" }).check();
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await page.getByLabel("Describe the problem").fill("The fries were cold.");
    const photos = page.getByLabel("Photos (optional)");
    // A wrong file is refused at once, with the message of docs/product.md §5/§8.
    await photos.setInputFiles(await drawnImage(page, "image/png", "fries.png"));
    await expect(page.getByTestId("photo-error")).toHaveText(
      "Please upload a JPG image no larger than 800 KB.",
    );
    await photos.setInputFiles([
      await drawnImage(page, "image/jpeg", "fries.jpg"),
      await drawnImage(page, "image/jpeg", "bag.jpg"),
    ]);
    await expect(page.getByRole("img", { name: "Photo 2" })).toBeVisible();
    await page.getByRole("button", { name: "Remove photo 2" }).click();
    await expect(page.getByRole("img", { name: "Photo 2" })).toHaveCount(0);
    await expect(page.locator(".support-flow__photo[data-uploaded=true]")).toHaveCount(1);
    await page.getByRole("button", { name: "Send" }).click();

    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeFocused();
    await expect(page.getByText("We have your request and will get back to you by e-mail.")).toBeVisible();
  });
});

test.describe("Order history", () => {
  test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts (customer sign-up)");

  test("Order again puts the lines back in the basket", async ({ page, request }) => {
    const session = await member(request, "reorder");
    const { lines, titles } = await someLines(request);
    await paidOrder(request, session.token, lines);
    await seedSession(page, { token: session.token, user: { ...session.user, business_slug: SCHEME } });

    await page.goto(`/${SCHEME}/orders`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your orders");
    const item = page.getByTestId("order-history-item");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(titles[0]!);
    expect(await basketItems(page, SCHEME, VENUE)).toEqual([]);
    await item.getByRole("button", { name: /Order again/ }).click();
    await expect(page.getByTestId("reorder-result")).toContainText("3 items are back in your basket.");
    expect(await basketItems(page, SCHEME, VENUE)).toEqual(lines);
    await expectNoSeriousA11yViolations(page, "order history");
    await page.getByRole("link", { name: "Go to the menu and basket" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/${VENUE}/menu$`));
  });
});
