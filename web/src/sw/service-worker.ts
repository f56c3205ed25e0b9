/// <reference lib="webworker" />
/**
 * The storefront's service worker, built into dist/sw.js by
 * scripts/service-worker.mjs (which fills in the precache list from Vite's
 * manifest) and served by the Go server at /sw.js with no-cache, so a new
 * build's worker is found on the next visit. Registered by the page after
 * its first load (src/app/service-worker.tsx): never in the critical path.
 *
 * After one visit the storefront opens offline: the app shell (index and
 * the storefront's hashed chunks) from the cache, the page from the cache
 * when the network fails, and the last venue/info and menu/list answers
 * (POST calls, kept by body). When the network answers, it always wins:
 * pages and data are network-first, so opening status, prices and
 * availability are never older than the connection allows. What may go
 * where is decided in rules.ts.
 */
import {
  dataKey,
  FROM_CACHE_HEADER,
  isDataKey,
  KEEP,
  KEEP_MEDIA,
  KEEP_PAGES,
  keepRequests,
  storefrontScheme,
  strategy,
  type DataCall,
} from "./rules";

declare const self: ServiceWorkerGlobalScope;
/** Filled in at build time: the storefront's hashed files (a JSON array) and a hash of their names. */
declare const __PRECACHE__: string;
declare const __SW_VERSION__: string;

const SHELL = `platter-shell-${__SW_VERSION__}`;
const PAGES = "platter-pages-v1";
const DATA = "platter-data-v1";
const MEDIA = "platter-media-v1";
const OURS = [SHELL, PAGES, DATA, MEDIA];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // Mostly from the HTTP cache: the page that registers the worker just loaded them.
      await cache.addAll(JSON.parse(__PRECACHE__) as string[]);
      // The shell of a new build replaces the old one at once: hashed names
      // never collide, and the old files stay cached until activate.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("platter-") && !OURS.includes(name)) await caches.delete(name);
      }
      // Control the page that registered us, so its next calls are cached (the
      // page then asks for its data again: src/app/service-worker.tsx).
      await self.clients.claim();
      // That page loaded before we existed: keep it now, so it opens offline.
      await keepOpenPages();
    })(),
  );
});

// The page that registered us loaded its menu before we existed: it sends the
// calls it made (src/app/service-worker.tsx) once we control it, and we fetch
// and keep them, so that first visit alone opens offline. In order: the
// newest menu is kept last.
self.addEventListener("message", (event) => {
  const reads = keepRequests(event.data);
  if (!reads) return;
  event.waitUntil(
    (async () => {
      for (const { call, body } of reads) {
        try {
          await keep(call, body);
        } catch {
          // Offline already, or the server failed: nothing to keep.
        }
      }
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const rule = strategy({ method: request.method, url, origin: self.location.origin, mode: request.mode });
  switch (rule.kind) {
    case "asset":
      event.respondWith(cacheFirst(request));
      return;
    case "page":
      event.respondWith(page(request, rule.scheme));
      return;
    case "data":
      event.respondWith(data(request, rule.call));
      return;
    case "media":
      event.respondWith(staleWhileRevalidate(event, request));
      return;
    case "pass":
      return;
  }
});

async function keepOpenPages() {
  const cache = await caches.open(PAGES);
  for (const client of await self.clients.matchAll({ type: "window" })) {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin || !storefrontScheme(url.pathname)) continue;
    if (await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href, { credentials: "same-origin" });
      if (response.ok) await cache.put(url.href, response);
    } catch {
      // Offline already: nothing to keep.
    }
  }
  await trim(cache, KEEP_PAGES);
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** Network first; offline, this page as last seen, else another page of the same scheme (the app routes itself). */
async function page(request: Request, scheme: string): Promise<Response> {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      await trim(cache, KEEP_PAGES);
    }
    return response;
  } catch (error) {
    const same = await cache.match(request, { ignoreSearch: true });
    if (same) return same;
    const prefix = `${self.location.origin}/${scheme}/`;
    for (const key of [...(await cache.keys())].reverse()) {
      if (key.url.startsWith(prefix)) {
        const other = await cache.match(key);
        if (other) return other;
      }
    }
    throw error;
  }
}

/** Network first; offline, the last answer to the same call and body, marked as coming from the cache. */
async function data(request: Request, call: DataCall): Promise<Response> {
  const body = await request.clone().text();
  const key = dataKey(self.location.origin, call, body);
  const cache = await caches.open(DATA);
  try {
    const response = await fetch(request);
    if (response.ok) {
      // Delete first, then put: the newest answer is the last key (trim keeps the newest).
      await cache.delete(key);
      await cache.put(key, response.clone());
      await trimData(cache, call);
    }
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (!cached) throw error;
    const headers = new Headers(cached.headers);
    headers.set(FROM_CACHE_HEADER, "1");
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
}

/** Fetches one data call as the page would and keeps its answer. */
async function keep(call: DataCall, body: string) {
  const response = await fetch(`${self.location.origin}/api/v3/${call}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body,
    credentials: "omit",
  });
  if (!response.ok) return;
  const cache = await caches.open(DATA);
  const key = dataKey(self.location.origin, call, body);
  await cache.delete(key);
  await cache.put(key, response);
  await trimData(cache, call);
}

async function staleWhileRevalidate(event: FetchEvent, request: Request): Promise<Response> {
  const cache = await caches.open(MEDIA);
  const cached = await cache.match(request);
  const fresh = fetch(request).then(async (response) => {
    if (response.ok) {
      await cache.put(request, response.clone());
      await trim(cache, KEEP_MEDIA);
    }
    return response;
  });
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}

/** Keeps the newest `keep` entries (Cache.keys lists in insertion order). */
async function trim(cache: Cache, keep: number) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - keep))) await cache.delete(key);
}

async function trimData(cache: Cache, call: DataCall) {
  const keys = (await cache.keys()).filter((k) => isDataKey(k.url, self.location.origin, call));
  for (const key of keys.slice(0, Math.max(0, keys.length - KEEP[call]))) await cache.delete(key);
}
