import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import type { AppRouter } from "./create-app";
import { AppProvider } from "./provider";
import { ServiceWorker } from "./service-worker";

/** The app around a query client and router made by createApp (create-app.ts). */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProvider client={queryClient}>
      <ServiceWorker />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
