#!/usr/bin/env node
// Lighthouse (npm `lighthouse`, mobile preset: simulated slow 4G and a 4×
// slower CPU) on the storefront's menu and home pages, three runs each, with
// Debian's Chromium. Prints the medians and appends them, dated, to
// bench/RESULTS.md. A bench, not a test: the scores move with the machine's
// load (TBT most), so the load average is recorded beside them.
//
// Usage (from the repository root, after `make build` and `cd bench && npm ci`):
//   node bench/lighthouse.mjs [--runs N] [--no-append] [--base URL] [--keep] [PATH…]
// Without --base it starts bin/platter on a fresh SQLite database with the demo
// data on a free loopback port, and stops it at the end. --keep leaves each
// run's JSON report in the printed directory. `make lighthouse` runs it.
// Lighthouse 13 declares Node >= 22.19 (npm warns, EBADENGINE); it runs on
// the Node 20 of this machine all the same.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const lighthouseCli = join(here, "node_modules", "lighthouse", "cli", "index.js");

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return false;
  args.splice(i, 1);
  return true;
};
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const append = !flag("--no-append");
const keep = flag("--keep");
const runs = Number(option("--runs", "3"));
let base = option("--base", "");
const pages = args.length > 0 ? args : ["/demo-burgers/soho/menu", "/demo-burgers/home"];

if (!existsSync(lighthouseCli)) {
  console.error("lighthouse is not installed: cd bench && npm ci --no-audit --no-fund");
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), "platter-lighthouse-"));
let server = null;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const binary = join(root, "bin", "platter");
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run make build`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PLATTER_DATABASE_URL: `sqlite:${join(work, "platter.db")}`,
    PLATTER_ADDR: `127.0.0.1:${port}`,
    PLATTER_PUBLIC_URL: url,
    PLATTER_METRICS_ADDR: "off",
    PLATTER_SHUTDOWN_DELAY: "0s", // nothing balances load here: stop at once
  };
  const demo = spawnSync(binary, ["demo"], { env, encoding: "utf8", timeout: 120_000 });
  if (demo.status !== 0) throw new Error(`platter demo failed:\n${demo.stdout}\n${demo.stderr}`);
  server = spawn(binary, ["serve"], { env, stdio: "ignore" });
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`platter serve exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("platter serve was not ready after 30 s");
}

function lighthouse(url, out) {
  // A fresh profile each run: no HTTP cache, no service worker from the last one.
  const profile = mkdtempSync(join(work, "profile-"));
  const flags = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${profile}`,
  ].join(" ");
  const run = spawnSync(
    process.execPath,
    [lighthouseCli, url, "--quiet", "--output=json", `--output-path=${out}`, `--chrome-flags=${flags}`],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: "utf8", timeout: 300_000 },
  );
  rmSync(profile, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}:\n${run.stderr}`);
  return JSON.parse(readFileSync(out, "utf8"));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const columns = [
  ["performance", (r) => r.categories.performance.score, (v) => v.toFixed(2)],
  ["accessibility", (r) => r.categories.accessibility.score, (v) => v.toFixed(2)],
  ["best practices", (r) => r.categories["best-practices"].score, (v) => v.toFixed(2)],
  ["SEO", (r) => r.categories.seo.score, (v) => v.toFixed(2)],
  ["FCP s", (r) => r.audits["first-contentful-paint"].numericValue, (v) => (v / 1000).toFixed(2)],
  ["LCP s", (r) => r.audits["largest-contentful-paint"].numericValue, (v) => (v / 1000).toFixed(2)],
  ["TBT ms", (r) => r.audits["total-blocking-time"].numericValue, (v) => v.toFixed(0)],
  ["CLS", (r) => r.audits["cumulative-layout-shift"].numericValue, (v) => v.toFixed(3)],
  ["SI s", (r) => r.audits["speed-index"].numericValue, (v) => (v / 1000).toFixed(2)],
  ["KB", (r) => r.audits["total-byte-weight"].numericValue, (v) => (v / 1024).toFixed(1)],
];

const goals = { performance: 0.95, accessibility: 1, "best practices": 0.95, SEO: 0.95 };

try {
  if (!base) base = await startServer();
  const load0 = loadavg()[0];
  const version = JSON.parse(readFileSync(join(here, "node_modules", "lighthouse", "package.json"), "utf8")).version;
  const chromeVersion = spawnSync(chrome, ["--version"], { encoding: "utf8" }).stdout.trim();
  const rows = [];
  let met = true;
  for (const path of pages) {
    const reports = [];
    for (let i = 0; i < runs; i++) {
      const out = join(work, `${path.replace(/\W+/g, "_")}-${i + 1}.json`);
      const r = lighthouse(base + path, out);
      reports.push(r);
      const perf = r.categories.performance.score;
      const lcp = r.audits["largest-contentful-paint"].numericValue;
      const tbt = r.audits["total-blocking-time"].numericValue;
      console.error(`${path} run ${i + 1}: performance ${perf} LCP ${lcp.toFixed(0)} ms TBT ${tbt.toFixed(0)} ms (load ${loadavg()[0].toFixed(2)})`);
    }
    const cells = columns.map(([name, get, fmt]) => {
      const m = median(reports.map(get));
      if (name in goals && m < goals[name]) met = false;
      return fmt(m);
    });
    rows.push(`| ${path} | ${cells.join(" | ")} |`);
  }
  const load1 = loadavg()[0];
  const commit = spawnSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
  const stamp = new Date().toISOString().slice(0, 16) + "Z";
  const table = [
    `| page | ${columns.map(([n]) => n).join(" | ")} |`,
    `|---|${columns.map(() => "---").join("|")}|`,
    ...rows,
  ].join("\n");
  const verdict = met
    ? "Meets issue 9's goal (performance ≥ 0.95, accessibility 1.0, best practices ≥ 0.95, SEO ≥ 0.95) on every page."
    : "Misses issue 9's goal (performance ≥ 0.95, accessibility 1.0, best practices ≥ 0.95, SEO ≥ 0.95) on some page.";
  const section = [
    "",
    `## Lighthouse, storefront — ${stamp} (${commit})`,
    `\`node bench/lighthouse.mjs\`: Lighthouse ${version}, mobile preset (simulated slow 4G, 4× CPU slowdown), ${chromeVersion}, ` +
      `headless, fresh profile per run; medians of ${runs} runs per page; ${base.startsWith("http://127.0.0.1") ? "platter serve on loopback, SQLite, demo data" : base}. ` +
      `KB: Lighthouse's total byte weight (transfer sizes). Load average ${load0.toFixed(2)} at the start, ${load1.toFixed(2)} at the end (2 cores).`,
    "",
    table,
    "",
    verdict,
    "",
  ].join("\n");
  console.log(section);
  if (append) appendFileSync(join(here, "RESULTS.md"), section);
  if (keep) console.error(`reports kept in ${work}`);
  process.exitCode = met ? 0 : 1;
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  if (!keep) rmSync(work, { recursive: true, force: true });
}
