import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDebouncedValue } from "./use-debounced-value";

/** The address search's wait (docs/product.md §9), the longest the app uses. */
const ADDRESS_SEARCH_DEBOUNCE_MS = 1000;

describe("useDebouncedValue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("follows only after the value has been still for the delay", () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, ADDRESS_SEARCH_DEBOUNCE_MS), {
      initialProps: { v: "" },
    });
    rerender({ v: "K" });
    act(() => vi.advanceTimersByTime(600));
    rerender({ v: "Kr" });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("Kr");
  });
});
