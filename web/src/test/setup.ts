import { afterEach, beforeAll } from "vitest";
import i18n from "@/i18n";
import { cleanup } from "@testing-library/react";

// jsdom does not implement scrolling; the root layout scrolls to the top on each navigation.
window.scrollTo = () => {};

// The catalogues are lazy chunks in the app; tests get both up front so that
// rendering and language switches never wait on them.
beforeAll(async () => {
  await i18n.loadLanguages(["en-US", "pl-PL"]);
  await i18n.changeLanguage("en-US");
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
