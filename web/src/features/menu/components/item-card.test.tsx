import "@/i18n";
import { fireEvent, render, screen } from "@testing-library/react";
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

describe("ItemCard (SPEC.md §4, §9)", () => {
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
});
