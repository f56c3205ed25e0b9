import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import type { StreamState } from "@/lib/ticketed-stream";
import { openBoardStream, SILENCE_MS } from "./board-stream";
import { FakeSource, latest } from "@/test/fake-event-source";

/**
 * The board's stream on lib/ticketed-stream.ts (tested further there):
 * admin/orders/stream-ticket answers a fresh ticket each time, or the refusal
 * set in `refuse` (the seam is the API client).
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

describe("the board's stream", () => {
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

  const board = (states: StreamState[], events: string[] = [], resumed = { n: 0 }) =>
    openBoardStream({
      scheme: "demo-burgers",
      venue: "soho",
      startAfter: () => 30,
      onEvent: (kind) => events.push(kind),
      onConnection: (c) => states.push(c),
      onResumed: () => (resumed.n += 1),
    });

  it("does not ring reconnecting forever for a venue the account may not follow (1403)", async () => {
    vi.useFakeTimers();
    api.state.refuse = () => new ApiError("Forbidden.", { status: 403, code: 1403 });
    const states: StreamState[] = [];
    const stop = board(states);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(api.call).toHaveBeenCalledTimes(1);
    expect(states).toEqual(["connecting", "stopped"]);
    stop();
  });

  it("starts after the board's last event, drops a silent stream and reads everything again once back", async () => {
    vi.useFakeTimers();
    const states: StreamState[] = [];
    const events: string[] = [];
    const resumed = { n: 0 };
    const stop = board(states, events, resumed);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.all).toHaveLength(1);
    expect(latest().url.searchParams.get("last_event_id")).toBe("30");
    latest().onopen?.();
    latest().emit("status", "31", { order_id: 1, status: "pending" });
    // Heartbeats keep it alive, and are not events.
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1);
    latest().emit("heartbeat", "", {});
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1);
    expect(states).toEqual(["connecting", "live"]);
    expect(events).toEqual(["status"]);
    // Then nothing at all: dropped, reopened after event 31, and the board is read again.
    await vi.advanceTimersByTimeAsync(1);
    expect(latest().closed).toBe(true);
    expect(states.at(-1)).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.all).toHaveLength(2);
    expect(latest().url.searchParams.get("last_event_id")).toBe("31");
    latest().onopen?.();
    expect(states.at(-1)).toBe("live");
    expect(resumed.n).toBe(1);
    stop();
    expect(latest().closed).toBe(true);
  });
});
