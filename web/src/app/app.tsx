import { useState } from "react";
import { RouterProvider } from "react-router";
import { createQueryClient } from "@/lib/query-client";
import { AppProvider } from "./provider";
import { createRouter } from "./router";
import { ServiceWorker } from "./service-worker";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  return (
    <AppProvider client={queryClient}>
      <ServiceWorker />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
