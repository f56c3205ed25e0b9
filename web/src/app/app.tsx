import { useState } from "react";
import { RouterProvider } from "react-router";
import { AppProvider } from "./provider";
import { createRouter } from "./router";
import { ServiceWorker } from "./service-worker";

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProvider>
      <ServiceWorker />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
