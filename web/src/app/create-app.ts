import type { QueryClient } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/query-client";
import { createRouter } from "./router";

export type AppRouter = ReturnType<typeof createRouter>;

/**
 * The query client and the router, made once, outside React: creating the
 * router starts the first page's loaders (venue/info, menu/list), and a first
 * render that suspends (the catalogue is still loading) is thrown away with
 * its state — made in useState, both would be made, and every first request
 * sent, twice.
 */
export function createApp(): { queryClient: QueryClient; router: AppRouter } {
  const queryClient = createQueryClient();
  return { queryClient, router: createRouter(queryClient) };
}
