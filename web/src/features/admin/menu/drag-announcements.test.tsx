import "../i18n";
import i18n from "@/i18n";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useDragAnnouncements } from "./drag-announcements";
import type { MenuDoc } from "./menu-ops";

/** What a screen reader hears while dragging: the rows' own names, in the page's language. */
const menu: MenuDoc = {
  ref: "main",
  name: "Main",
  categories: [
    {
      ref: "burgers",
      name: "Burgers",
      items: [
        { ref: "classic", title: "Classic", price: 899, modifier_categories: [] },
        { ref: "double", title: "Double", price: 1199, modifier_categories: [] },
      ],
    },
    { ref: "sides", name: "Sides", items: [] },
  ],
  modifier_categories: [],
};

const hear = async () => {
  const { result } = renderHook(() => useDragAnnouncements(menu));
  await waitFor(() =>
    expect(result.current.onDragStart({ active: { id: "item:classic" } } as never)).not.toContain(
      "menuEditor",
    ),
  );
  const a = result.current;
  const active = { id: "item:classic" };
  return [
    a.onDragStart({ active } as never),
    a.onDragOver({ active, over: { id: "item:double" } } as never),
    a.onDragOver({ active, over: { id: "list:sides" } } as never),
    a.onDragOver({ active, over: null } as never),
    a.onDragEnd({ active, over: { id: "item:double" } } as never),
    a.onDragCancel({ active, over: null } as never),
    a.onDragOver({ active: { id: "cat:sides" }, over: { id: "cat:burgers" } } as never),
  ];
};

afterEach(async () => {
  await act(() => i18n.changeLanguage("en-US"));
});

describe("drag announcements", () => {
  it("name the item and where it is, never dnd-kit's ids", async () => {
    expect(await hear()).toEqual([
      "Picked up Classic.",
      "Classic is over Double.",
      "Classic is at the end of Sides.",
      "Classic is not over a place to drop it.",
      "Dropped Classic.",
      "Moving Classic was cancelled: it is back in its place.",
      "Sides is over Burgers.",
    ]);
  });

  it("are said in Polish", async () => {
    await act(() => i18n.changeLanguage("pl-PL"));
    const heard = await hear();
    expect(heard[0]).toBe("Podniesiono: Classic.");
    expect(heard[2]).toBe("Classic: na końcu kategorii Sides.");
    expect(heard[4]).toBe("Upuszczono: Classic.");
  });
});
