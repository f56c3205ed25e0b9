import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { useGeneralStore } from "@/stores/general";
import { ApiError } from "./api-error";
import { cachedAnswerCount, CLIENT_HEADER, post, readsToKeep } from "./client";

type FetchArgs = [RequestInfo | URL, RequestInit | undefined];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function respond(body: unknown, status = 200) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  fetchMock.mockResolvedValueOnce(new Response(text, { status }));
}

async function failure(): Promise<ApiError> {
  const error = await post("x").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ token: null, user: null });
  useGeneralStore.setState({ language: "en-US" });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("post: request", () => {
  it("POSTs JSON to /api/v3/{path} with the fixed headers and no credentials", async () => {
    respond({ success: true, data: {} });
    await post("venue/info", { filter: { business_slug: "demo" } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/v3/venue/info");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("omit");
    expect(init?.body).toBe('{"filter":{"business_slug":"demo"}}');
    const headers = new Headers(init?.headers);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.get("X-Client")).toBe(CLIENT_HEADER);
    expect(CLIENT_HEADER).toBe("source=ios;version=2.1");
    expect(headers.get("Accept-Language")).toBe("en-US");
    expect(headers.has("Authorization")).toBe(false);
  });

  it("sends an empty object when there is no body", async () => {
    respond({ success: true, data: [] });
    await post("general/schemes");
    expect(fetchMock.mock.calls[0]![1]?.body).toBe("{}");
  });

  it("adds the bearer token and the current language", async () => {
    useAuthStore.setState({ token: "tok-123" });
    useGeneralStore.setState({ language: "pl-PL" });
    respond({ success: true, data: {} });
    await post("user/info");
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get("Authorization")).toBe("Bearer tok-123");
    expect(headers.get("Accept-Language")).toBe("pl-PL");
  });
});

describe("post: success reshaping", () => {
  it("turns data into payload and every other field into meta", async () => {
    respond({ success: true, data: { a: 1 }, lastUpdatedTime: "t", total: 3 });
    await expect(post("venue/info")).resolves.toEqual({
      payload: { a: 1 },
      meta: { lastUpdatedTime: "t", total: 3 },
    });
  });

  it("gives an empty meta when there is no data field", async () => {
    respond({ success: true, total: 3 });
    await expect(post("auth/signout")).resolves.toEqual({ payload: undefined, meta: {} });
  });
});

describe("post: error messages (docs/product.md §8)", () => {
  it("uses batch_messages first, joined, keeping the list, code, fields and status", async () => {
    respond(
      {
        success: false,
        code: 1000,
        message: "Invalid",
        batch_messages: ["City is required", "Postcode is required"],
        fields: { city: "City is required" },
      },
      422,
    );
    const error = await failure();
    expect(error.message).toBe("City is required\nPostcode is required");
    expect(error.messages).toEqual(["City is required", "Postcode is required"]);
    expect(error.code).toBe(1000);
    expect(error.fields).toEqual({ city: "City is required" });
    expect(error.status).toBe(422);
  });

  it("ignores an empty batch_messages and uses message", async () => {
    respond(
      { success: false, code: 2061, message: "Incorrect username or password.", batch_messages: [] },
      401,
    );
    const error = await failure();
    expect(error.message).toBe("Incorrect username or password.");
    expect(error.code).toBe(2061);
    expect(error.status).toBe(401);
  });

  it("then error_user_messages when non-empty", async () => {
    respond({ success: false, error_user_messages: ["One", "Two"], error_message: "ignored" }, 400);
    expect((await failure()).message).toBe("One\nTwo");
  });

  it("then error_message", async () => {
    respond({ success: false, error_user_messages: [], error_message: "Plain error" }, 400);
    expect((await failure()).message).toBe("Plain error");
  });

  it("then the communication fallback, with its full stop", async () => {
    respond({ success: false }, 500);
    const error = await failure();
    expect(error.message).toBe("Error communicating with the server.");
    expect(error.fallback).toBe("communication");
  });

  it("treats success false as a failure even with HTTP 200", async () => {
    respond({ success: false, message: "Nope" }, 200);
    expect((await failure()).message).toBe("Nope");
  });

  it("gives the no-full-stop text for an empty response body", async () => {
    respond("", 502);
    const error = await failure();
    expect(error.message).toBe("Error communicating with the server");
    expect(error.fallback).toBe("emptyResponse");
    expect(error.status).toBe(502);
  });

  it("gives 'Something went wrong' for a network failure", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = await failure();
    expect(error.message).toBe("Something went wrong");
    expect(error.fallback).toBe("generic");
  });

  it("gives 'Something went wrong' for a body that is not JSON", async () => {
    respond("<html>Bad gateway</html>", 502);
    expect((await failure()).message).toBe("Something went wrong");
  });

  it.each([
    ["a message but no success field", { code: 1000, message: "Bad gateway", batch_messages: ["x"] }, 502],
    ["success true", { success: true, message: "upstream said no" }, 503],
    ["no fields at all", { error: "teapot" }, 418],
  ])("gives 'Something went wrong' for a non-2xx JSON body with %s", async (_, body, status) => {
    respond(body, status);
    const error = await failure();
    expect(error.message).toBe("Something went wrong");
    expect(error.messages).toEqual(["Something went wrong"]);
    expect(error.fallback).toBe("generic");
    expect(error.status).toBe(status);
  });

  it("lets an abort through untouched", async () => {
    fetchMock.mockRejectedValueOnce(new DOMException("aborted", "AbortError"));
    await expect(post("x")).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("post: reads the service worker keeps", () => {
  it("remembers each venue/info and menu/list body once, the newest last, and nothing else", async () => {
    const menu = (type: number) => ({
      filter: { business_slug: "demo", venue_slug: "soho", order_type: type },
    });
    for (let i = 0; i < 4; i++) respond({ success: true, data: {} });
    await post("menu/list", menu(0));
    await post("orders/quote", { data: {} });
    await post("menu/list", menu(1));
    await post("menu/list", menu(0));
    const mine = readsToKeep().filter((r) => r.body.includes('"soho"'));
    expect(mine).toEqual([
      { call: "menu/list", body: JSON.stringify(menu(1)) },
      { call: "menu/list", body: JSON.stringify(menu(0)) },
    ]);
  });
});

describe("post: answers from the service worker's cache", () => {
  it("are counted, so a refetch can tell it did not reach the server", async () => {
    const before = cachedAnswerCount();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: true, data: { a: 1 } }), {
        headers: { "X-Platter-From-Cache": "1" },
      }),
    );
    expect((await post("menu/list", {})).payload).toEqual({ a: 1 });
    expect(cachedAnswerCount()).toBe(before + 1);
    respond({ success: true, data: {} });
    await post("menu/list", {});
    expect(cachedAnswerCount()).toBe(before + 1);
  });
});
