import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { burgersScheme } from "@/test/fixtures";
import { apiStub } from "@/test/render-route";
import { useAuthStore } from "@/stores/auth";
import { createDefaultBasket } from "@/stores/basket";
import { initialHomeData, useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import type { SavedAddress } from "../types";
import { AddressPicker } from "./address-picker";
import { OrderAddressDialog } from "./order-address-dialog";

const home: SavedAddress = {
  id: 41,
  name: "Home",
  line_1: "1 Dean Street",
  line_2: "",
  city: "London",
  country: "GB",
  postcode: "W1D 3RB",
  lat: 51.514,
  lng: -0.132,
  contact_number: "+447911123456",
  email: "ann@example.com",
  note: "",
};

function wrap(children: ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  useHomeStore.setState({ ...initialHomeData });
  useVenueStore.setState({ currentScheme: burgersScheme });
  useAuthStore.setState({
    token: "t0k",
    user: { email: "ann@example.com", is_guest: false, business_slug: "demo-burgers" },
  });
  const stub = apiStub({
    "address/list": { success: true, data: [home] },
    "address/delete": { success: true, data: {} },
    "address/find-address": { success: true, data: [{ place_id: "gn:PL:1", description: "Kraków, Poland" }] },
    "general/shake-hand": { success: true, data: { maps: { tile_url: "", attribution: "© GeoNames" } } },
  });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    calls.push(String(input).replace(/^\/api\/v3\//, ""));
    return stub(input);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
});

describe("AddressPicker", () => {
  it("preselects the only saved address and Continue records it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(wrap(<AddressPicker storeCount={2} onSubmit={onSubmit} />));
    const radio = await screen.findByRole("radio", { name: /Home/ });
    expect(radio).toHaveProperty("checked", true);
    expect(screen.getByText("1 Dean Street, London W1D 3RB, United Kingdom")).toBeTruthy();
    const action = screen.getByRole("button", { name: "Continue" });
    expect(action.querySelector("[data-testid=menu-icon]")).toBeNull();
    await user.click(action);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ line1: "1 Dean Street", latitude: 51.514 }),
      41,
    );
    expect(useHomeStore.getState()).toMatchObject({
      selectedAddress: 41,
      delivery_address: expect.objectContaining({ name: "Home", longitude: -0.132 }),
    });
  });

  it("keeps the saved addresses when the search box only gets the focus (Tab walks on to them)", async () => {
    const user = userEvent.setup();
    render(wrap(<AddressPicker storeCount={2} onSubmit={() => {}} />));
    const radio = await screen.findByRole("radio", { name: /Home/ });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByPlaceholderText("Search for an address"));
    await user.tab();
    expect(document.activeElement).toBe(radio);
    expect(screen.queryByTestId("address-suggestions")).toBeNull();
    // Escape in the search returns from the suggestions as the close icon does.
    await user.type(screen.getByPlaceholderText("Search for an address"), "Kr");
    expect(screen.getByTestId("address-suggestions")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("address-suggestions")).toBeNull();
    expect(screen.getByRole("radio", { name: /Home/ })).toBeTruthy();
  });

  it("labels the action Go to Menu with the menu icon for one store", async () => {
    render(wrap(<AddressPicker storeCount={1} onSubmit={() => {}} />));
    const action = await screen.findByRole("button", { name: "Go to Menu" });
    expect(action.querySelector("[data-testid=menu-icon]")).not.toBeNull();
  });

  it("shows suggestions from the search box after the debounce; the close icon returns to the addresses", async () => {
    const user = userEvent.setup();
    render(wrap(<AddressPicker storeCount={2} onSubmit={() => {}} />));
    await screen.findByRole("radio", { name: /Home/ });
    await user.click(screen.getByPlaceholderText("Search for an address"));
    expect(screen.queryByRole("radio")).toBeNull();
    await user.type(screen.getByPlaceholderText("Search for an address"), "Krak");
    expect(calls).not.toContain("address/find-address");
    expect(await screen.findByRole("button", { name: "Kraków, Poland" }, { timeout: 3000 })).toBeTruthy();
    expect(calls.filter((c) => c === "address/find-address")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(screen.getByPlaceholderText("Search for an address")).toHaveProperty("value", "");
    expect(screen.getByRole("radio", { name: /Home/ })).toBeTruthy();
  });

  it("deletes a saved address after confirmation", async () => {
    const user = userEvent.setup();
    render(wrap(<AddressPicker storeCount={2} onSubmit={() => {}} />));
    await screen.findByRole("radio", { name: /Home/ });
    await user.click(screen.getByRole("button", { name: "Delete Home" }));
    expect(calls).not.toContain("address/delete");
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(calls).toContain("address/delete"));
  });

  it("treats a token of another scheme as signed out", async () => {
    useAuthStore.setState({
      token: "t0k",
      user: { email: "ann@example.com", is_guest: false, business_slug: "demo-pierogi" },
    });
    render(wrap(<AddressPicker storeCount={2} onSubmit={() => {}} />));
    expect(await screen.findByText(/No saved addresses yet/)).toBeTruthy();
    expect(calls).not.toContain("address/list");
  });

  it("does not ask for saved addresses for a guest", async () => {
    useAuthStore.setState({ token: "guest", user: { is_guest: true, business_slug: "demo-burgers" } });
    render(wrap(<AddressPicker storeCount={2} onSubmit={() => {}} />));
    expect(await screen.findByText(/No saved addresses yet/)).toBeTruthy();
    expect(calls).not.toContain("address/list");
  });
});

describe("OrderAddressDialog", () => {
  beforeEach(() => {
    const store = { venue_slug: "soho" } as (typeof burgersScheme.stores)[number];
    useVenueStore.setState({
      currentScheme: { ...burgersScheme, stores: [store, { ...store, venue_slug: "shoreditch" }] },
      currentVenue: store,
      basket: { "demo-burgers": { soho: createDefaultBasket() } },
    });
  });

  it("copies the choice into the current order detail, signals submit and closes", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(wrap(<OrderAddressDialog open onClose={onClose} onSubmit={onSubmit} />));
    await screen.findByRole("radio", { name: /Home/ });
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(useVenueStore.getState().basket["demo-burgers"]?.soho?.orderDetail.delivery_address).toMatchObject(
      {
        line1: "1 Dean Street",
      },
    );
    expect(onSubmit).toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("when persistent has no close icon and an empty call-to-action area", async () => {
    render(wrap(<OrderAddressDialog open persistent onClose={() => {}} />));
    await screen.findByRole("radio", { name: /Home/ });
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  });
});
