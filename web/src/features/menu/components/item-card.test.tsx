import i18n from "@/i18n";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ItemCard, type ItemCardProps } from "./item-card";

function renderCard(over: Partial<ItemCardProps> = {}) {
  const onAdd = vi.fn();
  const onRemove = vi.fn();
  const props: ItemCardProps = {
    id: 7,
    title: "Cola",
    description: "Ice cold",
    imageUrl: "/cola.svg",
    price: 123450,
    currency: "GBP",
    disable: false,
    isNew: false,
    isSmall: false,
    hasModifier: false,
    inBasket: 0,
    onAdd,
    onRemove,
    ...over,
  };
  const view = render(
    <ul>
      <ItemCard {...props} />
    </ul>,
  );
  return { ...view, onAdd, onRemove, card: view.container.querySelector("li")! };
}

describe("ItemCard (docs/product.md §4, §9)", () => {
  it("an item out of its dayparts says when it is served, and cannot be added", () => {
    const { card } = renderCard({ disable: true, servedHours: "07:00–11:00" });
    expect(card.textContent).toContain("Served 07:00–11:00");
    expect((screen.getByRole("button") as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows title, description and the price in the scheme's currency; a click emits add", async () => {
    const { onAdd, card } = renderCard({ currency: "PLN" });
    expect(card.textContent).toContain("Cola");
    expect(card.textContent).toContain("Ice cold");
    expect(card.textContent).toContain("1 234,50 zł");
    await userEvent.click(screen.getByRole("button", { name: /Add Cola/ }));
    expect(onAdd).toHaveBeenCalledWith(7);
    expect(card.querySelector(".item-card__action")?.getAttribute("aria-hidden")).toBe("true"); // the plus
  });

  it("when active without modifiers shows the bin, which removes without adding", async () => {
    const { onAdd, onRemove, card } = renderCard({ inBasket: 2 });
    expect(card.className).toContain("item-card--active");
    await userEvent.click(screen.getByRole("button", { name: "Remove Cola from the basket" }));
    expect(onRemove).toHaveBeenCalledWith(7);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("with modifiers always shows the plus, even when active", () => {
    renderCard({ inBasket: 1, hasModifier: true });
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Choose options for Cola/ })).toBeTruthy();
  });

  it("when disabled is dimmed, badged and cannot be clicked", () => {
    const { card } = renderCard({ disable: true });
    const button = screen.getByRole("button", { name: /^Cola.*Unavailable/ });
    // Disabled is what stops the click: a click on it afterwards could not fail.
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(card.className).toContain("item-card--disabled");
    expect(card.querySelector(".item-card__warning")?.textContent).toContain("Unavailable");
  });

  it("shows New, the small card, and a placeholder when the image is missing or fails", () => {
    const { card, rerender } = renderCard({ isNew: true, isSmall: true, imageUrl: "" });
    expect(card.textContent).toContain("New");
    expect(card.className).toContain("item-card--small");
    expect(screen.getByTestId("item-image-placeholder")).toBeTruthy();
    rerender(
      <ul>
        <ItemCard
          {...{ id: 7, title: "Cola", description: "", imageUrl: "/broken.png", price: 1, currency: "GBP" }}
          {...{ disable: false, isNew: false, isSmall: false, hasModifier: false, inBasket: 0 }}
          onAdd={() => {}}
          onRemove={() => {}}
        />
      </ul>,
    );
    const img = document.querySelector("img")!;
    fireEvent.error(img);
    expect(screen.getByTestId("item-image-placeholder")).toBeTruthy();
  });

  it.each([
    [1, 2, "Choose 1–2"],
    [1, 0, "Choose at least 1 option"],
    [2, 0, "Choose at least 2 options"],
    [2, 2, "Choose 2 options"],
    [1, 1, "Choose 1 option"],
    [0, 3, "Up to 3 options in total"],
  ])("shows select min %i / max %i on a card with modifiers as %j", (selectMin, selectMax, text) => {
    renderCard({ hasModifier: true, selectMin, selectMax });
    expect(screen.getByTestId("item-limits").textContent).toBe(text);
    // Part of the card's name, so screen readers hear it too.
    expect(screen.getByRole("button", { name: new RegExp(text) })).toBeTruthy();
  });

  it("shows no limits without modifiers or without a limit", () => {
    renderCard({ hasModifier: false, selectMin: 1, selectMax: 2 });
    expect(screen.queryByTestId("item-limits")).toBeNull();
  });

  it.each([
    [1, "Wybierz co najmniej 1 opcję"],
    [3, "Wybierz co najmniej 3 opcje"],
    [5, "Wybierz co najmniej 5 opcji"],
    [22, "Wybierz co najmniej 22 opcje"],
  ])("uses Polish plural forms: at least %i", async (min, text) => {
    await act(() => i18n.changeLanguage("pl-PL"));
    try {
      renderCard({ hasModifier: true, selectMin: min, selectMax: 0 });
      expect(screen.getByTestId("item-limits").textContent).toBe(text);
    } finally {
      await act(() => i18n.changeLanguage("en-US"));
    }
  });
});
