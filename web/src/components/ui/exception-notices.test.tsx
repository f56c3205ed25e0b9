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

  it("tells today's exception first, then the coming ones, what they mean and their note, in the customer's language", async () => {
    await act(() => i18n.changeLanguage("en-US"));
    const { rerender } = render(<ExceptionNotices store={store} />);
    const items = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual(["Closed today: Closed for Christmas", "No pickup on Saturday, December 26: Delivery only"]);
    await act(() => i18n.changeLanguage("pl-PL"));
    rerender(<ExceptionNotices store={store} />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Dziś nieczynne – Closed for Christmas",
      "Bez odbioru osobistego: sobota, 26 grudnia – Delivery only",
    ]);
  });

  it("tells a holiday weeks ahead, and special hours without a note", async () => {
    await act(() => i18n.changeLanguage("en-US"));
    vi.setSystemTime(new Date("2026-11-16T12:00:00Z"));
    const { rerender } = render(<ExceptionNotices store={store} />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Open 10:00 AM–2:00 PM on Thursday, December 24",
      "Closed on Friday, December 25: Closed for Christmas",
      "No pickup on Saturday, December 26: Delivery only",
    ]);
    await act(() => i18n.changeLanguage("pl-PL"));
    rerender(<ExceptionNotices store={store} limit={1} />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Otwarte 10:00–14:00: czwartek, 24 grudnia",
    ]);
  });

  it("shows nothing once they have passed", () => {
    vi.setSystemTime(new Date("2026-12-27T10:00:00Z"));
    const { container } = render(<ExceptionNotices store={store} />);
    expect(container.textContent).toBe("");
  });
});
