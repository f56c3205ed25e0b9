import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { routes } from "@/app/router";
import i18n from "@/i18n";
import { createQueryClient } from "@/lib/query-client";

/** Renders the real route tree at a path, with fresh providers. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router };
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
