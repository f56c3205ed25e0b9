import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createRoutes } from "@/app/router";
import { createQueryClient } from "@/lib/query-client";

/** Renders the real route tree at a path, with fresh providers. */
export function renderRoute(path: string) {
  const queryClient = createQueryClient();
  // The app's defaults (staleTime and all), without retries.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A fetch stub answering each v3 path from a table (404 envelope otherwise). */
export function apiStub(answers: Record<string, unknown>) {
  return async (input: RequestInfo | URL) => {
    const path = String(input).replace(/^\/api\/v3\//, "");
    if (path in answers) return new Response(JSON.stringify(answers[path]), { status: 200 });
    return new Response(JSON.stringify({ success: false, code: 1404, message: "Not found" }), {
      status: 404,
    });
  };
}
