import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initialHomeData, useHomeStore } from "@/stores/home";
import { initialVenueData, useVenueStore } from "@/stores/venue";
import { burgersScheme } from "@/test/fixtures";
import { testStore } from "@/test/menu-fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

const scheme = {
  ...burgersScheme,
  stores: [testStore(), testStore({ venue_slug: "shoreditch", name: "Shoreditch" })],
};

describe("store list and the browser's position", () => {
  const getCurrentPosition = vi.fn();
  beforeEach(() => {
    getCurrentPosition.mockReset();
    Object.defineProperty(navigator, "geolocation", { value: { getCurrentPosition }, configurable: true });
    useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers", order_type: 1 });
    useVenueStore.setState({ ...initialVenueData, currentScheme: scheme });
    vi.stubGlobal("fetch", apiStub({ "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" } }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "geolocation");
  });

  it("asks for the position only after the customer's click", async () => {
    renderRoute("/demo-burgers/home/stores");
    await screen.findByRole("heading", { name: "Choose a store" });
    await new Promise((r) => setTimeout(r, 50));
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Show distances from my location" }));
    await waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("button", { name: "Show distances from my location" })).toBeNull();
  });
});

describe("store list: what each store promises", () => {
  const stores = [
    testStore({ prep_minutes: 15, delivery_minutes: 25 }),
    testStore({ venue_slug: "shoreditch", name: "Shoreditch", paused_until: "2026-11-16T14:30:00Z" }),
  ];
  beforeEach(() => {
    useVenueStore.setState({ ...initialVenueData, currentScheme: { ...scheme, stores } });
    vi.stubGlobal(
      "fetch",
      apiStub({ "venue/info": { success: true, data: { ...scheme, stores }, lastUpdatedTime: "t" } }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("promises a delivery its delivery minutes too, as the menu does (issue 18)", async () => {
    useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers", order_type: 0 });
    renderRoute("/demo-burgers/home/stores");
    const soho = await screen.findByTestId("store-soho");
    expect(within(soho).getByText("Delivery in about 40 min")).toBeTruthy();
    expect(within(soho).queryByText(/Ready in about/)).toBeNull();
  });

  it("shows a paused store paused until when, without an ASAP promise (issue 18)", async () => {
    useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers", order_type: 1 });
    renderRoute("/demo-burgers/home/stores");
    const soho = await screen.findByTestId("store-soho");
    expect(within(soho).getByText("Ready in about 15 min")).toBeTruthy();
    const paused = screen.getByTestId("store-shoreditch");
    expect(within(paused).getByTestId("opening-badge").textContent).toBe("Paused");
    expect(within(paused).getByText("ASAP orders again from 2:30 PM")).toBeTruthy();
    expect(within(paused).queryByText(/Ready in about/)).toBeNull();
  });
});
