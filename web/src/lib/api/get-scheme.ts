import { queryOptions, useQuery } from "@tanstack/react-query";
import { call, reshape, type ApiMeta, type ApiPayload, type ApiResult } from "./client";

/** The id of the venue/info answer the server puts in a storefront page's first HTML. */
export const INLINE_SCHEME_ID = "platter-venue-info";

type SchemeResult = ApiResult<ApiPayload<"venue/info">, ApiMeta<"venue/info">>;

/**
 * venue/info: a scheme's branding, loyalty and stores. Shared (not a feature)
 * because every storefront screen renders inside the scheme it loads.
 */
export function getScheme(businessSlug: string, signal?: AbortSignal) {
  return call("venue/info", { filter: { business_slug: businessSlug } }, { signal });
}

/**
 * The scheme's venue/info answer from the page's first HTML (a JSON data
 * block, not a script, so the CSP stays strict), when it is for this scheme.
 * The storefront then paints at once instead of waiting for the call.
 */
export function inlineScheme(
  businessSlug: string,
  doc: Document | undefined = globalThis.document,
): SchemeResult | undefined {
  const text = doc?.getElementById(INLINE_SCHEME_ID)?.textContent;
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || (body as { success?: unknown }).success !== true)
      return undefined;
    const result = reshape<ApiPayload<"venue/info">, ApiMeta<"venue/info">>(body as Record<string, unknown>);
    return result.payload?.business_slug === businessSlug ? result : undefined;
  } catch {
    return undefined;
  }
}

export const schemeQueryOptions = (businessSlug: string) =>
  queryOptions({
    queryKey: ["venue-info", businessSlug],
    queryFn: ({ signal }) => getScheme(businessSlug, signal),
    initialData: () => inlineScheme(businessSlug),
    // Read when the query is first used, right after the page (and the answer
    // in it) arrived; the app's own clock, so fake timers in tests agree.
    initialDataUpdatedAt: () => Date.now(),
  });

export function useSchemeQuery(businessSlug: string) {
  return useQuery(schemeQueryOptions(businessSlug));
}
