import { expect, test } from "./fixtures";

/**
 * The API reference for integrators (docs/architecture.md §3): /api/docs renders
 * api/openapi.yaml, served by the same binary, with every file from this server. An
 * integrator reads who may call an operation (bearer token, its access level) and what it
 * refuses (its 4xx answers in the error envelope).
 */
test.describe("API reference", () => {
  test("renders the contract from this server alone: security, access level and 4xx answers", async ({
    browser,
    baseURL,
  }) => {
    // Redoc renders all 85 operations before anything shows: a few seconds on a quiet machine,
    // over 20 s on one as busy as CI's neighbours make it.
    test.setTimeout(240_000);
    // A page of its own, without the fixture's fake clock: the reference shows no time, and
    // Redoc's rendering stalls under fake timers.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(`${baseURL}/`) && !url.startsWith("blob:") && !url.startsWith("data:")) {
        elsewhere.push(url);
      }
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto("/api/docs#tag/Order-board/operation/adminOrdersList");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Platter v3 API (3)", {
      timeout: 180_000,
    });
    await expect(page).toHaveTitle("Platter v3 API reference");
    await expect(page.getByRole("heading", { name: "Who may call what" })).toBeVisible();

    // A staff call: the bearer token and the route table's row, and what it refuses.
    const staffCall = page.locator('[data-section-id="tag/Order-board/operation/adminOrdersList"]').first();
    await expect(staffCall.getByText("platter-access: staff/venue")).toBeVisible();
    await expect(staffCall.getByText(/authorizations/i)).toBeVisible();
    await expect(staffCall.getByText("bearer", { exact: true })).toBeVisible();
    for (const status of ["400", "401", "403"]) {
      await expect(staffCall.getByRole("button", { name: new RegExp(`^${status} `) })).toBeVisible();
    }
    await staffCall.getByRole("button", { name: /^403 / }).click();
    await expect(staffCall.getByText(/1403 when the caller lacks the\s+role/)).toBeVisible();

    // A public call names no token; its 404 is there.
    await page.goto("/api/docs#tag/Storefront/operation/menuList");
    const publicCall = page.locator('[data-section-id="tag/Storefront/operation/menuList"]').first();
    await expect(publicCall.getByText("platter-access: anyone/none")).toBeVisible();
    await expect(publicCall.getByText(/authorizations/i)).toHaveCount(0);
    await expect(publicCall.getByRole("button", { name: /^404 / })).toBeVisible();

    // The side menu groups operations by area and names them by path; search (run in a
    // worker) finds one.
    await expect(page.getByRole("menu").getByRole("menuitem", { name: "Kitchen printers" })).toBeVisible();
    await page.getByPlaceholder("Search...").fill("orders/prepare");
    await expect(page.getByRole("search").getByRole("menuitem", { name: "/orders/prepare" })).toBeVisible();

    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
