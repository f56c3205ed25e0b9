import { RouterProvider } from "react-router";
import { createQueryClient } from "@/lib/query-client";
import { AppProvider } from "./provider";
import { createRouter } from "./router";
import { ServiceWorker } from "./service-worker";

// Made once, outside React: creating the router starts the first page's loaders
// (venue/info, menu/list), and a first render that suspends (the catalogue is
// still loading) is thrown away with its state — made in useState, both would
// be made, and every first request sent, twice.
const queryClient = createQueryClient();
const router = createRouter(queryClient);

export function App() {
  return (
    <AppProvider client={queryClient}>
      <ServiceWorker />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
