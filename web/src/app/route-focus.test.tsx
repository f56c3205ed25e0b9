import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiStub, renderRoute } from "@/test/render-route";

describe("focus on navigation", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("moves the focus to the new page's heading, but not on the first load", async () => {
    vi.stubGlobal("fetch", apiStub({}));
    const { router } = renderRoute("/no/such/page");
    await screen.findByRole("heading", { name: "Page not found" });
    // The first load leaves the focus where the browser puts it.
    expect(document.activeElement).toBe(document.body);

    await act(() => router.navigate("/another/missing/page/x"));
    const heading = await screen.findByRole("heading", { name: "Page not found", level: 1 });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });
});
