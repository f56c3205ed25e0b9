import { startTransition, StrictMode } from "react";
import "./styles/global.css";
import "./i18n";
import { App } from "./app/app";
import { createApp } from "./app/create-app";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

// The app starts in a task of its own, not from this module's evaluation:
// - anything that records a call stack where DevTools or Lighthouse watch (a
//   request's initiator, a timer's installation) through the entry module's
//   top level makes V8 re-parse the whole entry chunk for its source
//   positions, so even the timer is set from a microtask;
// - evaluating the entry and starting the app are two tasks, each well under
//   the 50 ms that counts as a long task on a slow phone.
// React DOM's client is a chunk of its own, preloaded by index.html beside the
// entry (vite.config.ts) and evaluated in a task of its own too: it is the
// largest module, and its evaluation makes the error objects React keeps.
// The router and the data start first; the first render is a transition,
// which React renders in slices that yield to the browser (the page's first
// HTML already shows the brand meanwhile).
function start() {
  const client = import("react-dom/client");
  const { queryClient, router } = createApp();
  void client.then(({ createRoot }) => {
    const root = createRoot(container!);
    startTransition(() => {
      root.render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      );
    });
  });
}

queueMicrotask(() => setTimeout(start, 0));
