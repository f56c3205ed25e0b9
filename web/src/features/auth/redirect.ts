/**
 * Where to go after signing in: back where the customer came from (a `?redirect=`
 * or router state `from`), but only to a page of the same scheme — tokens are
 * scheme-bound — and never to another site or back into the auth screens.
 */
export function safeRedirect(value: unknown, scheme: string): string | null {
  if (typeof value !== "string" || value === "") return null;
  // Absolute URLs, protocol-relative "//host" and backslash tricks are refused.
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, "http://platter.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://platter.invalid") return null;
  const [first, second] = url.pathname.split("/").filter(Boolean);
  if (first === undefined || decodeURIComponent(first) !== scheme) return null;
  if (second === "auth") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The redirect carried by a location: `?redirect=` first, then state `{from}`. */
export function redirectFrom(search: string, state: unknown, scheme: string): string | null {
  const fromQuery = safeRedirect(new URLSearchParams(search).get("redirect"), scheme);
  if (fromQuery) return fromQuery;
  const from = typeof state === "object" && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from === "string") return safeRedirect(from, scheme);
  if (typeof from === "object" && from !== null) {
    const { pathname = "", search: s = "", hash = "" } = from as Record<string, string>;
    return safeRedirect(`${pathname}${s}${hash}`, scheme);
  }
  return null;
}

/** "?redirect=…" (plus extra params) to carry the target between auth screens. */
export function authSearch(redirect: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (redirect) params.set("redirect", redirect);
  const query = params.toString();
  return query ? `?${query}` : "";
}
