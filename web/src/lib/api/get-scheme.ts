import { queryOptions, useQuery } from "@tanstack/react-query";
import { useVenueStore } from "@/stores/venue";
import { call, inlineAnswer, type ApiMeta, type ApiPayload, type ApiResult } from "./client";

/** The id of the venue/info answer the server puts in a storefront page's first HTML. */
export const INLINE_SCHEME_ID = "platter-venue-info";

export type SchemeResult = ApiResult<ApiPayload<"venue/info">, ApiMeta<"venue/info">>;

/**
 * venue/info: a scheme's branding, loyalty and stores. Shared (not a feature)
 * because every storefront screen renders inside the scheme it loads.
 */
export function getScheme(businessSlug: string, signal?: AbortSignal) {
  return call("venue/info", { filter: { business_slug: businessSlug } }, { signal });
}

/**
 * venue/info, and its answer recorded in the persisted schemes cache (docs/product.md
 * §3), so that the next visit shows the scheme at once.
 */
async function fetchScheme(businessSlug: string, signal?: AbortSignal): Promise<SchemeResult> {
  const result = await getScheme(businessSlug, signal);
  useVenueStore.getState().cacheScheme(result.payload, result.meta.lastUpdatedTime);
  return result;
}

/** The persisted venue/info answer of an earlier visit, if any. */
export function persistedScheme(businessSlug: string): SchemeResult | undefined {
  const cached = useVenueStore.getState().schemes[businessSlug];
  if (!cached) return undefined;
  return { payload: cached.scheme, meta: { lastUpdatedTime: cached.lastUpdatedTime } };
}

/**
 * What the scheme query starts from before venue/info answers: the answer in
 * the page (fresh: it came with the page), else the persisted one of an earlier
 * visit, dated by its lastUpdatedTime so that it is shown at once and
 * refetched straight away.
 */
export function initialScheme(businessSlug: string): { result: SchemeResult; updatedAt: number } | undefined {
  const inline = inlineScheme(businessSlug);
  // The app's own clock, so fake timers in tests agree.
  if (inline) return { result: inline, updatedAt: Date.now() };
  const persisted = persistedScheme(businessSlug);
  if (!persisted) return undefined;
  const updatedAt = Date.parse(persisted.meta.lastUpdatedTime);
  return { result: persisted, updatedAt: Number.isNaN(updatedAt) ? 0 : updatedAt };
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
  const result = inlineAnswer<ApiPayload<"venue/info">, ApiMeta<"venue/info">>(
    doc?.getElementById(INLINE_SCHEME_ID)?.textContent,
  );
  return result?.payload?.business_slug === businessSlug ? result : undefined;
}

export const schemeQueryOptions = (businessSlug: string) =>
  queryOptions({
    queryKey: ["venue-info", businessSlug],
    queryFn: ({ signal }) => fetchScheme(businessSlug, signal),
    // The route's loader has just tried; the shell's retry button asks again.
    retryOnMount: false,
    // Read once, when the query is first used (right after the page arrived).
    initialData: () => initialScheme(businessSlug)?.result,
    initialDataUpdatedAt: () => initialScheme(businessSlug)?.updatedAt,
  });

export function useSchemeQuery(businessSlug: string) {
  return useQuery(schemeQueryOptions(businessSlug));
}
