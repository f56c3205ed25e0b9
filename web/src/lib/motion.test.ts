import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollBehavior } from "./motion";

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal("window", {
    matchMedia: (query: string) => ({ matches: reduce && query === "(prefers-reduced-motion: reduce)" }),
  });
}

describe("scrollBehavior", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("scrolls smoothly by default", () => {
    prefersReducedMotion(false);
    expect(scrollBehavior()).toBe("smooth");
  });

  it("jumps when the visitor prefers reduced motion", () => {
    prefersReducedMotion(true);
    expect(scrollBehavior()).toBe("auto");
  });
});
