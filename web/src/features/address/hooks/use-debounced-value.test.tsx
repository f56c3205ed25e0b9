import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADDRESS_SEARCH_DEBOUNCE_MS } from "../constants";
import { useDebouncedValue } from "./use-debounced-value";

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
