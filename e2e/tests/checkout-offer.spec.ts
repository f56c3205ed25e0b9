import type { Page } from "@playwright/test";
import { COLAS, DOG, openCheckout } from "./checkout-helpers";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";

/**
 * A claimed offer with a minimum spend (issue 18: Pay silently did nothing). The
 * demo's "Fries on us: £3.25 off your order" is a CLAIM offer of demo-burgers
 * with a £12.00 minimum: below it Pay explains what is missing and orders
 * nothing; at it Pay pays with the offer. The venue is open at the pinned noon.
 */
test.use({ now: MONDAY_NOON });
test.describe.configure({ timeout: 150_000 });

const OFFER = "Fries on us: £3.25 off your order";

async function claimAndFill(page: Page) {
  await page.getByLabel("First name").fill("Ann");
  await page.getByLabel("Email").fill("ann@example.com");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date").fill("1230");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ann Lee");
  const card = page.getByRole("listitem").filter({ hasText: OFFER });
  await card.getByRole("button", { name: "Claim" }).click();
  await expect(card.getByRole("button")).toHaveAttribute("aria-pressed", "true");
}

test.describe("an offer with a minimum spend", () => {
  test("below the minimum, Pay says what is missing and orders nothing; without the offer it pays", async ({
    page,
  }) => {
    await openCheckout(page, { items: [DOG] }); // £8.49, and the venue's default 10% tip
    await claimAndFill(page);
    await page.getByRole("button", { name: "Pay £9.34" }).click();
    const reason = page.getByText(
      `${OFFER} needs an order of at least £12.00. Add £3.51 more, or remove the offer to pay without it.`,
    );
    await expect(reason).toBeVisible();
    await expect(page.locator("#co-offer-error")).toBeFocused();
    await expect(page).toHaveURL(/\/checkout$/);

    await page.getByRole("button", { name: "Remove offer" }).click();
    await expect(reason).toBeHidden();
    await page.getByRole("button", { name: "Pay £9.34" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Waiting to be accepted");
  });

  test("at the minimum, Pay pays with the offer", async ({ page }) => {
    await openCheckout(page, { items: [DOG, COLAS] }); // £13.47, and the venue's default 10% tip
    await expect(page.getByRole("button", { name: "Pay £14.82" })).toBeVisible();
    await claimAndFill(page);
    const pay = page.getByRole("button", { name: "Pay £11.57" }); // the offer's £3.25 off
    await expect(pay).toBeEnabled();
    await expect(page.getByText(/needs an order of at least/)).toHaveCount(0);
    await pay.click();
    await expect(page).toHaveURL(/\/demo-burgers\/soho\/order-details\/\d+$/);
    await expect(page.getByTestId("order-status")).toHaveText("Waiting to be accepted");
  });
});
