// A .tsx test so it runs in jsdom (the loader waits for the window's idle time).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { useGeneralStore } from "@/stores/general";
import { apiStub } from "@/test/render-route";
import { rootLoader } from "./loaders";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("rootLoader", () => {
  it("asks shake-hand only once the browser is idle, then records the server's versions", async () => {
    vi.useFakeTimers();
    const idle: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (run: () => void) => idle.push(run));
    const fetchStub = vi.fn(
      apiStub({
        "general/shake-hand": { success: true, data: { lastVersion: 42, lastStringVersion: "s42" } },
      }),
    );
    vi.stubGlobal("fetch", fetchStub);
    useGeneralStore.setState({ lastVersion: 0, lastStringVersion: "" });

    rootLoader(createQueryClient())();
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchStub).not.toHaveBeenCalled(); // not during the page's start-up

    idle.forEach((run) => run());
    await vi.waitFor(() => expect(useGeneralStore.getState().lastVersion).toBe(42));
    expect(useGeneralStore.getState().lastStringVersion).toBe("s42");
    expect(String(fetchStub.mock.calls[0]?.[0])).toContain("general/shake-hand");
  });
});
