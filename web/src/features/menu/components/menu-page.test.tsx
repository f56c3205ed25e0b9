import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useGeneralStore } from "@/stores/general";
import { useHomeStore } from "@/stores/home";
import { burgersScheme } from "@/test/fixtures";
import { item, testMenu, testStore } from "@/test/menu-fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

const scheme = { ...burgersScheme, stores: [testStore()] };

beforeEach(async () => {
  useGeneralStore.setState({ language: "en-US" });
  useHomeStore.setState({ order_type: 1 });
  await i18n.changeLanguage("en-US");
  vi.stubGlobal(
    "fetch",
    apiStub({
      "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" },
      "menu/list": { success: true, data: testMenu, version: 1 },
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const card = (id: number) => screen.getByTestId(`item-${id}`);

describe("menu page", () => {
  it("lists active categories and adds and removes an item without modifiers", async () => {
    renderRoute("/demo-burgers/soho/menu");
    expect(await screen.findByRole("heading", { level: 1, name: "Soho" })).toBeTruthy();
    await screen.findByRole("heading", { name: "Burgers" });
    expect(screen.queryByRole("heading", { name: "Empty" })).toBeNull();
    await waitFor(() => expect(document.title).toBe("Demo Burgers — Soho"));

    await userEvent.click(screen.getByRole("button", { name: /^Add Cola.*£2\.49/ }));
    const bin = within(card(3)).getByRole("button", { name: "Remove Cola from the basket" });
    expect(await screen.findByRole("button", { name: /View basket/ })).toBeTruthy();
    await userEvent.click(bin);
    expect(within(card(3)).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /View basket/ })).toBeNull();
  });

  it("does not let the unavailable item be added", async () => {
    renderRoute("/demo-burgers/soho/menu");
    const truffle = await screen.findByRole("button", { name: /^Truffle Burger.*Unavailable/ });
    expect((truffle as HTMLButtonElement).disabled).toBe(true);
  });

  it("adds an item with modifiers only once the required choice is made", async () => {
    renderRoute("/demo-burgers/soho/menu");
    await userEvent.click(
      await screen.findByRole("button", { name: /Choose options for Classic Cheeseburger/ }),
    );
    const add = await screen.findByRole("button", { name: /Add 1 to basket/ });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Choose your patty: choose 1 more")).toBeTruthy();
    await userEvent.click(screen.getByRole("radio", { name: /Double beef/ }));
    await userEvent.click(screen.getByRole("checkbox", { name: /Cheese/ }));
    expect(add.textContent).toContain("£12.99");
    expect((add as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(add);
    await waitFor(() => expect(screen.queryByRole("button", { name: /Add 1 to basket/ })).toBeNull());
    // An item with modifiers keeps its plus (no bin) even when in the basket.
    expect(within(card(1)).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(card(1).textContent).toContain("1×");
    await userEvent.click(screen.getByRole("button", { name: /View basket/ }));
    expect((await screen.findByTestId("basket-subtotal")).textContent).toBe("£12.99");
  });

  it("searches within the menu", async () => {
    renderRoute("/demo-burgers/soho/menu");
    await userEvent.type(await screen.findByRole("searchbox", { name: "Search the menu" }), "jalapeno");
    expect(screen.getByRole("button", { name: /Jalapeño Poppers/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Cola/ })).toBeNull();
  });

  it("promises a later time while the kitchen is busy", async () => {
    const busy = { ...burgersScheme, stores: [testStore({ prep_minutes: 15, busy_minutes: 20 })] };
    vi.stubGlobal(
      "fetch",
      apiStub({
        "venue/info": { success: true, data: busy, lastUpdatedTime: "t" },
        "menu/list": { success: true, data: testMenu, version: 1 },
      }),
    );
    renderRoute("/demo-burgers/soho/menu");
    expect(await screen.findByText("Ready in about 35 min")).toBeTruthy();
  });

  it("promises a delivery the same minutes as the store list", async () => {
    useHomeStore.setState({ order_type: 0 });
    renderRoute("/demo-burgers/soho/menu");
    expect(await screen.findByText("Delivery in about 40 min")).toBeTruthy();
  });

  it("offers a paused venue's schedule, not ASAP, and says until when (issue 18)", async () => {
    const paused = { ...burgersScheme, stores: [testStore({ paused_until: "2026-11-16T14:30:00Z" })] };
    vi.stubGlobal(
      "fetch",
      apiStub({
        "venue/info": { success: true, data: paused, lastUpdatedTime: "t" },
        "menu/list": { success: true, data: testMenu, version: 1 },
      }),
    );
    renderRoute("/demo-burgers/soho/menu");
    const asap = (await screen.findByRole("radio", { name: "As soon as possible" })) as HTMLInputElement;
    expect(asap.checked).toBe(false);
    expect(asap.disabled).toBe(true);
    expect((screen.getByRole("radio", { name: "Schedule for later" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.getByTestId("opening-badge").textContent).toBe("Paused");
    expect(
      screen.getByText(/^We.re not taking orders for right now\. ASAP orders again from 2:30 PM/),
    ).toBeTruthy();
    expect(screen.queryByText(/Ready in about/)).toBeNull();
  });

  it("mounts a long menu a few cards at a time, and a category picked at once is there", async () => {
    const categories = [1, 2, 3, 4].map((id) => ({ id, name: `Section ${id}`, position: id }));
    const items = Array.from({ length: 40 }, (_, i) =>
      item({ id: 100 + i, title: `Dish ${i}`, category_id: 1 + Math.floor(i / 10), price: 500 }),
    );
    vi.stubGlobal(
      "fetch",
      apiStub({
        "venue/info": { success: true, data: scheme, lastUpdatedTime: "t" },
        "menu/list": { success: true, data: { ...testMenu, categories, items }, version: 2 },
      }),
    );
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderRoute("/demo-burgers/soho/menu");
    await screen.findByRole("heading", { name: "Section 1", level: 2 });
    // The last section is not mounted yet when its chip is picked: it is then.
    expect(screen.queryByRole("heading", { name: "Section 4", level: 2 })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Menu categories" });
    await userEvent.click(within(nav).getByRole("link", { name: "Section 4" }));
    const last = screen.getByRole("heading", { name: "Section 4", level: 2 });
    expect(scrolled.mock.contexts.at(-1)).toBe(last.closest("section"));
    expect(document.querySelectorAll(".item-card")).toHaveLength(40);
  });
});
