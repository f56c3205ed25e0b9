import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
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
// The first render is a transition, which React renders in slices that yield
// to the browser (the page's first HTML already shows the brand meanwhile).
function start() {
  const { queryClient, router } = createApp();
  const root = createRoot(container!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

queueMicrotask(() => setTimeout(start, 0));
