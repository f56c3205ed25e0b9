import { join } from "node:path";
import { expect, screenshots, test } from "./shot";

/** The API reference at /api/docs for people to look at (behaviour: tests/api-docs.spec.ts). */

test("API reference: the introduction and a staff call with its refusals", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  // No fake clock (see tests/api-docs.spec.ts): the page shows no time.
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const shot = (name: string) => page.screenshot({ path: join(screenshots, `${name}.png`) });
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Platter v3 API (3)", { timeout: 180_000 });
  await shot("api-docs-01-introduction");
  await page.goto("/api/docs#tag/Order-board/operation/adminOrdersList");
  const call = page.locator('[data-section-id="tag/Order-board/operation/adminOrdersList"]').first();
  await call.getByRole("button", { name: /^403 / }).click();
  await expect(call.getByText(/1403 when the caller lacks the\s+role/)).toBeVisible();
  await shot("api-docs-02-staff-call");
  await context.close();
});
