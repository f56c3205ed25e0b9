import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useGeneralStore } from "@/stores/general";
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

  it("announces basket changes in a polite live region, with plural counts", async () => {
    withBasket([{ item_id: 3, qty: 1 }]);
    renderRoute("/demo-burgers/soho/menu");
    const announcer = await screen.findByTestId("basket-announcer");
    expect(announcer.getAttribute("aria-live")).toBe("polite");
    await screen.findByRole("button", { name: /View basket/ });
    // The basket the visitor came back with is not news.
    expect(announcer.textContent).toBe("");
    await userEvent.click(screen.getByRole("button", { name: /^Add Cola/ }));
    await waitFor(() => expect(announcer.textContent).toBe("Added Cola to basket. 2 items in basket."));
    const sheet = await openSheet();
    await userEvent.click(within(sheet).getByRole("button", { name: "One fewer Cola" }));
    await waitFor(() => expect(announcer.textContent).toBe("Removed Cola from basket. 1 item in basket."));
    await userEvent.click(within(sheet).getByRole("button", { name: "Remove Cola" }));
    await waitFor(() =>
      expect(announcer.textContent).toBe("Removed Cola from basket. Your basket is empty."),
    );
  });

  it("announces in Polish with its plural forms", async () => {
    useGeneralStore.setState({ language: "pl-PL", languages: { "demo-burgers": "pl-PL" } }); // chosen on this scheme
    await act(() => i18n.changeLanguage("pl-PL"));
    try {
      withBasket([{ item_id: 3, qty: 1 }]);
      renderRoute("/demo-burgers/soho/menu");
      const announcer = await screen.findByTestId("basket-announcer");
      await screen.findByRole("button", { name: /Zobacz koszyk/ });
      await userEvent.click(screen.getByRole("button", { name: /^Dodaj Cola/ }));
      await waitFor(() =>
        expect(announcer.textContent).toBe("Dodano Cola do koszyka. 2 produkty w koszyku."),
      );
      act(() =>
        useVenueStore.setState((s) => ({
          basket: {
            "demo-burgers": { soho: { ...s.basket["demo-burgers"]!.soho!, items: [{ item_id: 3, qty: 5 }] } },
          },
        })),
      );
      await waitFor(() =>
        expect(announcer.textContent).toBe("Dodano 3 × Cola do koszyka. 5 produktów w koszyku."),
      );
    } finally {
      useGeneralStore.setState({ language: "en-US" });
      await act(() => i18n.changeLanguage("en-US"));
    }
  });
});
