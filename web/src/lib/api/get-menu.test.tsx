// A .tsx test so it runs in jsdom (the inline block is read from the document).
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readsToKeep } from "./client";
import { INLINE_MENU_ID, menuQueryOptions, takeInlineMenu } from "./get-menu";

function inline(text: string, venue = "soho", orderType = "0") {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = INLINE_MENU_ID;
  block.dataset.venue = venue;
  block.dataset.orderType = orderType;
  block.textContent = text;
  document.body.append(block);
}

const answer = {
  success: true,
  data: { menu: { id: 1, name: "Main", layout_style: 0 }, categories: [], items: [] },
  version: 7,
};

describe("takeInlineMenu (the menu/list answer in a menu page's first HTML)", () => {
  beforeEach(() => window.history.replaceState(null, "", "/demo-burgers/soho/menu"));
  afterEach(() => document.getElementById(INLINE_MENU_ID)?.remove());

  it("is the answer reshaped like a call's, for its own scheme, venue and order type only", () => {
    inline(JSON.stringify(answer));
    expect(takeInlineMenu("demo-pierogi", "soho", 0)).toBeUndefined();
    expect(takeInlineMenu("demo-burgers", "shoreditch", 0)).toBeUndefined();
    expect(takeInlineMenu("demo-burgers", "soho", 1)).toBeUndefined();
    expect(takeInlineMenu("demo-burgers", "soho", 0)).toEqual({ payload: answer.data, meta: { version: 7 } });
    // Handed to the service worker like a call the page made, with the body the call would have.
    expect(readsToKeep()).toContainEqual({
      call: "menu/list",
      body: JSON.stringify({ filter: { business_slug: "demo-burgers", venue_slug: "soho", order_type: 0 } }),
    });
  });

  it("is taken once: a second read asks the server", () => {
    inline(JSON.stringify(answer));
    expect(takeInlineMenu("demo-burgers", "soho", 0)).toBeDefined();
    expect(takeInlineMenu("demo-burgers", "soho", 0)).toBeUndefined();
  });

  it("is nothing with broken JSON or a failure envelope", () => {
    inline("{not json");
    expect(takeInlineMenu("demo-burgers", "soho", 0)).toBeUndefined();
    inline(JSON.stringify({ success: false, code: 1404 }));
    expect(takeInlineMenu("demo-burgers", "soho", 0)).toBeUndefined();
  });

  it("fills the menu query without a call, fresh for the query's stale time", async () => {
    inline(JSON.stringify(answer));
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    await client.prefetchQuery(menuQueryOptions("demo-burgers", "soho", 0));
    expect(client.getQueryData(menuQueryOptions("demo-burgers", "soho", 0).queryKey)).toEqual({
      payload: answer.data,
      meta: { version: 7 },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
