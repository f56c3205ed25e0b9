import { mkdirSync } from "node:fs";
import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import { useLanguage } from "./storefront-helpers";

/**
 * The storefront after one visit, with no network (issue 9): the service
 * worker (web/src/sw) opens the page, the app shell and the last menu from
 * its cache, the page says that ordering needs a connection, and back online
 * the menu is fetched again and the notice goes. The venue is open day and
 * night (data/e2e-hours.json), so the basket's checkout is open whenever the
 * network is.
 */
const MENU = "/e2e-hours/always/menu";
const SHOTS = "test-results/offline";
const NOTICE = {
  "en-US": "You are offline. The menu shown may be out of date, and ordering needs a connection.",
  "pl-PL":
    "Jesteś offline. Wyświetlane menu może być nieaktualne, a do złożenia zamówienia potrzebne jest połączenie.",
};

const isMenuList = (r: Response) => r.url().endsWith("/api/v3/menu/list") && r.request().method() === "POST";

async function shot(page: Page, name: string, testInfo: { project: { name: string } }) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-${name}.png`, fullPage: false });
}

test.describe("Offline storefront", () => {
  // The one spec with the service worker on (playwright.base.ts blocks it elsewhere).
  test.use({ serviceWorkers: "allow" });

  test("after one visit the menu opens offline from the service worker, with the notice; online again it is fresh", async ({
    page,
    context,
  }, testInfo) => {
    // The worker waits for the load and an idle moment, then installs: slow on a busy machine.
    test.slow();
    // One visit, nothing more: the worker registers after load and takes
    // control, keeps the page, and the page hands it the menu read it had
    // before the worker existed (inline in the HTML, as if called), which the
    // worker fetches and keeps (no second visit needed).
    await page.goto(MENU);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Round the Clock All Hours");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 90_000,
    });
    await page.waitForFunction(
      async () => {
        const cache = await caches.open("platter-data-v1");
        return (await cache.keys()).some((k) => k.url.includes("/__platter-sw/menu/list?"));
      },
      undefined,
      { timeout: 30_000 },
    );
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);

    await page.getByRole("button", { name: /^Add Pot of tea / }).click();
    const checkout = page.getByRole("button", { name: /Go to checkout/ });
    await expect(checkout).toBeEnabled();

    // No network at all: the reload is answered by the worker alone (the page as
    // it kept it, with its menu inline, so no menu/list call is needed).
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Round the Clock All Hours");
    await expect(page.getByRole("button", { name: /^Add Buttered toast / })).toBeVisible();
    const notice = page.getByRole("status").filter({ hasText: NOTICE["en-US"] });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute("aria-live", "polite");
    // The basket still holds the tea; checkout waits for the connection and says why.
    await expect(checkout).toBeDisabled();
    await expect(checkout).toHaveAttribute("aria-describedby", "offline-notice");
    await shot(page, "1-offline", testInfo);

    // Back online: the menu is asked for again, from the server this time.
    const fresh = page.waitForResponse(
      (r) => isMenuList(r) && r.headers()["x-platter-from-cache"] === undefined,
    );
    await context.setOffline(false);
    expect((await fresh).ok()).toBe(true);
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
    await expect(checkout).toBeEnabled();
    await shot(page, "2-online-again", testInfo);
  });

  test("going offline on the page is announced, in the customer's language (pl-PL)", async ({
    page,
    context,
  }, testInfo) => {
    await useLanguage(page, "pl-PL");
    await page.goto(MENU);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Round the Clock All Hours");
    // The polite live region is there before anything is said in it, so the change is announced.
    const region = page.locator('[role="status"][aria-live="polite"]').filter({ hasNot: page.locator("*") });
    await expect(region.first()).toBeAttached();
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: NOTICE["pl-PL"] })).toBeVisible();
    await shot(page, "3-offline-pl", testInfo);
    await context.setOffline(false);
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
  });
});
