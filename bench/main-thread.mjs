#!/usr/bin/env node
// The renderer's main-thread tasks during one first load of a page, from a
// Chromium performance trace (Debian Chromium through playwright-core from
// e2e/node_modules): each task's wall and *thread* time (thread time barely
// moves with the machine's load), what ran in it, and the first paints. A
// cheap way to see what Lighthouse's TBT and LCP are made of between full runs
// (Lighthouse multiplies these tasks by 4 on its simulated phone).
//
// Usage (a server already running; `cd e2e && npm ci` first):
//   node bench/main-thread.mjs BASE_URL [PATH…] [--min MS] [--runs N]
// Prints, per page and run, every task of at least --min ms thread time (20
// by default), then the sum of the thread time above 50 ms per task (TBT's
// blocking part, unthrottled) and FCP/LCP as this unthrottled browser saw them.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "..", "e2e", "package.json"));
const { chromium } = require("playwright-core");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const min = Number(option("--min", "20"));
const runs = Number(option("--runs", "1"));
const base = args.shift();
if (!base) {
  console.error(
    "usage: node bench/main-thread.mjs BASE_URL [PATH…] [--min MS] [--runs N]",
  );
  process.exit(2);
}
const pages =
  args.length > 0 ? args : ["/demo-burgers/soho/menu", "/demo-burgers/home"];

// Lighthouse 13's trace categories (core/gather/gatherers/trace.js, less the
// screenshots): its .timeline.stack adds a JS stack to many events, and
// collecting one costs V8 a re-parse of each function on the stack that has no
// source positions yet — work a trace without it would not show.
const categories = [
  "toplevel",
  "loading",
  "v8",
  "v8.execute",
  "blink.user_timing",
  "blink.console",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.stack",
  "disabled-by-default-devtools.timeline.frame",
  "latencyInfo",
  "disabled-by-default-devtools.target-rundown",
  "disabled-by-default-devtools.v8-source-rundown-sources",
  "disabled-by-default-devtools.v8-source-rundown",
  "blink.webdx_feature_usage",
].join(",");

/** Kinds of work worth naming (the scheduler's wrappers are not). */
const interesting = new Set([
  "EvaluateScript",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "FireAnimationFrame",
  "EventDispatch",
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "Commit",
  "RunMicrotasks",
  "v8.compileModule",
  "v8.compile",
  "MajorGC",
  "MinorGC",
  "XHRReadyStateChange",
  "ResourceReceivedData",
  "HandlePostMessage",
]);

/** What a task did: its largest kinds of work, with the script it was in. */
function describe(children) {
  const by = new Map();
  for (const e of children) {
    const d = e.args?.data ?? {};
    let label = e.name;
    if (d.url) label += ` ${d.url.replace(/^https?:\/\/[^/]+/, "")}`;
    else if (d.functionName) label += ` ${d.functionName}`;
    by.set(label, (by.get(label) ?? 0) + (e.tdur ?? e.dur ?? 0));
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([l, t]) => `${l} ${(t / 1000).toFixed(1)}`)
    .join("; ");
}

async function one(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: categories.split(",") });
  await page.goto(url, { waitUntil: "load" });
  // Until the first screen is complete (a busy machine may take seconds).
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  const buffer = await browser.stopTracing();
  await context.close();
  const { traceEvents } = JSON.parse(buffer.toString());

  const threads = traceEvents.filter(
    (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  // The renderer that navigated: the one with the most RunTask time.
  let best = null;
  for (const t of threads) {
    const tasks = traceEvents.filter(
      (e) =>
        e.pid === t.pid &&
        e.tid === t.tid &&
        e.ph === "X" &&
        e.name === "RunTask",
    );
    const painted = traceEvents.some(
      (e) =>
        e.pid === t.pid && e.tid === t.tid && e.name === "firstContentfulPaint",
    );
    const total =
      tasks.reduce((s, e) => s + (e.dur ?? 0), 0) + (painted ? 1e12 : 0);
    if (!best || total > best.total)
      best = { pid: t.pid, tid: t.tid, tasks, total };
  }
  const mine = traceEvents.filter(
    (e) => e.pid === best.pid && e.tid === best.tid,
  );
  const nav =
    mine
      .filter(
        (e) =>
          e.name === "navigationStart" &&
          e.args?.data?.documentLoaderURL?.startsWith("http"),
      )
      .at(-1)?.ts ??
    best.tasks[0]?.ts ??
    0;
  const fcp = mine.find((e) => e.name === "firstContentfulPaint");
  const lcps = mine.filter(
    (e) => e.name === "largestContentfulPaint::Candidate",
  );
  const rows = [];
  let blocking = 0;
  let threadTotal = 0;
  for (const task of best.tasks) {
    if (task.ts < nav) continue;
    const td = (task.tdur ?? task.dur) / 1000;
    threadTotal += td;
    if (td > 50) blocking += td - 50;
    if (td < min) continue;
    const end = task.ts + task.dur;
    const children = mine.filter(
      (e) =>
        e.ph === "X" &&
        interesting.has(e.name) &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= end,
    );
    const top = children.filter(
      (c) =>
        !children.some(
          (p) =>
            p !== c &&
            p.ts <= c.ts &&
            p.ts + p.dur >= c.ts + c.dur &&
            p.dur > c.dur,
        ),
    );
    rows.push(
      `  ${((task.ts - nav) / 1000).toFixed(0).padStart(6)} ms  wall ${(task.dur / 1000).toFixed(1).padStart(6)}  thread ${td.toFixed(1).padStart(6)}  ${describe(top)}`,
    );
  }
  return {
    rows,
    blocking,
    threadTotal,
    fcp: fcp ? (fcp.ts - nav) / 1000 : NaN,
    lcp: lcps.length ? (lcps.at(-1).ts - nav) / 1000 : NaN,
    lcpSize: lcps.at(-1)?.args?.data?.size,
    lcpType: lcps.at(-1)?.args?.data?.type,
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const path of pages) {
    for (let i = 0; i < runs; i++) {
      const r = await one(browser, base + path);
      console.log(
        `${path} (run ${i + 1}): tasks ≥ ${min} ms thread time (start, wall, thread, what)`,
      );
      for (const row of r.rows) console.log(row);
      console.log(
        `  thread time ${r.threadTotal.toFixed(0)} ms; above 50 ms per task ${r.blocking.toFixed(0)} ms; ` +
          `FCP ${r.fcp.toFixed(0)} ms; last LCP candidate ${r.lcp.toFixed(0)} ms (${r.lcpType}, ${r.lcpSize} px²)`,
      );
    }
  }
} finally {
  await browser.close();
}
