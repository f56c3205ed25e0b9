import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { post } from "./client";

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
const sentAuth = (i = 0) => new Headers(fetchMock.mock.calls[i]![1]?.headers).get("Authorization");

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ token: "tok-b", user: { email: "a@b.co", business_slug: "demo-burgers" } });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("post: scheme-bound sessions", () => {
  it("sends the token to its own scheme's calls and to calls naming no scheme", async () => {
    fetchMock.mockImplementation(async () => Response.json({ success: true, data: {} }));
    await post("menu/list", { filter: { business_slug: "demo-burgers" } });
    await post("address/list");
    expect(sentAuth(0)).toBe("Bearer tok-b");
    expect(sentAuth(1)).toBe("Bearer tok-b");
  });

  it("keeps it away from another scheme's calls", async () => {
    fetchMock.mockImplementation(async () => Response.json({ success: true, data: {} }));
    await post("venue/info", { filter: { business_slug: "demo-pierogi" } });
    await post("auth/guest", { data: { business_slug: "demo-pierogi" } });
    expect(sentAuth(0)).toBeNull();
    expect(sentAuth(1)).toBeNull();
    expect(useAuthStore.getState().token).toBe("tok-b");
  });

  it("forgets the session when a call answers 1401", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ success: false, code: 1401, message: "Please sign in." }, { status: 401 }),
    );
    await expect(post("user/info")).rejects.toMatchObject({ code: 1401 });
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });

  it("keeps the session for other failures", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ success: false, code: 1403, message: "Forbidden" }, { status: 403 }),
    );
    await expect(post("address/upsert")).rejects.toMatchObject({ code: 1403 });
    expect(useAuthStore.getState().token).toBe("tok-b");
  });

  it("keeps a 1429's Retry-After in seconds", async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { success: false, code: 1429, message: "Too many requests." },
        { status: 429, headers: { "Retry-After": "42" } },
      ),
    );
    await expect(post("auth/signin")).rejects.toMatchObject({ code: 1429, retryAfter: 42 });
    expect(useAuthStore.getState().token).toBe("tok-b");
  });

  it("keeps it away from calls naming no scheme made on another scheme's pages", async () => {
    fetchMock.mockImplementation(async () => Response.json({ success: true, data: [] }));
    window.history.pushState({}, "", "/demo-pierogi/home/address");
    try {
      await post("address/list");
      window.history.pushState({}, "", "/demo-burgers/home/address");
      await post("address/list");
    } finally {
      window.history.pushState({}, "", "/");
    }
    expect(sentAuth(0)).toBeNull();
    expect(sentAuth(1)).toBe("Bearer tok-b");
  });
});
