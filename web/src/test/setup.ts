import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";
import "./setup-node";

// jsdom does not implement scrolling; the root layout scrolls to the top on each navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
