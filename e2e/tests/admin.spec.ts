import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * The back office's shell (issue 12): staff sign-in at /{scheme}/admin, the
 * navigation, a manager's venue switch, and an account that is not staff.
 * The order board itself: board.spec.ts.
 */
const SCHEME = "demo-burgers";
const PASSWORD = "Platter-demo-1";

test.describe("Back office shell", () => {
  test("a manager signs in, lands on a venue's board and switches venue", async ({ page }) => {
    await page.goto(`/${SCHEME}/admin`);
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/sign-in\\?redirect=`));
    await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "staff sign-in");

    await page.getByLabel("Email").fill("manager@demo.test");
    await page.getByLabel("Password", { exact: true }).fill("wrong-Password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("form-error")).toHaveText("Incorrect username or password.");

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/board/soho$`));
    await expect(page.getByRole("heading", { level: 1, name: "Orders at Ember & Bun Soho" })).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link")).toHaveText([
      "Board",
      "Orders",
      "Menu",
      "Venues",
      "Brand",
      "Customers",
      "Promotions",
      "Support",
      "Reports",
      "Team",
      "Outbox",
      "Webhooks",
      "Activity",
      "Export / Import",
    ]);
    await expect(nav.getByRole("link", { name: "Board" })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page, "board");

    await page.getByLabel("Venue").selectOption("shoreditch");
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/board/shoreditch$`));
    await expect(
      page.getByRole("heading", { level: 1, name: "Orders at Ember & Bun Shoreditch" }),
    ).toBeVisible();

    await nav.getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    // The board link keeps the venue this device ran last.
    await nav.getByRole("link", { name: "Board" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/board/shoreditch$`));
    await page.goto(`/${SCHEME}/admin`);
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/board/shoreditch$`));

    // Signing out leaves the board for the sign-in, which leads back to it (the next shift).
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/sign-in\\?redirect=.*shoreditch`));
    await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
    await page.goto(`/${SCHEME}/admin/board/soho`);
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/admin/sign-in\\?redirect=`));
  });

  test("a customer's account is told it is not staff here", async ({ page, request }) => {
    const guest = await request.post("/api/v3/auth/guest", { data: { data: { business_slug: SCHEME } } });
    const session = (await guest.json()).data as { token: string; user: Record<string, unknown> };
    await page.addInitScript(
      (auth) => {
        localStorage.setItem("auth", JSON.stringify({ state: auth, version: 1 }));
      },
      { token: session.token, user: { ...session.user, business_slug: SCHEME, email: "guest@example.com" } },
    );
    await page.goto(`/${SCHEME}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("does not work at Ember & Bun");
    await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
  });
});
