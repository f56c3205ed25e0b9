import { execFile, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { FullConfig } from "@playwright/test";
import { startMailServer } from "./mail-server";
import { projectMoments, SERVERS_ENV } from "./tests/servers";

const here = dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);
export const STATE_FILE = join(tmpdir(), `platter-e2e-${process.pid}-state.json`);

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForReady(
  url: string,
  child: { exitCode: number | null },
  log: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`platter serve exited with ${child.exitCode}; see ${log}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms; see ${log}`);
}

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
  const binary = resolve(here, process.env.PLATTER_BIN ?? "../bin/platter");
  if (!existsSync(binary)) {
    throw new Error(
      `${binary} is missing: run \`make build\` (npm run build in web/, then go build -o bin/platter ./cmd/platter)`,
    );
  }
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
  const env = {
    ...process.env,
    PLATTER_SMTP_URL: smtpURL,
    PLATTER_DATABASE_URL: `sqlite:${join(dir, "e2e.db")}`,
    PLATTER_ADDR: `127.0.0.1:${port}`,
    PLATTER_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PLATTER_CLOCK: moment,
    PLATTER_METRICS_ADDR: "off",
    // Every spec is the same client (127.0.0.1) and the suite's clock never
    // reaches an expiry: the cap of open unpaid orders per client is the Go
    // tests' (internal/httpapi/unpaid_test.go), not the browser suite's.
    PLATTER_UNPAID_ORDERS_MAX: "1000",
  };

  // The demo data, plus a scheme whose venues are open or closed whatever the time (data/e2e-hours.json).
  // …and a platform admin (no scheme) for the platform console (tests/platform.spec.ts).
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
  ]) {
    try {
      await execFileAsync(binary, args, { env, encoding: "utf8", timeout: 120_000 });
    } catch (error) {
      const e = error as { code?: unknown; stdout?: string; stderr?: string };
      throw new Error(`platter ${args[0]} failed (${e.code}):\n${e.stdout}\n${e.stderr}`);
    }
  }

  const logPath = join(dir, "server.log");
  const log = createWriteStream(logPath);
  const child = spawn(binary, ["serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(`${baseURL}/readyz`, child, logPath);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { moment, baseURL, pid: child.pid!, dir, logPath };
}
