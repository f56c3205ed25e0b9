/**
 * What the service worker does with each request: pure decisions, no caches
 * and no network, so they are unit-tested in Node (rules.test.ts) and the
 * worker (service-worker.ts) only carries them out.
 *
 * Scope: the worker is registered at the origin's root (/sw.js, scope "/"),
 * not once per scheme. The hashed assets are the same files for every
 * scheme, so one worker caches them once; per-scheme workers would each
 * download and keep their own copy. It answers only for the storefront: the
 * landing page, the back office (/{scheme}/admin) and the driver app
 * (/{scheme}/driver) always go to the network, because staff must never
 * act on a stale order board.
 */

/** The two read calls whose last answers are kept for offline use (docs/product.md §7: POST envelope calls). */
export const DATA_CALLS = ["venue/info", "menu/list"] as const;
export type DataCall = (typeof DATA_CALLS)[number];

export type Strategy =
  /** Hashed, immutable: from the cache, else the network (then kept). */
  | { kind: "asset" }
  /** A storefront page: the network, else the cached page (this URL, else any of the scheme). */
  | { kind: "page"; scheme: string }
  /** venue/info or menu/list: the network, else the last answer to the same body. */
  | { kind: "data"; call: DataCall }
  /** Same-origin pictures, icons and manifests: the cache at once, refreshed from the network. */
  | { kind: "media" }
  /** Everything else: not handled (the browser goes to the network as if there were no worker). */
  | { kind: "pass" };

const STAFF_AREAS = new Set(["admin", "driver"]);

/** The scheme of a storefront page's path (/{scheme}/…), or null for any other page. */
export function storefrontScheme(pathname: string): string | null {
  const segs = pathname.split("/").filter(Boolean);
  const [scheme, area] = segs;
  if (!scheme || scheme.startsWith(".") || scheme === "api" || scheme === "assets") return null;
  if (area && STAFF_AREAS.has(area)) return null;
  return scheme;
}

export interface RequestFacts {
  method: string;
  url: URL;
  /** The worker's own origin. */
  origin: string;
  /** Request.mode: "navigate" for a page load. */
  mode: string;
}

export function strategy({ method, url, origin, mode }: RequestFacts): Strategy {
  if (url.origin !== origin) return { kind: "pass" };
  if (method === "POST" && url.pathname.startsWith("/api/v3/")) {
    const call = url.pathname.slice("/api/v3/".length);
    return (DATA_CALLS as readonly string[]).includes(call)
      ? { kind: "data", call: call as DataCall }
      : { kind: "pass" };
  }
  if (method !== "GET") return { kind: "pass" };
  // A venue's iCalendar hours (/{scheme}/{venue}/hours.ics): the server's feed, never a page.
  if (url.pathname.endsWith(".ics")) return { kind: "pass" };
  if (mode === "navigate") {
    const scheme = storefrontScheme(url.pathname);
    return scheme ? { kind: "page", scheme } : { kind: "pass" };
  }
  if (url.pathname.startsWith("/assets/")) return { kind: "asset" };
  if (url.pathname.startsWith("/api/") || url.pathname === "/sw.js") return { kind: "pass" };
  if (/\.(svg|png|jpe?g|webp|avif|gif|ico|webmanifest)$/i.test(url.pathname)) return { kind: "media" };
  return { kind: "pass" };
}

/**
 * The Cache API keys requests by URL and method and stores no POST, so a data
 * call's answer is kept under a GET URL made from the call and its exact body
 * (the same filter gives the same key; another venue or order type another).
 */
export function dataKey(origin: string, call: DataCall, body: string): string {
  return `${origin}/__platter-sw/${call}?body=${encodeURIComponent(body)}`;
}

/** Whether a cache key (a dataKey URL) belongs to this call. */
export function isDataKey(key: string, origin: string, call: DataCall): boolean {
  return key.startsWith(`${origin}/__platter-sw/${call}?`);
}

/**
 * How many answers of each call are kept: the last menu viewed (docs/product.md: the
 * storefront opens offline with it), and the venue/info of the last two
 * schemes (the first HTML carries it too, so it is rarely fetched).
 */
export const KEEP: Record<DataCall, number> = { "menu/list": 1, "venue/info": 2 };

/** Storefront pages kept (network-first, so only what was visited). */
export const KEEP_PAGES = 12;
/** Pictures kept (item images, logos, icons). */
export const KEEP_MEDIA = 80;

/** The header a data answer served from the cache carries, so the page can tell it is not fresh. */
export const FROM_CACHE_HEADER = "X-Platter-From-Cache";

/** What a page sends its new worker: the data calls it made before the worker existed. */
export interface KeepMessage {
  type: "platter-keep";
  reads: Array<{ call: DataCall; body: string }>;
}

/** Longest body kept (a menu/list or venue/info filter is a few dozen bytes). */
const MAX_KEEP_BODY = 2048;

/**
 * The reads of a "keep" message that the worker may fetch and keep: only the
 * data calls, with a string body of sane length; anything else (another kind
 * of message, a malformed one) gives null.
 */
export function keepRequests(message: unknown): KeepMessage["reads"] | null {
  if (typeof message !== "object" || message === null) return null;
  const { type, reads } = message as { type?: unknown; reads?: unknown };
  if (type !== "platter-keep" || !Array.isArray(reads)) return null;
  const out: KeepMessage["reads"] = [];
  for (const read of reads.slice(0, 8) as unknown[]) {
    if (typeof read !== "object" || read === null) continue;
    const { call, body } = read as { call?: unknown; body?: unknown };
    if (typeof call !== "string" || !(DATA_CALLS as readonly string[]).includes(call)) continue;
    if (typeof body !== "string" || body.length > MAX_KEEP_BODY) continue;
    out.push({ call: call as DataCall, body });
  }
  return out;
}
