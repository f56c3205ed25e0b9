import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useAuthStore } from "@/stores/auth";
import { useGeneralStore } from "@/stores/general";
import { initialHomeData, useHomeStore } from "@/stores/home";
import { initialVenueData, useVenueStore } from "@/stores/venue";
import { burgersScheme } from "@/test/fixtures";
import { testStore } from "@/test/menu-fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

const soho = testStore();
const saved = {
  id: 5,
  name: "Work",
  line_1: "2 Old Street",
  line_2: "",
  city: "London",
  country: "GB" as const,
  postcode: "EC1V 9HL",
  lat: 51.525,
  lng: -0.088,
  contact_number: "+447911123456",
  email: "ann@example.com",
  note: "",
};

function stub(stores: (typeof soho)[]) {
  const scheme = { ...burgersScheme, stores };
  useVenueStore.setState({ ...initialVenueData, currentScheme: scheme });
  vi.stubGlobal(
    "fetch",
    apiStub({
      "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" },
      "address/list": { success: true, data: [saved], total: 1 },
    }),
  );
}

beforeEach(async () => {
  useGeneralStore.setState({ language: "en-US" });
  await i18n.changeLanguage("en-US");
  useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers" });
  useAuthStore.setState({
    token: "t0k",
    user: { email: "ann@example.com", is_guest: false, business_slug: "demo-burgers" },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
});

describe("OrderAddress screen", () => {
  it("goes on to the stores when the scheme has several", async () => {
    stub([soho, testStore({ venue_slug: "shoreditch", name: "Shoreditch" })]);
    const { router } = renderRoute("/demo-burgers/home/address");
    expect(await screen.findByRole("radio", { name: /Work/ })).toHaveProperty("checked", true);
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home/stores"));
    expect(useHomeStore.getState()).toMatchObject({ selectedAddress: 5, order_type: 0 });
  });

  it("goes straight to the menu of the only store", async () => {
    stub([soho]);
    const { router } = renderRoute("/demo-burgers/home/address");
    await screen.findByRole("radio", { name: /Work/ });
    await userEvent.click(screen.getByRole("button", { name: "Go to Menu" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/demo-burgers/${soho.venue_slug}/menu`));
    expect(useVenueStore.getState().currentVenue?.venue_slug).toBe(soho.venue_slug);
  });
});
