import { existsSync, readFileSync, rmSync } from "node:fs";
import { STATE_FILE } from "./global-setup";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the server global-setup.ts started (SIGTERM, then SIGKILL after 10 s). */
export default async function globalTeardown() {
  if (!existsSync(STATE_FILE)) return;
  const { pid, dir } = JSON.parse(readFileSync(STATE_FILE, "utf8")) as { pid: number; dir: string };
  rmSync(STATE_FILE, { force: true });
  if (alive(pid)) {
    process.kill(pid, "SIGTERM");
    const deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(pid, "SIGKILL");
  }
  if (!process.env.PLATTER_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
}
