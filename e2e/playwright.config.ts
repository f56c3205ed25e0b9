import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against a real `platter serve` (started by global-setup.ts
 * on a free port with a fresh SQLite database and the demo data), driven by
 * Debian's Chromium: Playwright's own browser downloads are not available here.
 *
 * Set PLATTER_E2E_BASE_URL to test an already running server instead
 * (e.g. the Vite dev server on http://localhost:5173).
 * Set PLATTER_E2E_CHROMIUM to use another Chromium binary.
 */
export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  globalSetup: "./global-setup.ts",
  globalTeardown: "./global-teardown.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 30_000,
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
  },
  projects: [
    {
      name: "chromium",
      use: {
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
      },
    },
  ],
});
