import { describe, expect, it } from "vitest";
import { authSearch, redirectFrom, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps pages of the same scheme, with their query and hash", () => {
    expect(safeRedirect("/demo-burgers/soho/checkout", "demo-burgers")).toBe("/demo-burgers/soho/checkout");
    expect(safeRedirect("/demo-burgers/home/stores?x=1#top", "demo-burgers")).toBe(
      "/demo-burgers/home/stores?x=1#top",
    );
  });

  it("refuses other sites, other schemes and the auth screens", () => {
    for (const bad of [
      "https://evil.test/demo-burgers/home",
      "//evil.test/demo-burgers/home",
      "/\\evil.test",
      "javascript:alert(1)",
      "demo-burgers/home",
      "/demo-pierogi/home",
      "/demo-burgers/auth/sign-in",
      "/",
      "",
      null,
      42,
    ]) {
      expect(safeRedirect(bad, "demo-burgers"), String(bad)).toBeNull();
    }
  });
});

describe("redirectFrom", () => {
  it("prefers ?redirect=, then state.from (string or location)", () => {
    expect(redirectFrom("?redirect=%2Fs%2Fv%2Fcheckout", { from: "/s/home" }, "s")).toBe("/s/v/checkout");
    expect(redirectFrom("", { from: "/s/home/stores" }, "s")).toBe("/s/home/stores");
    expect(redirectFrom("", { from: { pathname: "/s/v/menu", search: "?a=1" } }, "s")).toBe("/s/v/menu?a=1");
    expect(redirectFrom("?redirect=https://x.test", null, "s")).toBeNull();
  });
});

describe("authSearch", () => {
  it("builds the query carried between the auth screens", () => {
    expect(authSearch(null)).toBe("");
    expect(authSearch("/s/v/checkout")).toBe("?redirect=%2Fs%2Fv%2Fcheckout");
  });
});
