#!/usr/bin/env node
// Builds dist/sw.js (the storefront's service worker, src/sw/service-worker.ts)
// after the app's build: one classic script (IIFE: module workers are not yet
// everywhere), minified, with the precache list read from Vite's manifest.
//
// Precached: what the storefront needs to open offline at home, the venue
// list and the menu (the entry and its CSS, the storefront layout, those
// screens, the item dialog, the basket, both catalogues) — not the back
// office, the driver app, the map or the forms, which are cached when used.
// A module key missing from the manifest fails the build: a renamed route
// must not quietly leave the shell uncached (keep in step with
// src/app/router.tsx).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(web, "dist");

const SHELL_MODULES = [
  "index.html",
  "src/app/routes/storefront.tsx",
  "src/features/home/components/order-type-page.tsx",
  "src/features/home/components/store-list-page.tsx",
  "src/app/routes/menu.tsx",
  "src/features/menu/components/item-dialog.tsx",
  "src/features/basket/components/basket-contents.tsx",
  "src/features/basket/components/basket-sheet.tsx",
  "src/i18n/en-US.json",
  "src/i18n/pl-PL.json",
];

// The storefront layout and the menu route are built into the entry's own
// chunk (first-load.json), so the manifest has no key of their own; the entry
// ("index.html") brings them.
const IN_ENTRY_CHUNK = new Set(JSON.parse(readFileSync(join(web, "first-load.json"), "utf8")).roots);

const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
const files = new Set();
const seen = new Set();
function walk(key) {
  const chunk = manifest[key];
  if (!chunk && IN_ENTRY_CHUNK.has(key) && existsSync(join(web, key))) return;
  if (!chunk)
    throw new Error(
      `service-worker: ${key} is not in dist/.vite/manifest.json (renamed? update SHELL_MODULES)`,
    );
  if (seen.has(key)) return;
  seen.add(key);
  files.add("/" + chunk.file);
  for (const css of chunk.css ?? []) files.add("/" + css);
  for (const imported of chunk.imports ?? []) walk(imported);
}
SHELL_MODULES.forEach(walk);
// What index.html preloads besides its imports (React DOM's client, imported
// when the app starts: vite.config.ts), with its own imports.
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
for (const [, href] of readFileSync(join(dist, "index.html"), "utf8").matchAll(
  /<link rel="modulepreload"[^>]*href="\/([^"]+)"/g,
)) {
  if (byFile.has(href)) walk(byFile.get(href));
  else files.add("/" + href);
}
if (existsSync(join(dist, "favicon.svg"))) files.add("/favicon.svg");

const precache = [...files].sort();
const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);

const out = await build({
  configFile: false,
  logLevel: "warn",
  define: {
    // A string, parsed by the worker: the bundler's define folds an array literal into one string.
    __PRECACHE__: JSON.stringify(JSON.stringify(precache)),
    __SW_VERSION__: JSON.stringify(version),
  },
  build: {
    write: false,
    minify: true,
    target: "es2022",
    lib: { entry: join(web, "src/sw/service-worker.ts"), formats: ["iife"], name: "platterServiceWorker" },
  },
});
const output = (Array.isArray(out) ? out[0] : out).output[0];
writeFileSync(join(dist, "sw.js"), output.code);
console.log(
  `service worker: dist/sw.js (${(output.code.length / 1024).toFixed(1)} KB), ${precache.length} files precached, version ${version}`,
);
