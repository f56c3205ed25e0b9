import { defineConfig } from "@playwright/test";
import { base, chromium } from "./playwright.base";
import { MONDAY_4AM, MONDAY_NOON, pinnedNow } from "./tests/clock";
import type { Options } from "./tests/fixtures";

/**
 * The counted end-to-end suite (`make test-e2e`), run with the browser's clock
 * fixed twice: once while the demo venues are open and once while they are
 * closed, so that no result depends on when it runs. PLATTER_E2E_NOW pins one
 * moment instead (see tests/clock.ts). Screenshots for people are another
 * configuration: playwright.screenshots.config.ts (`make screenshots`).
 */
const pinned = pinnedNow();
const clocks = pinned
  ? [{ name: `at-${pinned}`, now: pinned }]
  : [
      { name: "open-monday-noon", now: MONDAY_NOON },
      { name: "closed-monday-4am", now: MONDAY_4AM },
    ];

export default defineConfig<Options>({
  ...base,
  testDir: "./tests",
  projects: clocks.map(({ name, now }) => ({ name, use: { ...chromium, now } })),
});
