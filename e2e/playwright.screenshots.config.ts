import { defineConfig } from "@playwright/test";
import { base, chromium } from "./playwright.base";
import type { Options } from "./tests/fixtures";

/**
 * Screenshots for people to look at (`make screenshots`, `npm run screenshots`):
 * e2e/screenshots/*.png, compared to nothing, so not part of `make test`. What
 * the pages must do is asserted in tests/, not here. Each file sets its own
 * clock where opening hours show (shots/*.shots.ts).
 */
export default defineConfig<Options>({
  ...base,
  testDir: "./shots",
  testMatch: "*.shots.ts",
  retries: 0,
  projects: [{ name: "screenshots", use: chromium }],
});
