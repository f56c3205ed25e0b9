import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * Sessions per scheme (issue 18): a manager of two schemes keeps both boards
 * open in one browser. Signing in to one keeps the other; a page loaded
 * again finds its own scheme's session, whichever tab wrote last; each
 * call carries the token of the scheme it names.
 */

const burgers = { email: "manager@demo.test", business_slug: "demo-burgers" };
const pierogi = { email: "manager@demo.test", business_slug: "demo-pierogi" };

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

/** A page load at path: fresh store modules over what localStorage holds. */
async function load(path: string) {
  window.history.replaceState(null, "", path);
  vi.resetModules();
  return import("./auth");
}

describe("sessions per scheme", () => {
  it("signing in to a second scheme keeps the first, also after a reload of either page", async () => {
    const first = await load("/demo-burgers/admin/board/soho");
    first.useAuthStore.getState().setSession("tok-burgers", burgers);
    // The second scheme's board, in another tab: the same storage.
    const second = await load("/demo-pierogi/admin/board/rynek");
    second.useAuthStore.getState().setSession("tok-pierogi", pierogi);

    // The first board is loaded again (after the second tab wrote last).
    const reloaded = await load("/demo-burgers/admin/board/soho");
    const state = reloaded.useAuthStore.getState();
    expect(reloaded.selectIsSignedInTo("demo-burgers")(state)).toBe(true);
    expect(reloaded.tokenOf("demo-burgers")(state)).toBe("tok-burgers");
    expect(reloaded.tokenOf("demo-pierogi")(state)).toBe("tok-pierogi");
    expect(state.token).toBe("tok-burgers");

    // Signing out of one leaves the other.
    state.signOut("demo-pierogi");
    const again = await load("/demo-pierogi/admin/board/rynek");
    expect(again.selectIsSignedInTo("demo-pierogi")(again.useAuthStore.getState())).toBe(false);
    expect(again.tokenOf("demo-burgers")(again.useAuthStore.getState())).toBe("tok-burgers");
  });

  it("each call carries the token of the scheme it names", async () => {
    const auth = await load("/demo-burgers/admin/board/soho");
    auth.useAuthStore.getState().setSession("tok-burgers", burgers);
    auth.useAuthStore.getState().setSession("tok-pierogi", pierogi);
    const { call } = await import("@/lib/api/client");
    const sent: Array<string | null> = [];
    vi.stubGlobal("fetch", async (_: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get("Authorization"));
      return new Response(JSON.stringify({ success: true, data: [] }), { status: 200 });
    });
    try {
      await call("admin/venues/list", { filter: { business_slug: "demo-burgers" } });
      await call("admin/venues/list", { filter: { business_slug: "demo-pierogi" } });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent).toEqual(["Bearer tok-burgers", "Bearer tok-pierogi"]);
  });
});
