import { devices, type PlaywrightTestConfig } from "@playwright/test";
import type { Options } from "./tests/fixtures";

/**
 * What the test and screenshot configurations share: a real `platter serve`
 * (started by global-setup.ts on a free port with a fresh SQLite database, the
 * demo data and data/e2e-hours.json), driven by Debian's Chromium: Playwright's
 * own browser downloads are not available here.
 *
 * Set PLATTER_E2E_BASE_URL to test an already running server instead
 * (e.g. the Vite dev server on http://localhost:5173).
 * Set PLATTER_E2E_CHROMIUM to use another Chromium binary.
 */
export const base: PlaywrightTestConfig<Options> = {
  outputDir: "./test-results",
  globalSetup: "./global-setup.ts",
  globalTeardown: "./global-teardown.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two workers beat Playwright's default of one on a 2-core machine: much of a test is waiting
  // (debounces, mail, the server). 120 s per test: the longest take 10–20 s alone, over 30 s on a
  // machine busy with other work, and 55 s at a load average of 80 (a storefront walk that timed out
  // at the old 60 s in a CI run beside eight other builds). The limit catches hangs, not slowness.
  workers: 2,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "./playwright-report" }]],
  use: {
    // global-setup.ts sets this before the workers start (they read the config again).
    baseURL: process.env.PLATTER_E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "en-GB",
    timezoneId: "Europe/London",
    // The storefront registers a service worker after load; page.route() does not see
    // the worker's requests, so a test that changes an API answer would get the real
    // one back through the worker. Only offline.spec.ts lets it run.
    serviceWorkers: "block",
  },
};

/** Desktop Chrome's settings with Debian's Chromium. */
export const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.PLATTER_E2E_CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};
