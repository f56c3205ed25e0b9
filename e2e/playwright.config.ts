import { defineConfig } from "@playwright/test";
import { base, chromium } from "./playwright.base";
import { MONDAY_4AM, MONDAY_NOON, pinnedNow } from "./tests/clock";
import type { Options } from "./tests/fixtures";

/**
 * The counted end-to-end suite (`make test-e2e`), run with the browser's clock
 * fixed twice: once while the demo venues are open and once while they are
 * closed (CLOCK_FREE and PINNED specs only once), so that no result depends on when it runs.
 * PLATTER_E2E_NOW pins one moment instead (see tests/clock.ts). Screenshots for people are another
 * configuration: playwright.screenshots.config.ts (`make screenshots`).
 */
const pinned = pinnedNow();

/**
 * Which specs the closed project skips; every other spec, and every new one, runs at both times
 * (e2e/README.md, "The clock"). PLATTER_E2E_NOW runs them all at one.
 *
 * CLOCK_FREE specs show no opening state: accounts, the first HTML without scripts, the back
 * office's shell, the offline menu of e2e-hours' venue that is open day and night, and the API
 * reference.
 *
 * PINNED specs set their own moment (`test.use({ now })` for the whole file), so the closed
 * project would run the very same tests, on the very same server, a second time: a true
 * duplicate, and for those that change shared state (a pause, the demo driver) a clash.
 */
const CLOCK_FREE = [
  "auth.spec.ts",
  "first-load.spec.ts",
  "admin.spec.ts",
  "offline.spec.ts",
  "api-docs.spec.ts",
];
const PINNED = [
  "back-office-day.spec.ts",
  "board.spec.ts",
  "mail.spec.ts",
  "checkout-closed.spec.ts",
  "checkout-offer.spec.ts",
  "customers.spec.ts",
  "go-live.spec.ts",
  "opening-hours-demo.spec.ts",
  "orders.spec.ts",
  "orders-account.spec.ts",
  "platform.spec.ts",
  "printers.spec.ts",
  "refunds.spec.ts",
  "reports.spec.ts",
  "second-instance.spec.ts",
  "stripe.spec.ts",
  "support.spec.ts",
  "team.spec.ts",
  "venue-ops.spec.ts",
  "venues.spec.ts",
  "webhooks.spec.ts",
];

const projects = pinned
  ? [{ name: `at-${pinned}`, use: { ...chromium, now: pinned } }]
  : [
      { name: "open-monday-noon", use: { ...chromium, now: MONDAY_NOON } },
      {
        name: "closed-monday-4am",
        use: { ...chromium, now: MONDAY_4AM },
        testIgnore: [...CLOCK_FREE, ...PINNED],
      },
    ];

export default defineConfig<Options>({
  ...base,
  testDir: "./tests",
  projects,
});
