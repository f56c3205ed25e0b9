import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { createDefaultBasket } from "@/stores/basket";
import { useGeneralStore } from "@/stores/general";
import { initialHomeData, useHomeStore } from "@/stores/home";
import { initialVenueData, useVenueStore } from "@/stores/venue";
import { burgersScheme } from "@/test/fixtures";
import { testStore } from "@/test/menu-fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

const soho = testStore();
const scheme = {
  ...burgersScheme,
  stores: [soho, testStore({ venue_slug: "shoreditch", name: "Shoreditch" })],
};

beforeEach(async () => {
  useGeneralStore.setState({ language: "en-US" });
  await i18n.changeLanguage("en-US");
  useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers", order_type: 1 });
  useVenueStore.setState({
    ...initialVenueData,
    currentScheme: scheme,
    currentVenue: soho,
    basket: { "demo-burgers": { soho: { ...createDefaultBasket(1), items: [{ item_id: 3, qty: 2 }] } } },
  });
  vi.stubGlobal("fetch", apiStub({ "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" } }));
});
afterEach(() => vi.unstubAllGlobals());

describe("order type", () => {
  it("asks before changing the order type with items in the basket; cancel keeps everything", async () => {
    const { router } = renderRoute("/demo-burgers/home");
    await userEvent.click(await screen.findByRole("button", { name: /Delivery/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Change the order type?" });
    expect(dialog.textContent).toContain("affect the items in your basket");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(useHomeStore.getState().order_type).toBe(1);
    expect(router.state.location.pathname).toBe("/demo-burgers/home");
  });

  it("on confirmation switches, empties the scheme's baskets and goes on", async () => {
    const { router } = renderRoute("/demo-burgers/home");
    await userEvent.click(await screen.findByRole("button", { name: /Delivery/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Change and empty basket" }));
    expect(useHomeStore.getState().order_type).toBe(0);
    expect(useVenueStore.getState().basket["demo-burgers"]?.soho?.items).toEqual([]);
    expect(useVenueStore.getState().basket["demo-burgers"]?.soho?.orderDetail.order_type).toBe(0);
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home/address"));
  });

  it("pickup lists the stores, without asking when the type does not change", async () => {
    const { router } = renderRoute("/demo-burgers/home");
    await userEvent.click(await screen.findByRole("button", { name: /Pickup/ }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home/stores"));
  });

  it("asks even before any choice when a basket was filled for the other order type", async () => {
    useHomeStore.setState({ order_type: null });
    renderRoute("/demo-burgers/home");
    await userEvent.click(await screen.findByRole("button", { name: /Delivery/ }));
    expect(await screen.findByRole("alertdialog", { name: "Change the order type?" })).toBeTruthy();
  });
});
