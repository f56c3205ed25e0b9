import { MONDAY_4AM } from "./clock";
import { COLAS, DOG, openCheckout } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * Checkout at a venue that is closed (Monday 04:00, demo-burgers' soho opens at 11:00): the
 * test pins its own moment, so it runs in the open project only (playwright.config.ts, PINNED);
 * the closed project would run the very same test again.
 */
test.describe.configure({ timeout: 150_000 });

test.describe("checkout while the venue is closed", () => {
  test.use({ now: MONDAY_4AM });

  test("a closed venue offers only slots, from its opening time", async ({ page, request }) => {
    // PLATTER_E2E_NOW pins one server: at another moment than 04:00 the server would see the venue open.
    const slots = await request.post("/api/v3/venue/slots", {
      data: { filter: { business_slug: "demo-burgers", venue_slug: "soho", order_type: 1 } },
    });
    test.skip(
      (await slots.json()).asap_available === true,
      "no server runs at 04:00 (PLATTER_E2E_NOW is set)",
    );
    await openCheckout(page, { items: [DOG, COLAS] });
    await expect(page.getByRole("radio", { name: /As soon as possible/ })).toBeDisabled();
    await expect(page.getByText("Not available right now: choose a time")).toBeVisible();
    const options = page.getByLabel("Time", { exact: true }).locator("option:not([value=''])");
    await expect(options.first()).toHaveText("Today, 11:00 AM–11:15 AM");
    // The first slot with room is chosen, so Pay can go ahead.
    await expect(page.getByLabel("Time", { exact: true })).not.toHaveValue("");
    await expectNoSeriousA11yViolations(page, "checkout, venue closed");
  });
});

