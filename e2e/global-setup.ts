import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FullConfig } from "@playwright/test";
import { startMailServer } from "./mail-server";
import { freePort, platterBinary, runPlatter, serveEnv, startServe } from "./platter-process";
import { projectMoments, SERVERS_ENV } from "./tests/servers";

const here = dirname(fileURLToPath(import.meta.url));
export const STATE_FILE = join(tmpdir(), `platter-e2e-${process.pid}-state.json`);

/** One `platter serve` per moment the projects pin the browser clock at (see servers.ts). */
interface Started {
  moment: string;
  baseURL: string;
  pid: number;
  dir: string;
  logPath: string;
}

/**
 * Boots, for each moment the projects' browser clocks start at, `platter demo` + `platter import
 * data/e2e-hours.json` + `platter serve` with PLATTER_CLOCK at that moment, on a fresh SQLite file
 * and a free port: the page and the server agree on the time (is the venue open, which slots
 * exist), whenever the suite runs. One SMTP server takes every server's mail.
 */
export default async function globalSetup(config: FullConfig) {
  if (process.env.PLATTER_E2E_BASE_URL) {
    console.log(`[e2e] using the running server at ${process.env.PLATTER_E2E_BASE_URL}`);
    return;
  }
  const binary = platterBinary();
  const moments = projectMoments(config);
  const mailDir = mkdtempSync(join(tmpdir(), "platter-e2e-mail-"));
  // A real SMTP server for the accounts tests, up before the servers that mail through it.
  const mail = await startMailServer(mailDir);
  // The servers boot side by side: each is its own process with its own database.
  const booting = await Promise.allSettled(moments.map((moment) => boot(binary, moment, mail.url)));
  const started = booting.flatMap((b) => (b.status === "fulfilled" ? [b.value] : []));
  const failed = booting.find((b) => b.status === "rejected");
  if (failed) {
    for (const s of started) process.kill(s.pid, "SIGKILL");
    await mail.close();
    throw failed.reason;
  }
  const servers: Record<string, string> = Object.fromEntries(started.map((s) => [s.moment, s.baseURL]));
  process.env[SERVERS_ENV] = JSON.stringify(servers);
  // The first moment's server, for code that knows only one address.
  process.env.PLATTER_E2E_BASE_URL = started[0].baseURL;
  process.env.PLATTER_E2E_MAILBOX = mail.mailbox;
  writeFileSync(STATE_FILE, JSON.stringify({ servers: started, mailDir }));
  for (const s of started) {
    console.log(`[e2e] platter serve at ${s.moment} on ${s.baseURL} (pid ${s.pid}, log ${s.logPath})`);
  }
  console.log(`[e2e] mail to ${mail.url}`);
}

async function boot(binary: string, moment: string, smtpURL: string): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), "platter-e2e-"));
  const port = await freePort();
  // Webhooks may reach this machine: tests/webhooks.spec.ts runs its receiver on 127.0.0.1.
  const env = serveEnv(port, `sqlite:${join(dir, "e2e.db")}`, moment, {
    PLATTER_SMTP_URL: smtpURL,
    PLATTER_WEBHOOKS_ALLOW_PRIVATE: "1",
  });

  // The demo data, plus a scheme whose venues are open or closed whatever the time (data/e2e-hours.json).
  // …and a platform admin (no scheme) for the platform console (tests/platform.spec.ts).
  // …and staff of soho alone (soho-staff@demo.test) for the support inbox (tests/support.spec.ts).
  // manager@demo.test also manages e2e-hours, whose brand tests/brand.spec.ts and whose "zoned"
  // venue tests/venues.spec.ts change (the demo schemes' brands and venues are what the other
  // specs look at).
  for (const args of [
    ["demo"],
    ["import", join(here, "data", "e2e-hours.json")],
    [
      "user",
      "add",
      "--email",
      "manager@demo.test",
      "--password",
      "Platter-demo-1",
      "--role",
      "manager",
      "--scheme",
      "e2e-hours",
    ],
    ["user", "add", "--email", "platform@demo.test", "--password", "Platter-demo-1", "--role", "admin"],
    // Staff of one venue, for the support inbox (tests/support.spec.ts): they see soho's requests only.
    [
      "user",
      "add",
      "--email",
      "soho-staff@demo.test",
      "--password",
      "Platter-demo-1",
      "--role",
      "staff",
      "--scheme",
      "demo-burgers",
      "--venue",
      "soho",
    ],
  ]) {
    await runPlatter(binary, args, env);
  }

  const { baseURL, pid, logPath } = await startServe(binary, env, dir);
  return { moment, baseURL, pid, dir, logPath };
}
