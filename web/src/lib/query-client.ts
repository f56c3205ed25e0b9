import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api/api-error";

/** Client errors (4xx) are answers, not glitches: retrying them would not help. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a query's first try goes out even when the browser says it is
      // offline, because the service worker may answer it from its cache (src/sw);
      // only retries wait for the connection.
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        networkMode: "offlineFirst",
      },
      mutations: { retry: false },
    },
  });
}
