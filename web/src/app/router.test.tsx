import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useGeneralStore } from "@/stores/general";
import { burgersScheme, burgersSummary, pierogiSummary } from "@/test/fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

beforeEach(async () => {
  useGeneralStore.setState({ language: "en-US" });
  await i18n.changeLanguage("en-US");
});
afterEach(() => vi.unstubAllGlobals());

describe("routes", () => {
  it("landing lists every scheme with a link to its home", async () => {
    vi.stubGlobal(
      "fetch",
      apiStub({ "general/schemes": { success: true, data: [burgersSummary, pierogiSummary], total: 2 } }),
    );
    renderRoute("/");
    const link = await screen.findByRole("link", { name: /Demo Burgers/ });
    expect(link.getAttribute("href")).toBe("/demo-burgers/home");
    expect(screen.getByRole("link", { name: /Demo Pierogi/ }).getAttribute("href")).toBe(
      "/demo-pierogi/home",
    );
  });

  it("landing goes straight to the only scheme", async () => {
    vi.stubGlobal(
      "fetch",
      apiStub({
        "general/schemes": { success: true, data: [burgersSummary], total: 1 },
        "venue/info": { success: true, data: burgersScheme, lastUpdatedTime: "2026-01-01T00:00:00Z" },
      }),
    );
    const { router } = renderRoute("/");
    await screen.findByRole("heading", { name: "How would you like to get your order?" });
    expect(router.state.location.pathname).toBe("/demo-burgers/home");
  });

  it("themes the scheme's screens with its colours", async () => {
    vi.stubGlobal(
      "fetch",
      apiStub({ "venue/info": { success: true, data: burgersScheme, lastUpdatedTime: "t" } }),
    );
    renderRoute("/demo-burgers/auth/sign-in");
    await screen.findByRole("heading", { name: "Sign in", level: 1 });
    const root = screen.getByTestId("themed-root");
    expect(root.style.getPropertyValue("--colour")).toBe("#e4002b");
    expect(root.style.getPropertyValue("--colour-1")).toBe("#1a1a1a");
    expect(root.dataset.theme).toBe("light");
  });

  it("starts a pl-PL browser's first visit to a Polish-first scheme in Polish (issue 18)", async () => {
    const pierogi = { ...burgersScheme, ...pierogiSummary, languages: ["pl-PL", "en-US"] };
    vi.stubGlobal("fetch", apiStub({ "venue/info": { success: true, data: pierogi, lastUpdatedTime: "t" } }));
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["pl-PL", "pl", "en-US"]);
    try {
      renderRoute("/demo-pierogi/home");
      expect(await screen.findByRole("heading", { name: "Jak chcesz odebrać zamówienie?" })).toBeTruthy();
      expect(useGeneralStore.getState().language).toBe("pl-PL");
    } finally {
      vi.restoreAllMocks();
      await act(() => i18n.changeLanguage("en-US"));
    }
  });

  it("keeps the language the customer chose on a Polish-first scheme", async () => {
    const pierogi = { ...burgersScheme, ...pierogiSummary, languages: ["pl-PL", "en-US"] };
    vi.stubGlobal("fetch", apiStub({ "venue/info": { success: true, data: pierogi, lastUpdatedTime: "t" } }));
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["pl-PL"]);
    useGeneralStore.setState({ languages: { "demo-pierogi": "en-US" } });
    try {
      renderRoute("/demo-pierogi/home");
      expect(
        await screen.findByRole("heading", { name: "How would you like to get your order?" }),
      ).toBeTruthy();
      expect(useGeneralStore.getState().language).toBe("en-US");
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("keeps each scheme's language to itself: Polish chosen on one is not another's (issue 18)", async () => {
    const pierogi = { ...burgersScheme, ...pierogiSummary, languages: ["pl-PL", "en-US"] };
    const bySlug = (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === "string" ? init.body : "";
      const data = body.includes("demo-pierogi") ? pierogi : burgersScheme;
      void input;
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, data, lastUpdatedTime: "t" }), { status: 200 }),
      );
    };
    vi.stubGlobal("fetch", bySlug);
    const heading = { en: "How would you like to get your order?", pl: "Jak chcesz odebrać zamówienie?" };
    try {
      const { router } = renderRoute("/demo-burgers/home");
      await screen.findByRole("heading", { name: heading.en });
      await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "pl-PL");
      expect(await screen.findByRole("heading", { name: heading.pl })).toBeTruthy();

      // Another scheme, in this en-US browser: its own language, not the choice made on burgers.
      await act(() => router.navigate("/demo-pierogi/home"));
      expect(await screen.findByRole("heading", { name: heading.en })).toBeTruthy();
      expect(useGeneralStore.getState().language).toBe("en-US");

      // Back on burgers: its remembered choice.
      await act(() => router.navigate("/demo-burgers/home"));
      expect(await screen.findByRole("heading", { name: heading.pl })).toBeTruthy();
      expect(useGeneralStore.getState().languages).toEqual({ "demo-burgers": "pl-PL" });
    } finally {
      await act(() => i18n.changeLanguage("en-US"));
    }
  });

  it("shows the not-found page for an unknown path", async () => {
    vi.stubGlobal("fetch", apiStub({}));
    renderRoute("/no/such/page/here");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
  });

  it("shows the not-found page in Polish", async () => {
    useGeneralStore.getState().setLanguage("pl-PL");
    vi.stubGlobal("fetch", apiStub({}));
    renderRoute("/a/b/c/d/e");
    expect(await screen.findByRole("heading", { name: "Nie znaleziono strony" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("pl-PL");
  });

  it("shows the server's message and a retry when the scheme list fails", async () => {
    vi.stubGlobal("fetch", async () => new Response("", { status: 502 }));
    renderRoute("/");
    expect((await screen.findByRole("alert")).textContent).toBe("Error communicating with the server");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("scrolls to the top on each navigation", async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    vi.stubGlobal("fetch", apiStub({}));
    const { router } = renderRoute("/no/such/page");
    await screen.findByRole("heading", { name: "Page not found" });
    scrollTo.mockClear();
    await act(() => router.navigate("/another/missing/page/x"));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
