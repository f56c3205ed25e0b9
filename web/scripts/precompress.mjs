#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside each text asset in
// dist/assets, at the highest levels, once per build: the server sends the
// copy the browser accepts (internal/httpapi/spa.go) and never compresses
// an asset per request. A copy that would not be smaller is not written.
// Node's zlib has brotli built in, so this needs no dependency.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "assets");
const TEXT = new Set([".js", ".mjs", ".css", ".svg", ".json", ".html", ".txt", ".xml", ".map"]);
/** Below this a compressed copy saves less than its headers and lookups cost. */
const MIN_BYTES = 1024;

let written = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  if (!TEXT.has(extname(name))) continue;
  const file = join(assets, name);
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  before += raw.length;
  after += Math.min(raw.length, br.length);
  for (const [suffix, bytes] of [
    [".br", br],
    [".gz", gz],
  ]) {
    if (bytes.length >= raw.length) continue;
    writeFileSync(file + suffix, bytes);
    written++;
  }
}
const kb = (n) => (n / 1024).toFixed(1);
console.log(`precompress: ${written} files written; text assets ${kb(before)} KB -> ${kb(after)} KB brotli`);
