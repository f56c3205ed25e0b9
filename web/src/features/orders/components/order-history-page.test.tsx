import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useAuthStore } from "@/stores/auth";
import { addItem, createDefaultBasket } from "@/stores/basket";
import { useGeneralStore } from "@/stores/general";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { burgersScheme } from "@/test/fixtures";
import { testMenu, testStore } from "@/test/menu-fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

const scheme = { ...burgersScheme, stores: [testStore()] };

/** A paid pickup order of one Cola (item 3 of testMenu) at soho. */
const pickupOrder = {
  id: 501,
  number: "E-501",
  venue_slug: "soho",
  venue: { venue_slug: "soho", name: "Soho" },
  order_type: 1,
  status: "collected",
  created_at: "2026-11-20T12:00:00Z",
  pricing: { total: 249, currency: 0 },
  items: [
    {
      index: 0,
      item_id: 3,
      title: "Cola",
      qty: 1,
      unit_price: 249,
      total: 249,
      vat_rate_bp: 2000,
      modifiers: [],
      available: true,
      problem: null,
    },
  ],
};

beforeEach(async () => {
  useGeneralStore.setState({ language: "en-US" });
  await i18n.changeLanguage("en-US");
  useAuthStore.setState({
    token: "tok-1",
    user: {
      id: 7,
      email: "anna@example.com",
      first_name: "Anna",
      last_name: "Nowak",
      is_guest: false,
      business_slug: "demo-burgers",
    },
  } as never);
  vi.stubGlobal(
    "fetch",
    apiStub({
      "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" },
      "user/info": { success: true, data: useAuthStore.getState().user },
      "orders/list": { success: true, data: [pickupOrder], total: 1, per_page: 10 },
      "menu/list": { success: true, data: testMenu, version: 1 },
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
  useVenueStore.setState({ basket: {} } as never);
});

/** A delivery basket at soho holding two Jalapeño Poppers (item 4). */
function fillDeliveryBasket() {
  const basket = addItem(createDefaultBasket(0), { item_id: 4, qty: 2 });
  useVenueStore.setState({ basket: { "demo-burgers": { soho: basket } } } as never);
  useHomeStore.setState({ order_type: 0, currentScheme: "demo-burgers" } as never);
}

describe("order history: Order again", () => {
  it("asks before a pickup order empties a filled delivery basket (docs/product.md §4); cancel keeps it", async () => {
    fillDeliveryBasket();
    renderRoute("/demo-burgers/orders");
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: /^Order again/ }));
    const dialog = await screen.findByRole("alertdialog", { name: "Change the order type?" });
    await u.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const kept = useVenueStore.getState().basket["demo-burgers"]!.soho!;
    expect(kept.orderDetail.order_type).toBe(0);
    expect(kept.items).toEqual([expect.objectContaining({ item_id: 4, qty: 2 })]);

    await u.click(screen.getByRole("button", { name: /^Order again/ }));
    await u.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Change and empty basket" }),
    );
    expect(await screen.findByText("1 item is back in your basket.")).toBeTruthy();
    const changed = useVenueStore.getState().basket["demo-burgers"]!.soho!;
    expect(changed.orderDetail.order_type).toBe(1);
    expect(changed.items).toEqual([expect.objectContaining({ item_id: 3, qty: 1 })]);
  });

  it("puts the lines back at once when no basket of the other type holds anything", async () => {
    renderRoute("/demo-burgers/orders");
    await userEvent.click(await screen.findByRole("button", { name: /^Order again/ }));
    expect(await screen.findByText("1 item is back in your basket.")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
