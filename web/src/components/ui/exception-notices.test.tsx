import i18n from "@/i18n";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testStore } from "@/test/menu-fixtures";
import { ExceptionNotices } from "./exception-notices";

const store = testStore({
  time_zone: "Europe/London",
  exceptions: [
    { date: "2026-12-26", closed: true, ranges: [], order_types: [1], note: "Delivery only" },
    { date: "2026-12-25", closed: true, ranges: [], order_types: [], note: "Closed for Christmas" },
    {
      date: "2026-12-24",
      closed: false,
      ranges: [{ open: "10:00", close: "14:00" }],
      order_types: [],
      note: "",
    },
  ],
});

describe("ExceptionNotices", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-25T10:00:00Z"));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await act(() => i18n.changeLanguage("en-US"));
  });

  it("tells today's note first, then the coming ones, in the customer's language", async () => {
    await act(() => i18n.changeLanguage("en-US"));
    const { rerender } = render(<ExceptionNotices store={store} />);
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual(["Today: Closed for Christmas", "Sat, Dec 26: Delivery only"]);
    await act(() => i18n.changeLanguage("pl-PL"));
    rerender(<ExceptionNotices store={store} limit={1} />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Dziś: Closed for Christmas",
    ]);
  });

  it("shows nothing without notes ahead", () => {
    vi.setSystemTime(new Date("2026-12-27T10:00:00Z"));
    const { container } = render(<ExceptionNotices store={store} />);
    expect(container.textContent).toBe("");
  });
});
