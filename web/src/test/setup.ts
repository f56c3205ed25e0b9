import { afterEach, beforeEach, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import "./setup-node";
import { useGeneralStore } from "@/stores/general";

// findBy/waitFor give up after 30 s, not 1 s: a lazy route's first render took over 5 s on a
// 2-core machine at load 25 (four files failed so), a sign-in's navigation over 10 s at load 21
// (Vitest took 22 minutes that run), and the wait ends as soon as the element is there.
configure({ asyncUtilTimeout: 30_000 });

// jsdom does not implement scrolling; the root layout scrolls to the top on each navigation.
window.scrollTo = () => {};

// Screens that show opening hours judge them by Date (lib/opening-hours.ts): every test starts
// on Monday 16 November 2026 at 12:00 in London, whatever the real time, and Date runs on from
// there. Timers stay real; a test that needs fake ones installs its own.
const NOW = "2026-11-16T12:00:00Z";
beforeEach(() => {
  vi.useFakeTimers({ now: new Date(NOW), toFake: ["Date"], shouldAdvanceTime: true });
  // No scheme's language is remembered from an earlier test: entering a scheme shows its own
  // (the jsdom browser's en-US on the test schemes) unless the test chose one there.
  useGeneralStore.setState({ languages: {}, scheme: null });
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
});
