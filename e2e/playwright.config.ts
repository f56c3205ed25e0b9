import { defineConfig } from "@playwright/test";
import { base, chromium } from "./playwright.base";
import { MONDAY_4AM, MONDAY_NOON, pinnedNow } from "./tests/clock";
import type { Options } from "./tests/fixtures";

/**
 * The counted end-to-end suite (`make test-e2e`), run with the browser's clock
 * fixed twice: once while the demo venues are open and once while they are
 * closed (CLOCK_FREE specs only once), so that no result depends on when it runs. PLATTER_E2E_NOW pins one
 * moment instead (see tests/clock.ts). Screenshots for people are another
 * configuration: playwright.screenshots.config.ts (`make screenshots`).
 */
const pinned = pinnedNow();

/**
 * Specs that show no opening state (accounts; the first HTML without scripts) run once, at noon:
 * the second run costs minutes and auth calls (100 a minute per IP). Every other spec, and every
 * new one, runs at both times; PLATTER_E2E_NOW runs them all at one.
 */
const CLOCK_FREE = ["auth.spec.ts", "first-load.spec.ts"];

const projects = pinned
  ? [{ name: `at-${pinned}`, use: { ...chromium, now: pinned } }]
  : [
      { name: "open-monday-noon", use: { ...chromium, now: MONDAY_NOON } },
      { name: "closed-monday-4am", use: { ...chromium, now: MONDAY_4AM }, testIgnore: CLOCK_FREE },
    ];

export default defineConfig<Options>({
  ...base,
  testDir: "./tests",
  projects,
});
