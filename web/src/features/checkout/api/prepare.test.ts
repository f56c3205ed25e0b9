import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { waitUntilPaid } from "./prepare";

const api = vi.hoisted(() => ({
  call: vi.fn(async (_path: string, _body: unknown, _options?: { signal?: AbortSignal }) => ({
    payload: { status: "pending", payment_status: "requires_payment" },
    meta: {},
  })),
}));
vi.mock("@/lib/api/client", () => ({ call: api.call }));

beforeEach(() => {
  vi.useFakeTimers();
  api.call.mockClear();
});
afterEach(() => vi.useRealTimers());

describe("waitUntilPaid", () => {
  it("asks every second, and says unknown after the timeout", async () => {
    const result = waitUntilPaid(42, { interval: 1000, timeout: 5000 });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe("unknown");
    expect(api.call).toHaveBeenCalledTimes(6); // at 0, 1, … 5 s
  });

  it("stops at once when its signal is aborted (the checkout left): no look after that", async () => {
    const abort = new AbortController();
    const result = waitUntilPaid(42, { signal: abort.signal });
    const settled = vi.fn();
    result.then(settled, settled);
    await vi.advanceTimersByTimeAsync(2500);
    expect(api.call).toHaveBeenCalledTimes(3);
    expect(api.call.mock.calls[0]?.[2]?.signal).toBe(abort.signal);
    abort.abort();
    await expect(result).rejects.toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.call).toHaveBeenCalledTimes(3);
  });
});
