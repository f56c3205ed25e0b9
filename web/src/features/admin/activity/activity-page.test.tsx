import i18n from "@/i18n";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { burgersScheme } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";

/**
 * Activity as a manager reads it: "Changed item" on the item's title, its price
 * before and after as money, in both languages; the shared pager asks for the
 * next page. The API is a table of answers.
 */
const SCHEME = "demo-burgers";
let asked: Array<Record<string, unknown>>;

beforeEach(() => {
  asked = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/v3\//, "");
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const ok = (data: unknown, meta: Record<string, unknown> = {}) =>
      new Response(JSON.stringify({ success: true, data, ...meta }));
    if (path === "venue/info") return ok(burgersScheme, { lastUpdatedTime: "t" });
    if (path === "admin/venues/list")
      return ok([
        { id: 1, venue_slug: "soho", name: "Soho", time_zone: "Europe/London", roles: ["manager"] },
      ]);
    if (path === "admin/audit/list") {
      asked.push(body.filter as Record<string, unknown>);
      return ok(
        [
          {
            at: "2026-03-02T12:00:00Z",
            actor_email: "boss@demo.test",
            action: "menu.upsert-item",
            target: "fries-x1",
            before: { ref: "fries-x1", title: "Fries", price: 399, is_new: false },
            after: { ref: "fries-x1", title: "Chips", price: 449, is_new: true },
          },
          {
            at: "2026-03-02T11:00:00Z",
            actor_email: "boss@demo.test",
            action: "menu.upsert-item",
            target: "tea-x2",
            before: null,
            after: { ref: "tea-x2", title: "Tea", price: 200 },
          },
          {
            at: "2026-03-02T10:00:00Z",
            actor_email: "boss@demo.test",
            action: "webhook.upsert",
            target: "till.example.com",
            before: { url: "https://till.example.com/a", events: ["order.paid"], enabled: true },
            after: { url: "https://till.example.com/b", events: ["order.paid"], enabled: false },
          },
          {
            at: "2026-03-02T09:00:00Z",
            actor_email: "boss@demo.test",
            action: "printer.delete",
            target: "Pass",
            before: { name: "Pass", kind: "star_cloudprnt", venue: "soho" },
            after: null,
          },
        ],
        { total: 120, per_page: 50 },
      );
    }
    return new Response(JSON.stringify({ success: false, code: 1404, message: "Not found" }), {
      status: 404,
    });
  });
  useAuthStore.setState({ token: "tok", user: { email: "manager@demo.test", business_slug: SCHEME } });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
  await act(() => i18n.changeLanguage("en-US"));
});

const rows = async () =>
  within(await screen.findByRole("list", { name: /Changes|Zmiany/ })).getAllByRole("listitem");

describe("activity", () => {
  it("says what was done to what in words, with money as money, and pages on", async () => {
    renderRoute(`/${SCHEME}/admin/activity`);
    const [changed, added] = await rows();
    expect(changed!.textContent).toContain("Changed item");
    expect(changed!.textContent).toContain("Chips");
    expect(changed!.textContent).not.toContain("menu.upsert-item");
    expect(changed!.textContent).not.toContain("fries-x1");
    const price = within(changed!).getByRole("rowheader", { name: "Price" }).closest("tr")!;
    expect(price.textContent).toContain("£3.99");
    expect(price.textContent).toContain("£4.49");
    expect(
      within(changed!).getByRole("rowheader", { name: "Marked new" }).closest("tr")!.textContent,
    ).toContain("NoYes");
    expect(added!.textContent).toContain("Added item");
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Older" }));
    await waitFor(() => expect(asked.at(-1)).toEqual(expect.objectContaining({ page: 2 })));
  });

  it("names the integrations' changes: a webhook's address and state, a printer removed", async () => {
    renderRoute(`/${SCHEME}/admin/activity`);
    const [, , webhook, printer] = await rows();
    expect(webhook!.textContent).toContain("Changed webhook");
    expect(webhook!.textContent).toContain("till.example.com");
    const address = within(webhook!).getByRole("rowheader", { name: "Address" }).closest("tr")!;
    expect(address.textContent).toContain("https://till.example.com/a");
    expect(address.textContent).toContain("https://till.example.com/b");
    expect(within(webhook!).getByRole("rowheader", { name: "On" }).closest("tr")!.textContent).toContain(
      "YesNo",
    );
    expect(printer!.textContent).toContain("Removed printer");
    expect(printer!.textContent).toContain("Pass");
    const kinds = screen.getByRole("combobox", { name: "Kind" });
    expect(within(kinds).getByRole("option", { name: "Webhooks" })).toBeTruthy();
    expect(within(kinds).getByRole("option", { name: "Printers" })).toBeTruthy();
  });

  it("says it in Polish", async () => {
    await act(() => i18n.changeLanguage("pl-PL"));
    renderRoute(`/${SCHEME}/admin/activity`);
    const [changed] = await rows();
    await waitFor(() => expect(changed!.textContent).toContain("Zmieniono pozycję"));
    expect(within(changed!).getByRole("rowheader", { name: "Cena" })).toBeTruthy();
    expect(screen.getByText("Strona 1 z 3")).toBeTruthy();
    const [, , webhook, printer] = await rows();
    expect(webhook!.textContent).toContain("Zmieniono webhook");
    expect(within(webhook!).getByRole("rowheader", { name: "Adres" })).toBeTruthy();
    expect(printer!.textContent).toContain("Usunięto drukarkę");
    expect(
      within(screen.getByRole("combobox", { name: "Rodzaj" })).getByRole("option", { name: "Drukarki" }),
    ).toBeTruthy();
  });
});
