import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api/api-error";
import { openOrderStream, type OrderEvent } from "./order-events";
import type { StreamState } from "./ticketed-stream";
import { FakeSource, latest } from "@/test/fake-event-source";

/**
 * The ticketed stream (lib/ticketed-stream.ts) through the order page's
 * stream (the board's: features/admin/board/board-stream.test.tsx).
 * orders/stream-ticket answers a fresh ticket each time, or the refusal set
 * in `refuse` (the seam is the API client).
 */
const api = vi.hoisted(() => {
  let n = 0;
  const state = { refuse: null as null | (() => Error) };
  return {
    state,
    call: vi.fn(async (path: string, _body: unknown) => {
      if (state.refuse) throw state.refuse();
      n += 1;
      const stream = path.startsWith("admin/")
        ? "/api/v3/admin/orders/stream?"
        : "/api/v3/orders/stream?id=7&";
      return { payload: { url: `${stream}ticket=t${n}` }, meta: {} };
    }),
  };
});
vi.mock("@/lib/api/client", () => ({ call: api.call }));

describe("the ticketed stream", () => {
  beforeEach(() => {
    FakeSource.all = [];
    api.call.mockClear();
    api.state.refuse = null;
    vi.stubGlobal("EventSource", FakeSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("says it is disconnected while offline and resumes after the last event once online", async () => {
    const events: OrderEvent[] = [];
    const connection: StreamState[] = [];
    const stop = openOrderStream({
      orderId: 7,
      businessSlug: "demo-burgers",
      onEvent: (e) => events.push(e),
      onState: (c) => connection.push(c),
    });
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const first = latest();
    expect(first.url.searchParams.has("last_event_id")).toBe(false);
    first.onopen?.();
    first.emit("status", "41", { status: "accepted", payment_status: "paid", at: "2026-11-16T12:01:00Z" });
    expect(connection).toEqual(["connecting", "live"]);

    // The network goes: a dead connection may never error, so the page stops and says so.
    window.dispatchEvent(new Event("offline"));
    expect(first.closed).toBe(true);
    expect(connection).toEqual(["connecting", "live", "reconnecting"]);

    // Back: at once, a new ticket and a stream from after event 41.
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
    expect(latest().url.searchParams.get("last_event_id")).toBe("41");
    expect(latest().url.searchParams.get("ticket")).toBe("t2");
    latest().onopen?.();
    expect(connection).toEqual(["connecting", "live", "reconnecting", "live"]);
    // A second online event while connected opens nothing more.
    window.dispatchEvent(new Event("online"));
    await Promise.resolve();
    expect(FakeSource.all).toHaveLength(2);
    stop();
    expect(latest().closed).toBe(true);
  });

  it("after an error retries with a new ticket and the last event id, backing off", async () => {
    vi.useFakeTimers();
    const connection: StreamState[] = [];
    const stop = openOrderStream({
      orderId: 7,
      businessSlug: "demo-burgers",
      onEvent: () => undefined,
      onState: (c) => connection.push(c),
    });
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    latest().onopen?.();
    latest().emit("driver", "50", { lat: 51.5, lng: -0.13, updated_at: "2026-11-16T12:05:00Z" });
    latest().onerror?.();
    expect(latest().closed).toBe(true);
    expect(connection).toEqual(["connecting", "live", "reconnecting"]);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.all).toHaveLength(2);
    expect(latest().url.searchParams.get("last_event_id")).toBe("50");
    // It fails again before opening: the next try waits twice as long.
    latest().onerror?.();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.all).toHaveLength(3);
    stop();
  });

  it.each([
    ["1403 (not allowed)", 1403],
    ["1404 (no such order)", 1404],
  ])("stops for good on a ticket refused with %s: no retry, not even when back online", async (_, code) => {
    vi.useFakeTimers();
    api.state.refuse = () => new ApiError("No.", { status: code === 1403 ? 403 : 404, code });
    const connection: StreamState[] = [];
    const stop = openOrderStream({
      orderId: 7,
      businessSlug: "demo-burgers",
      onEvent: () => undefined,
      onState: (c) => connection.push(c),
    });
    await vi.advanceTimersByTimeAsync(120_000);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(api.call).toHaveBeenCalledTimes(1);
    expect(FakeSource.all).toHaveLength(0);
    expect(connection).toEqual(["connecting", "stopped"]);
    stop();
  });

  it("keeps trying after a refusal that may pass (1503, a network failure)", async () => {
    vi.useFakeTimers();
    api.state.refuse = () => new ApiError("Busy.", { status: 503, code: 1503 });
    const connection: StreamState[] = [];
    const stop = openOrderStream({
      orderId: 7,
      businessSlug: "demo-burgers",
      onEvent: () => undefined,
      onState: (c) => connection.push(c),
    });
    await vi.advanceTimersByTimeAsync(2_500); // tries at 0 and 1 s, the next at 3 s
    expect(api.call).toHaveBeenCalledTimes(2);
    api.state.refuse = null;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSource.all).toHaveLength(1);
    latest().onopen?.();
    expect(connection.at(-1)).toBe("live");
    stop();
  });
});
