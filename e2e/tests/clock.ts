/**
 * The browser's clock in the e2e suite. Whether a venue is open is decided in
 * the browser from its weekly hours and Date (web/src/lib/opening-hours.ts), so
 * every page gets a fixed start time (fixtures.ts) instead of the real one: a
 * run at 17:30 on a Sunday sees the same shop as a run at noon.
 *
 * Both times are in November, when London is on GMT, so "Z" is London time.
 */

/** Monday 16 November 2026, 12:00 in London: the demo venues are open (11:00–23:00). */
export const MONDAY_NOON = "2026-11-16T12:00:00Z";

/** Monday 16 November 2026, 04:00 in London: every demo venue is closed, opening today at 11:00. */
export const MONDAY_4AM = "2026-11-16T04:00:00Z";

/**
 * PLATTER_E2E_NOW: run the whole suite at one moment (an ISO 8601 date-time,
 * or "open" / "closed" for the two above); unset, playwright.config.ts runs
 * it at both.
 */
export function pinnedNow(value = process.env.PLATTER_E2E_NOW): string | null {
  if (!value) return null;
  if (value === "open") return MONDAY_NOON;
  if (value === "closed") return MONDAY_4AM;
  if (Number.isNaN(Date.parse(value))) {
    throw new Error(`PLATTER_E2E_NOW=${value}: not an ISO 8601 date-time (e.g. 2026-11-16T04:00:00Z)`);
  }
  return value;
}
