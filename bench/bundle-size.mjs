#!/usr/bin/env node
// Measures the JavaScript a browser downloads on a first load of the menu page
// (/{scheme}/{venue}/menu), gzipped, and appends it to bench/RESULTS.md.
//
// The set, from a fresh production build with Vite's manifest:
//   - index.html's entry script and every <link rel="modulepreload"> (fetched
//     whatever the route), plus the entry's static imports, recursively;
//   - the lazy route modules the router loads for the menu URL — the storefront
//     layout (src/app/routes/storefront.tsx) and the menu route
//     (src/app/routes/menu.tsx) — with their static imports (Vite's preload
//     helper fetches those in parallel, modulepreload-style);
//   - the chosen language's catalogue (its own chunk, fetched at start): the
//     larger of the two is counted;
//   - on wide screens the basket panel's contents, a lazy chunk rendered at once,
//     listed separately ("wide screens") and counted in the desktop total.
// Not counted: chunks loaded on interaction or when idle (the item dialog, the
// basket sheet), and CSS. Budget: <= 150 KB gzip on phones and on wide screens;
// the map library (leaflet) must not be part of it. Exit status 1 over the
// budget or when leaflet is found: `make test` runs it (test-web) as a test.
//
// Usage: node bench/bundle-size.mjs [--no-append] [--dist DIR] [--budget KB]
//   --dist DIR  measure an existing build (DIR/.vite/manifest.json, as `npm run
//               build` writes it) instead of building afresh into a temporary directory.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, hostname, tmpdir, totalmem, type as osType, release } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "web");
const budgetArg = process.argv.indexOf("--budget");
/** KB gzip; --budget N only to see the check fail (e.g. --budget 100). */
const BUDGET_KB = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 150;
const ROUTE_MODULES = ["src/app/routes/storefront.tsx", "src/app/routes/menu.tsx"];
const IN_ENTRY_CHUNK = new Set(JSON.parse(readFileSync(join(web, "first-load.json"), "utf8")).roots);
const WIDE_MODULES = ["src/features/basket/components/basket-contents.tsx"];
/** The catalogue of the chosen language, fetched at start beside the route chunks (the larger one, Polish, is counted). */
const CATALOGUES = {
  "en-US": "src/i18n/en-US.json",
  "pl-PL": "src/i18n/pl-PL.json",
};

const distArg = process.argv.indexOf("--dist");
const given = distArg > 0 ? process.argv[distArg + 1] : undefined;
if (distArg > 0 && !given) throw new Error("--dist needs a directory");
// Without --dist, a separate output directory: web/dist (embedded by other builds) is left alone.
const out = given ? resolve(given) : mkdtempSync(join(tmpdir(), "platter-bundle-"));
try {
  if (!given) {
    execFileSync(
      "npx",
      ["vite", "build", "--manifest", "--outDir", out, "--emptyOutDir", "--logLevel", "error"],
      {
        cwd: web,
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
  }
  if (!existsSync(join(out, ".vite", "manifest.json")))
    throw new Error(
      `${out} has no .vite/manifest.json: build with \`vite build --manifest\` (npm run build does)`,
    );
  const manifest = JSON.parse(readFileSync(join(out, ".vite", "manifest.json"), "utf8"));
  const html = readFileSync(join(out, "index.html"), "utf8");

  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, ...chunk }]));
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error("no entry chunk in the manifest");

  /** A chunk and its static imports, recursively (manifest keys). */
  function closure(keys, seen = new Set()) {
    for (const key of keys) {
      if (seen.has(key)) continue;
      const chunk = manifest[key];
      // A first-load root is built into the entry's chunk (web/first-load.json), counted with it.
      if (!chunk && IN_ENTRY_CHUNK.has(key) && existsSync(join(web, key))) continue;
      if (!chunk) throw new Error(`${key} is not in the manifest (renamed?)`);
      seen.add(key);
      closure(chunk.imports ?? [], seen);
    }
    return seen;
  }

  const htmlFiles = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const initial = closure([entry[0], ...htmlFiles.map((f) => byFile.get(f)?.key).filter(Boolean)]);
  const route = closure(ROUTE_MODULES, new Set(initial));
  const wide = closure(WIDE_MODULES, new Set(route));
  const [catalogueLang, catalogue] = Object.entries(CATALOGUES)
    .map(([lang, key]) => [lang, key, readFileSync(join(out, manifest[key].file)).length])
    .sort((a, b) => b[2] - a[2])[0];
  const language = closure([catalogue], new Set(wide));

  const rows = [];
  const add = (keys, group, skip = new Set()) => {
    for (const key of keys) {
      if (skip.has(key)) continue;
      const file = manifest[key].file;
      const bytes = readFileSync(join(out, file));
      rows.push({
        group,
        key,
        file,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        text: bytes,
      });
    }
  };
  add(initial, "entry");
  add(route, "menu route", initial);
  add(wide, "wide screens", route);
  add(language, `catalogue (${catalogueLang})`, wide);

  const kb = (n) => (n / 1024).toFixed(1);
  const sum = (list) => list.reduce((n, r) => n + r.gzip, 0);
  const phoneTotal = sum(rows.filter((r) => r.group !== "wide screens"));
  const desktopTotal = sum(rows);
  const leaflet = rows.filter((r) => /leaflet/i.test(r.key) || /leaflet/i.test(r.text.toString("utf8")));

  const commit = (() => {
    try {
      return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
        cwd: root,
      })
        .toString()
        .trim();
    } catch {
      return "unknown";
    }
  })();
  const machine = `${hostname()}: ${cpus().length} × ${cpus()[0]?.model?.trim() ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${osType()} ${release()}, node ${process.version}`;
  const within = (total) => total / 1024 <= BUDGET_KB;
  const verdict = (total) => (within(total) ? "meets" : "MISSES");
  const lines = [
    "",
    `## Menu page first-load JS (gzip -9) — ${new Date().toISOString().slice(0, 16)}Z (${commit})`,
    `Machine: ${machine}. ${given ? `The build in ${given}` : "Fresh \`vite build --manifest\`"}; entry + modulepreloads + static imports, the storefront layout and menu route chunks with their static imports.`,
    "",
    "| group | chunk | source | raw KB | gzip KB |",
    "|---|---|---|---|---|",
    ...rows
      .sort((a, b) => a.group.localeCompare(b.group) || b.gzip - a.gzip)
      .map(
        (r) =>
          `| ${r.group} | ${r.file.replace(/^assets\//, "")} | ${r.key.replace(/^.*node_modules\//, "npm:")} | ${kb(r.raw)} | ${kb(r.gzip)} |`,
      ),
    "",
    `Total on phones: **${kb(phoneTotal)} KB** gzip (${verdict(phoneTotal)} the ${BUDGET_KB} KB budget); ` +
      `on wide screens (with the basket panel): **${kb(desktopTotal)} KB** (${verdict(desktopTotal)} it) ` +
      `(with the larger catalogue, ${catalogueLang}; the other language's is smaller). ` +
      `Leaflet: ${leaflet.length === 0 ? "not loaded" : `FOUND in ${leaflet.map((r) => r.file).join(", ")}`}.`,
  ];
  const report = lines.join("\n") + "\n";
  process.stdout.write(report);
  if (!process.argv.includes("--no-append")) {
    const results = join(root, "bench", "RESULTS.md");
    if (!existsSync(results))
      appendFileSync(results, "# Benchmark results\n\nAppended by the scripts in bench/; newest last.\n");
    appendFileSync(results, report);
  }
  const failures = [
    ...(within(phoneTotal) ? [] : [`phones: ${kb(phoneTotal)} KB`]),
    ...(within(desktopTotal) ? [] : [`wide screens: ${kb(desktopTotal)} KB`]),
    ...(leaflet.length === 0 ? [] : ["leaflet is part of the first load"]),
  ];
  if (failures.length > 0) {
    process.stderr.write(
      `FAIL: the menu page's first-load JS is over the ${BUDGET_KB} KB gzip budget or loads leaflet (${failures.join("; ")})\n`,
    );
    process.exitCode = 1;
  } else {
    process.stderr.write(
      `ok: the menu page's first-load JS is within ${BUDGET_KB} KB gzip (phones ${kb(phoneTotal)} KB, wide screens ${kb(desktopTotal)} KB)\n`,
    );
  }
} finally {
  if (!given) rmSync(out, { recursive: true, force: true });
}
