import i18n from "@/i18n";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { indexMenu } from "@/lib/basket-pricing";
import { item, testMenu } from "@/test/menu-fixtures";
import ItemDialog from "./item-dialog";

/**
 * Each modifier group of the item dialog says its rule once: a pick-one group
 * (min 1, max 1) is "Required" with radio buttons — never "Optional" beside
 * "Required" — and "Done" once chosen; the others say how many, with plurals.
 */
const menu = {
  ...testMenu,
  items: [item({ id: 9, title: "Wrap", modifier_category_ids: [10, 11, 12, 13] })],
  modifier_categories: [
    ...testMenu.modifier_categories,
    { id: 12, name: "Sauces", select_min: 2, select_max: 0 },
    { id: 13, name: "Napkins", select_min: 0, select_max: 0 },
  ],
  modifier_items: [
    ...testMenu.modifier_items,
    { id: 120, modifier_category_id: 12, name: "Ketchup", price: 0, is_available: true },
    { id: 130, modifier_category_id: 13, name: "Extra napkins", price: 0, is_available: true },
  ],
};

function open() {
  render(
    <ItemDialog
      item={menu.items[0]!}
      index={indexMenu(menu)}
      currency="GBP"
      onClose={vi.fn()}
      onAdd={vi.fn()}
    />,
  );
  const group = (name: string) =>
    screen.getAllByRole("group").find((g) => g.querySelector(".modifier-group__name")?.textContent === name)!;
  const label = (name: string) => group(name).querySelector(".modifier-group__badge")!.textContent;
  return { group, label };
}

afterEach(async () => {
  await act(() => i18n.changeLanguage("en-US"));
});

describe("the item dialog's modifier groups", () => {
  it("says each group's rule once, with radios for a pick-one group", async () => {
    const { group, label } = open();
    expect(label("Choose your patty")).toBe("Required");
    expect(group("Choose your patty").textContent).not.toContain("Optional");
    expect(within(group("Choose your patty")).getAllByRole("radio")).toHaveLength(2);
    expect(within(group("Choose your patty")).queryByRole("checkbox")).toBeNull();
    expect(label("Extras")).toBe("Choose up to 2 options");
    expect(within(group("Extras")).getAllByRole("checkbox").length).toBeGreaterThan(0);
    expect(label("Sauces")).toBe("Choose at least 2 options");
    expect(label("Napkins")).toBe("Optional");
    await userEvent.click(screen.getByRole("radio", { name: /Single beef/ }));
    expect(label("Choose your patty")).toBe("✓ Done");
  });

  it("says them in Polish with the plural forms", async () => {
    await act(() => i18n.changeLanguage("pl-PL"));
    const { label } = open();
    expect(label("Choose your patty")).toBe("Wymagane");
    expect(label("Extras")).toBe("Wybierz najwyżej 2 opcje");
    expect(label("Sauces")).toBe("Wybierz co najmniej 2 opcje");
    expect(label("Napkins")).toBe("Opcjonalnie");
  });
});
