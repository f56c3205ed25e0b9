#!/usr/bin/env node
// Bytes a browser downloads for the first load of a storefront page, by kind
// (HTML, JS, CSS, JSON, images), as Debian's Chromium fetches them: a fresh
// profile (no cache), a phone-sized window, the page loaded until the
// network is idle. Sizes are bodies as they crossed the wire (encoded, so
// compression counts), by kind; response headers are a column of their own
// (every response carries the CSP). Prints one Markdown table row.
//
// Usage: node bench/first-load-bytes.mjs BASE_URL [PATH] [LABEL]
//   e.g. node bench/first-load-bytes.mjs http://127.0.0.1:8080 /demo-burgers/soho/menu after
// Needs e2e's dependencies (cd e2e && npm ci): it uses their playwright-core.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(
  join(dirname(fileURLToPath(import.meta.url)), "..", "e2e", "package.json"),
);
const { chromium } = require("playwright-core");

const [base, path = "/demo-burgers/soho/menu", label = base] =
  process.argv.slice(2);
if (!base) {
  console.error(
    "usage: node bench/first-load-bytes.mjs BASE_URL [PATH] [LABEL]",
  );
  process.exit(2);
}

function kind(type, url) {
  if (type === "document") return "HTML";
  if (type === "script") return "JS";
  if (type === "stylesheet") return "CSS";
  if (type === "fetch" || type === "xhr")
    return url.includes("/api/") ? "JSON" : "other";
  if (type === "image") return "images";
  return "other";
}

const browser = await chromium.launch({
  executablePath: process.env.PLATTER_E2E_CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
  ],
});
try {
  const page = await browser.newPage({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    // A first visit: the storefront's service worker registers only after the
    // load and would otherwise answer the idle-time chunks itself (counted
    // here as negative sizes). Item images are counted as the page fetches
    // them: the first cards' eagerly, the rest lazily when scrolled to, so
    // "images" is what is above the fold.
    serviceWorkers: "block",
  });
  const requests = [];
  page.on("requestfinished", (r) => requests.push(r));
  await page.goto(base + path, { waitUntil: "networkidle" });
  // On a busy machine the menu may render after the network went quiet: wait
  // for the eager (above the fold) pictures, then for quiet again.
  await page.waitForFunction(
    () => document.querySelector(".item-card__image, .menu-empty, .menu-error") !== null &&
      [...document.images].filter((i) => i.loading !== "lazy").every((i) => i.complete),
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForLoadState("networkidle");
  const totals = new Map();
  let headers = 0;
  const rows = [];
  for (const r of requests) {
    const s = await r.sizes();
    const bytes = s.responseBodySize;
    headers += s.responseHeadersSize;
    const k = kind(r.resourceType(), r.url());
    const enc =
      (await (await r.response())?.allHeaders())?.["content-encoding"] ??
      "none";
    totals.set(k, (totals.get(k) ?? 0) + bytes);
    rows.push([k, new URL(r.url()).pathname, enc, bytes]);
  }
  const kb = (n) => (n / 1024).toFixed(1);
  const kinds = ["HTML", "JS", "CSS", "JSON", "images", "other"].map((k) =>
    kb(totals.get(k) ?? 0),
  );
  const total = [...totals.values()].reduce((a, b) => a + b, headers);
  console.log(
    `| ${label} | ${requests.length} | ${kinds.join(" | ")} | ${kb(headers)} | ${kb(total)} |`,
  );
  if (process.env.VERBOSE) for (const r of rows) console.error(r.join("\t"));
} finally {
  await browser.close();
}
