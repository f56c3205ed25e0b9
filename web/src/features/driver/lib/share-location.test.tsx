import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SHARE_EVERY_MS, useShareLocation } from "./share-location";

/** A stand-in for navigator.geolocation: the test moves the device. */
function fakeGeolocation() {
  const watchers = new Map<number, PositionCallback>();
  let next = 1;
  const geo = {
    watchPosition: vi.fn((ok: PositionCallback) => {
      watchers.set(next, ok);
      return next++;
    }),
    clearWatch: vi.fn((id: number) => watchers.delete(id)),
    getCurrentPosition: vi.fn(),
    moveTo(latitude: number, longitude: number) {
      for (const ok of watchers.values()) ok({ coords: { latitude, longitude } } as GeolocationPosition);
    },
    get watching() {
      return watchers.size;
    },
  };
  Object.defineProperty(navigator, "geolocation", { value: geo, configurable: true });
  return geo;
}

describe("useShareLocation", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the first fix at once, then the latest position every 10 s, only while active", async () => {
    const geo = fakeGeolocation();
    const send = vi.fn(async () => {});
    const { rerender, unmount } = renderHook(({ active }) => useShareLocation(active, send, () => {}), {
      initialProps: { active: false },
    });
    expect(geo.watching).toBe(0); // not on the way: the position is not even watched
    act(() => geo.moveTo(51.5, -0.1));
    expect(send).not.toHaveBeenCalled();

    rerender({ active: true });
    expect(geo.watching).toBe(1);
    act(() => geo.moveTo(51.51, -0.13));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith(51.51, -0.13);

    act(() => geo.moveTo(51.52, -0.14)); // moving between ticks sends nothing yet
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(SHARE_EVERY_MS));
    expect(SHARE_EVERY_MS).toBe(10_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(51.52, -0.14);
    await act(async () => vi.advanceTimersByTime(SHARE_EVERY_MS));
    expect(send).toHaveBeenCalledTimes(3);

    rerender({ active: false }); // delivered: nothing more is sent
    expect(geo.watching).toBe(0);
    await act(async () => vi.advanceTimersByTime(5 * SHARE_EVERY_MS));
    expect(send).toHaveBeenCalledTimes(3);
    unmount();
  });

  it("reports a failed send and keeps going", async () => {
    const geo = fakeGeolocation();
    const failure = new Error("offline");
    const send = vi.fn(async () => {
      throw failure;
    });
    const onError = vi.fn();
    renderHook(() => useShareLocation(true, send, onError));
    await act(async () => geo.moveTo(51.5, -0.1));
    expect(onError).toHaveBeenCalledWith(failure);
    await act(async () => vi.advanceTimersByTime(SHARE_EVERY_MS));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
