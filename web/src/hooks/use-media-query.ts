import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now (false where matchMedia is missing, e.g. jsdom). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== "function") return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
    () => false,
  );
}

/** Below the small breakpoint: 64 px item images, one-line descriptions (docs/product.md §9). */
export const SMALL_SCREEN = "(max-width: 599px)";
/** The device asks for a dark interface: Platter's own pages (no scheme theme) follow it. */
export const PREFERS_DARK = "(prefers-color-scheme: dark)";
/** From here the basket is a side panel; below, a bottom sheet. */
export const WIDE_SCREEN = "(min-width: 1024px)";
