import type { FullConfig } from "@playwright/test";
import { MONDAY_NOON } from "./clock";

/**
 * Which server a test talks to. global-setup.ts starts one `platter serve` per moment the
 * projects pin the browser clock at, each with PLATTER_CLOCK at that moment, and lists them in
 * PLATTER_E2E_SERVERS ({moment: baseURL}). A test gets the server of its own `now`, so the page
 * and the server agree on the time: "open now" in the browser and ASAP in orders/prepare, the
 * slots offered and refused. A test that pins another moment (`test.use({ now })`) gets the
 * first server, whose clock is the first project's.
 */
export const SERVERS_ENV = "PLATTER_E2E_SERVERS";

/** The distinct moments of the configuration's projects, in order (Monday noon when none pins one). */
export function projectMoments(config: Pick<FullConfig, "projects">): string[] {
  const moments: string[] = [];
  for (const project of config.projects) {
    const now = (project.use as { now?: string }).now ?? MONDAY_NOON;
    if (!moments.includes(now)) moments.push(now);
  }
  return moments.length > 0 ? moments : [MONDAY_NOON];
}

/** The base URL of the server whose clock started at `now` (else the first server). */
export function serverFor(now: string): string | undefined {
  const raw = process.env[SERVERS_ENV];
  if (raw) {
    const servers = JSON.parse(raw) as Record<string, string>;
    if (servers[now]) return servers[now];
  }
  return process.env.PLATTER_E2E_BASE_URL;
}
