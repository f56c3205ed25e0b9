import { describe, expect, it } from "vitest";
import { dataKey, isDataKey, keepRequests, storefrontScheme, strategy } from "./rules";

const origin = "https://order.example";
const at = (path: string, method = "GET", mode = "cors") => ({
  method,
  url: new URL(path, origin),
  origin,
  mode,
});

describe("service worker rules", () => {
  it("keeps the storefront's pages, never the back office's or the driver's", () => {
    expect(strategy(at("/demo-burgers/soho/menu", "GET", "navigate"))).toEqual({
      kind: "page",
      scheme: "demo-burgers",
    });
    expect(strategy(at("/demo-burgers/home?x=1", "GET", "navigate"))).toEqual({
      kind: "page",
      scheme: "demo-burgers",
    });
    for (const path of [
      "/demo-burgers/admin",
      "/demo-burgers/admin/orders",
      "/demo-burgers/driver",
      "/",
      "/.vite/manifest.json",
      "/demo-burgers/soho/hours.ics",
    ]) {
      expect(strategy(at(path, "GET", "navigate")), path).toEqual({ kind: "pass" });
    }
    expect(storefrontScheme("/demo-pierogi/krakow/checkout")).toBe("demo-pierogi");
  });

  it("keeps only the two read calls of the menu, and no other call", () => {
    expect(strategy(at("/api/v3/menu/list", "POST"))).toEqual({ kind: "data", call: "menu/list" });
    expect(strategy(at("/api/v3/venue/info", "POST"))).toEqual({ kind: "data", call: "venue/info" });
    for (const call of ["order/create", "auth/signin", "user/info", "address/list"]) {
      expect(strategy(at(`/api/v3/${call}`, "POST")), call).toEqual({ kind: "pass" });
    }
  });

  it("serves hashed assets from the cache and pictures while refreshing them", () => {
    expect(strategy(at("/assets/index-B3sJMxiY.js"))).toEqual({ kind: "asset" });
    expect(strategy(at("/demo-assets/burger.svg"))).toEqual({ kind: "media" });
    expect(strategy(at("/demo-burgers/manifest.webmanifest"))).toEqual({ kind: "media" });
    expect(strategy(at("/sw.js"))).toEqual({ kind: "pass" });
    expect(strategy(at("/healthz"))).toEqual({ kind: "pass" });
    // Another origin (map tiles, a scheme's CDN): the browser's business.
    expect(strategy({ ...at("/"), url: new URL("https://tile.openstreetmap.org/1/1/1.png") })).toEqual({
      kind: "pass",
    });
  });

  it("keys a call's answer by its exact body", () => {
    const soho = JSON.stringify({
      filter: { business_slug: "demo-burgers", venue_slug: "soho", order_type: 1 },
    });
    const pickup = JSON.stringify({
      filter: { business_slug: "demo-burgers", venue_slug: "soho", order_type: 2 },
    });
    expect(dataKey(origin, "menu/list", soho)).toBe(dataKey(origin, "menu/list", soho));
    expect(dataKey(origin, "menu/list", soho)).not.toBe(dataKey(origin, "menu/list", pickup));
    expect(isDataKey(dataKey(origin, "menu/list", soho), origin, "menu/list")).toBe(true);
    expect(isDataKey(dataKey(origin, "venue/info", soho), origin, "menu/list")).toBe(false);
  });

  it("fetches and keeps only the data calls a page's keep message names", () => {
    const body = JSON.stringify({
      filter: { business_slug: "demo-burgers", venue_slug: "soho", order_type: 1 },
    });
    expect(
      keepRequests({
        type: "platter-keep",
        reads: [
          { call: "menu/list", body },
          { call: "orders/prepare", body },
          { call: "venue/info", body: 7 },
          { call: "venue/info", body: "x".repeat(5000) },
          null,
        ],
      }),
    ).toEqual([{ call: "menu/list", body }]);
    expect(keepRequests({ type: "other", reads: [] })).toBeNull();
    expect(keepRequests({ type: "platter-keep" })).toBeNull();
    expect(keepRequests("platter-keep")).toBeNull();
  });
});
