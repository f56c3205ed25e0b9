import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDefaultBasket } from "@/stores/basket";
import { initialHomeData, useHomeStore } from "@/stores/home";
import { initialVenueData, useVenueStore } from "@/stores/venue";
import { burgersScheme } from "@/test/fixtures";
import { testMenu, testStore } from "@/test/menu-fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

const soho = testStore();
const scheme = { ...burgersScheme, stores: [soho] };

function withBasket(items: { item_id: number; qty: number }[]) {
  useVenueStore.setState({
    ...initialVenueData,
    currentScheme: scheme,
    currentVenue: soho,
    basket: { "demo-burgers": { soho: { ...createDefaultBasket(0), items } } },
  });
}

beforeEach(() => {
  useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers", order_type: 0 });
  vi.stubGlobal(
    "fetch",
    apiStub({
      "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" },
      "menu/list": { success: true, data: testMenu, version: 1 },
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function openSheet() {
  await userEvent.click(await screen.findByRole("button", { name: /View basket/ }));
  return screen.findByRole("dialog", { name: "Your basket" });
}

describe("basket", () => {
  it("shows lines, the subtotal and how much is missing for the delivery minimum", async () => {
    withBasket([{ item_id: 3, qty: 2 }]);
    renderRoute("/demo-burgers/soho/menu");
    const sheet = await openSheet();
    expect(within(sheet).getByTestId("basket-subtotal").textContent).toBe("£4.98");
    expect(within(sheet).getByTestId("basket-minimum").textContent).toContain(
      "Minimum order £10.00: add £5.02 more to check out.",
    );
    expect(
      (within(sheet).getByRole("button", { name: /Go to checkout/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(within(sheet).getByRole("button", { name: "One more Cola" }));
    expect(within(sheet).getByTestId("basket-subtotal").textContent).toBe("£7.47");
    await userEvent.click(within(sheet).getByRole("button", { name: "One fewer Cola" }));
    await userEvent.click(within(sheet).getByRole("button", { name: "One fewer Cola" }));
    await userEvent.click(within(sheet).getByRole("button", { name: "Remove Cola" }));
    expect(within(sheet).getByText("Your basket is empty")).toBeTruthy();
  });

  it("flags lines that are unavailable or left the menu and leaves them out of the subtotal", async () => {
    withBasket([
      { item_id: 4, qty: 1 },
      { item_id: 2, qty: 1 },
      { item_id: 404, qty: 5 },
    ]);
    renderRoute("/demo-burgers/soho/menu");
    const sheet = await openSheet();
    const lines = within(sheet).getAllByTestId("basket-line");
    expect(lines[1]?.textContent).toContain("Unavailable right now: not included");
    expect(lines[2]?.textContent).toContain("An item no longer on the menu");
    expect(lines[2]?.textContent).toContain("No longer on the menu: not included");
    expect(within(sheet).getByTestId("basket-subtotal").textContent).toBe("£1,234.50");
    expect(within(sheet).getByText(/not included in the subtotal/)).toBeTruthy();
    // Minimum reached: checkout is open and goes to the venue's checkout.
    const checkout = within(sheet).getByRole("button", { name: /Go to checkout/ }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(false);
  });
});
