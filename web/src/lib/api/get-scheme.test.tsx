// A .tsx test so it runs in jsdom (the inline block is read from the document).
import { afterEach, describe, expect, it } from "vitest";
import { INLINE_SCHEME_ID, inlineScheme } from "./get-scheme";

function inline(text: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = INLINE_SCHEME_ID;
  block.textContent = text;
  document.body.append(block);
}

const answer = {
  success: true,
  data: { business_slug: "demo-burgers", name: "Ember & Bun", stores: [] },
  lastUpdatedTime: "2026-11-22T10:00:00Z",
};

describe("inlineScheme (the venue/info answer in the first HTML)", () => {
  afterEach(() => document.getElementById(INLINE_SCHEME_ID)?.remove());

  it("is the answer reshaped like a call's, for its own scheme only", () => {
    inline(JSON.stringify(answer).replace("&", "\\u0026"));
    expect(inlineScheme("demo-burgers")).toEqual({
      payload: answer.data,
      meta: { lastUpdatedTime: "2026-11-22T10:00:00Z" },
    });
    expect(inlineScheme("demo-pierogi")).toBeUndefined();
  });

  it("is nothing without a block, with broken JSON or a failure envelope", () => {
    expect(inlineScheme("demo-burgers")).toBeUndefined();
    inline("{not json");
    expect(inlineScheme("demo-burgers")).toBeUndefined();
    document.getElementById(INLINE_SCHEME_ID)?.remove();
    inline(JSON.stringify({ success: false, code: 1404 }));
    expect(inlineScheme("demo-burgers")).toBeUndefined();
  });
});
