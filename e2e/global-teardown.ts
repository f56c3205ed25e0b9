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

async function stop(pid: number) {
  if (!alive(pid)) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, "SIGKILL");
}

/** Stops the servers global-setup.ts started (SIGTERM, then SIGKILL after 10 s). */
export default async function globalTeardown() {
  if (!existsSync(STATE_FILE)) return;
  const { servers, mailDir } = JSON.parse(readFileSync(STATE_FILE, "utf8")) as {
    servers: { pid: number; dir: string }[];
    mailDir: string;
  };
  rmSync(STATE_FILE, { force: true });
  await Promise.all(servers.map((s) => stop(s.pid)));
  if (!process.env.PLATTER_E2E_KEEP) {
    for (const dir of [...servers.map((s) => s.dir), mailDir]) rmSync(dir, { recursive: true, force: true });
  }
}
