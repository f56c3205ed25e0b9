import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { ensureSession } from "./session";
import type { OrderRequest, Quote } from "./types";

/** orders/quote: the server's pricing of what would be ordered; nothing is stored. It needs a session (a guest's too). */
export async function quoteOrder(request: OrderRequest, signal?: AbortSignal): Promise<Quote> {
  await ensureSession(request.business_slug);
  return (await call("orders/quote", { data: request }, { signal })).payload;
}

export function quoteQueryOptions(request: OrderRequest | null, key: string) {
  return queryOptions({
    queryKey: ["orders", "quote", key],
    queryFn: ({ signal }) => quoteOrder(request as OrderRequest, signal),
    enabled: request !== null && request.items.length > 0,
    // The figures stay on screen while the next quote is asked for.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function useQuote(request: OrderRequest | null, key: string) {
  return useQuery(quoteQueryOptions(request, key));
}
