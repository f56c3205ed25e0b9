import { screen, waitFor } from "@testing-library/react";
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
