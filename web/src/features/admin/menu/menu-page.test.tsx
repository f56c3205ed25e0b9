import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { burgersScheme } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { upsertItem, type ItemDoc, type MenuDoc } from "./menu-ops";

/**
 * The menu editor as a route: keyboard reordering (the arrow buttons, one step,
 * also across categories), a change shown at once and undone with the server's
 * word when refused, a field saved when left, a modifier group offered on two
 * items in one write. The API is a table of answers.
 */

const SCHEME = "demo-burgers";

function menu(): MenuDoc {
  return {
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
      {
        ref: "sides",
        name: "Sides",
        items: [{ ref: "fries", title: "Fries", price: 399, modifier_categories: [] }],
      },
    ],
    modifier_categories: [{ ref: "sauce", name: "Sauce", select_min: 0, select_max: 1, items: [] }],
  };
}

type Answer = { status?: number; body: unknown };
let answers: Record<string, (body: Record<string, unknown>) => Answer>;
let sent: Array<{ path: string; data: Record<string, unknown> }>;
let current: MenuDoc; // the server's copy: a saved change is in the next read
const ok = (data: unknown, meta: Record<string, unknown> = {}): Answer => ({
  body: { success: true, data, ...meta },
});

beforeEach(() => {
  sent = [];
  current = menu();
  answers = {
    "venue/info": () => ok(burgersScheme, { lastUpdatedTime: "t" }),
    "admin/venues/list": () =>
      ok([{ id: 1, venue_slug: "soho", name: "Soho", time_zone: "Europe/London", roles: ["manager"] }]),
    "admin/menu/get": () =>
      ok({
        menus: [{ ref: "main", name: "Main" }],
        menu: current,
        item_ids: { classic: 1, double: 2, fries: 3 },
        modifier_item_ids: {},
      }),
    "admin/menu/upsert-item": (body) => {
      const d = body.data as { category_ref: string; item: ItemDoc; position?: number };
      current = upsertItem(current, d.category_ref, d.item, d.position);
      return ok({ ...d.item, id: 1 });
    },
    "admin/menu/attach-modifier-category": () => ok(menu()),
    "admin/venues/controls": () =>
      ok({
        venue_slug: "soho",
        paused_until: null,
        busy_minutes: 0,
        auto_accept: false,
        auto_accept_minutes: 20,
        auto_print: false,
        sold_out: { item_ids: [], modifier_item_ids: [] },
      }),
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
      .replace(/^\/api\/v3\//, "")
      .replace(/\?.*/, "");
    // The picture's upload is multipart (FormData), every other call JSON.
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    sent.push({ path, data: (body.data ?? {}) as Record<string, unknown> });
    const answer = answers[path]?.(body) ?? {
      status: 404,
      body: { success: false, code: 1404, message: "Not found" },
    };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  useAuthStore.setState({ token: "tok", user: { email: "manager@demo.test", business_slug: SCHEME } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
});

const writes = (path: string) => sent.filter((s) => s.path === path).map((s) => s.data);
/** The items of a category as listed (their title buttons, in order). */
const titles = (category: string) =>
  Array.from(screen.getByRole("list", { name: category }).querySelectorAll(".menu-board__item-title")).map(
    (b) => b.textContent,
  );

async function openEditor() {
  renderRoute(`/${SCHEME}/admin/menu`);
  await screen.findByRole("list", { name: "Burgers" });
}

describe("the menu editor", () => {
  it("reorders by keyboard: an item moves down, then past its category into the next, each saved", async () => {
    const user = userEvent.setup();
    await openEditor();
    screen.getByRole("button", { name: "Move Classic down" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(titles("Burgers")).toEqual(["Double", "Classic"]));
    await waitFor(() =>
      expect(writes("admin/menu/upsert-item")).toEqual([
        expect.objectContaining({
          category_ref: "burgers",
          position: 1,
          item: expect.objectContaining({ ref: "classic" }),
        }),
      ]),
    );
    screen.getByRole("button", { name: "Move Classic down" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(titles("Sides")).toEqual(["Classic", "Fries"]));
    await waitFor(() =>
      expect(writes("admin/menu/upsert-item")[1]).toEqual(
        expect.objectContaining({ category_ref: "sides", position: 0 }),
      ),
    );
  });

  it("puts a refused change back and says why", async () => {
    const user = userEvent.setup();
    answers["admin/menu/upsert-item"] = () => ({
      status: 400,
      body: { success: false, code: 1000, message: "Some fields are not valid.", fields: { x: "y" } },
    });
    await openEditor();
    await user.click(screen.getByRole("button", { name: "Move Classic down" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      expect.stringContaining("That change was not saved and has been undone."),
    );
    await waitFor(() => expect(titles("Burgers")).toEqual(["Classic", "Double"]));
  });

  it("saves an item's title when the field is left, and previews the storefront card", async () => {
    const user = userEvent.setup();
    await openEditor();
    await user.click(screen.getByRole("button", { name: "Fries" }));
    const title = await screen.findByLabelText("Title");
    await user.clear(title);
    await user.type(title, "Chips");
    expect(writes("admin/menu/upsert-item")).toEqual([]); // not while typing
    expect(screen.getByTestId("item-0").textContent).toContain("Chips");
    await user.tab();
    await waitFor(() =>
      expect(writes("admin/menu/upsert-item")).toEqual([
        expect.objectContaining({
          category_ref: "sides",
          item: expect.objectContaining({ ref: "fries", title: "Chips" }),
        }),
      ]),
    );
  });

  it("offers a modifier group on two items in one write", async () => {
    const user = userEvent.setup();
    await openEditor();
    // The group (max 1) as customers read it: one label, one choice.
    expect(screen.getByText("Customers see: Optional · one choice (round buttons)")).toBeTruthy();
    const group = screen.getByRole("group", { name: "Offered on 0 items" });
    await user.click(within(group).getByRole("checkbox", { name: "Classic" }));
    await user.click(within(group).getByRole("checkbox", { name: "Fries" }));
    await user.click(within(group).getByRole("button", { name: "Offer on the 2 items chosen" }));
    await waitFor(() =>
      expect(writes("admin/menu/attach-modifier-category")).toEqual([
        expect.objectContaining({ modifier_category_ref: "sauce", item_refs: ["classic", "fries"] }),
      ]),
    );
  });

  it("saves a new item only once it has a title and a price: customers never see 'New item £0.00'", async () => {
    const user = userEvent.setup();
    await openEditor();
    await user.click(screen.getByRole("button", { name: /^Add item\s*\(Sides\)$/ }));
    const dialog = await screen.findByRole("dialog", { name: "New item in Sides" });
    const add = within(dialog).getByRole("button", { name: "Add item" });
    await user.click(add);
    expect(within(dialog).getByText("Give the item a title.")).toBeTruthy();
    expect(within(dialog).getByText("Give the item a price above zero.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Title"), "Onion rings");
    await user.click(add);
    expect(within(dialog).queryByText("Give the item a title.")).toBeNull();
    expect(writes("admin/menu/upsert-item")).toEqual([]);
    expect(titles("Sides")).toEqual(["Fries"]);
    await user.type(within(dialog).getByLabelText("Price"), "3.50");
    await user.click(add);
    await waitFor(() =>
      expect(writes("admin/menu/upsert-item")).toEqual([
        expect.objectContaining({
          category_ref: "sides",
          item: expect.objectContaining({ title: "Onion rings", price: 350 }),
        }),
      ]),
    );
    expect(titles("Sides")).toEqual(["Fries", "Onion rings"]);
    expect(await screen.findByRole("form", { name: "Item" })).toBeTruthy(); // opened for the rest
  });

  it("chooses a picture with a button of its own, by keyboard, and names the file chosen", async () => {
    const user = userEvent.setup();
    answers["upload"] = () => ok({ id: 9, url: "/api/v3/media/demo-burgers/9.jpg" });
    await openEditor();
    await user.click(screen.getByRole("button", { name: "Fries" }));
    const choose = await screen.findByRole("button", { name: "Choose a picture" });
    const hint = document.getElementById(choose.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("JPEG, PNG or WebP, up to 5 MB. Customers see it on the item card.");
    expect(screen.getByText("No picture yet")).toBeTruthy();
    // The browser's own input is out of the tab order and hidden: the button is the control.
    const input = screen.getByLabelText<HTMLInputElement>("Upload a picture (JPEG, PNG or WebP, up to 5 MB)");
    expect(input.tabIndex).toBe(-1);
    expect(input.getAttribute("aria-hidden")).toBe("true");
    const opened = vi.spyOn(input, "click");
    choose.focus();
    await user.keyboard("{Enter}");
    expect(opened).toHaveBeenCalledTimes(1);
    await user.upload(
      input,
      new File([new Uint8Array([0xff, 0xd8, 0xff])], "soup.jpg", { type: "image/jpeg" }),
    );
    expect(await screen.findByText("soup.jpg added")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Replace picture" })).toBeTruthy();
    await waitFor(() =>
      expect(writes("admin/menu/upsert-item")).toEqual([
        expect.objectContaining({ item: expect.objectContaining({ ref: "fries", image_id: 9 }) }),
      ]),
    );
  });
});
