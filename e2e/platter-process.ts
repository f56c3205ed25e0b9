import { execFile, spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/**
 * Starting `platter` processes for the suite: global-setup.ts's servers and the specs that need
 * servers of their own (tests/second-instance.spec.ts: two servers on one PostgreSQL database).
 */
const here = dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);

/** The binary under test: PLATTER_BIN, else the worktree's bin/platter. */
export function platterBinary(): string {
  const binary = resolve(here, process.env.PLATTER_BIN ?? "../bin/platter");
  if (!existsSync(binary)) {
    throw new Error(
      `${binary} is missing: run \`make build\` (npm run build in web/, then go build -o bin/platter ./cmd/platter)`,
    );
  }
  return binary;
}

export function freePort(): Promise<number> {
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

export async function waitForReady(
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

/** Runs a platter command (demo, import, user add…) to its end; throws with its output if it fails. */
export async function runPlatter(binary: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    await execFileAsync(binary, args, { env, encoding: "utf8", timeout: 120_000 });
  } catch (error) {
    const e = error as { code?: unknown; stdout?: string; stderr?: string };
    throw new Error(`platter ${args[0]} failed (${e.code}):\n${e.stdout}\n${e.stderr}`);
  }
}

/** The environment of a `platter serve` on 127.0.0.1:port, its clock starting at `moment`. */
export function serveEnv(port: number, databaseURL: string, moment: string, extra: NodeJS.ProcessEnv = {}) {
  return {
    ...process.env,
    PLATTER_DATABASE_URL: databaseURL,
    PLATTER_ADDR: `127.0.0.1:${port}`,
    PLATTER_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PLATTER_CLOCK: moment,
    PLATTER_METRICS_ADDR: "off",
    // Every spec is the same client (127.0.0.1) and the suite's clock never
    // reaches an expiry: the cap of open unpaid orders per client is the Go
    // tests' (internal/httpapi/unpaid_test.go), not the browser suite's.
    PLATTER_UNPAID_ORDERS_MAX: "1000",
    ...extra,
  };
}

export interface Serving {
  baseURL: string;
  pid: number;
  logPath: string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process is gone. */
  stop: () => Promise<void>;
}

/** Starts `platter serve` with env (see serveEnv), its output to dir/logName, and waits for /readyz. */
export async function startServe(
  binary: string,
  env: NodeJS.ProcessEnv,
  dir: string,
  logName = "server.log",
): Promise<Serving> {
  const logPath = join(dir, logName);
  const log = createWriteStream(logPath);
  const child = spawn(binary, ["serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const baseURL = `http://${env.PLATTER_ADDR}`;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForReady(`${baseURL}/readyz`, child, logPath);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { baseURL, pid: child.pid!, logPath, stop };
}
