import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import type { Scheme } from "@/lib/api/types";
import { OrderType } from "@/lib/enums";
import { addItem, createDefaultBasket } from "@/stores/basket";
import { useGeneralStore } from "@/stores/general";
import { initialHomeData, useHomeStore } from "@/stores/home";
import { initialVenueData, useVenueStore } from "@/stores/venue";
import { burgersScheme } from "@/test/fixtures";
import { testMenu, testStore } from "@/test/menu-fixtures";
import { apiStub, renderRoute } from "@/test/render-route";

/**
 * The storefront's server data as the route loaders start it (app/routes/loaders.ts)
 * and the client state they write. fetch is faked at the network edge; the stores,
 * the query client and the routes are the real ones.
 */

const week = (open: string, close: string) => Array.from({ length: 7 }, () => [{ open, close }]);
// Open round the clock / never: nothing here depends on the time the test runs.
const soho = testStore({ opening_hours: week("00:00", "00:00") });
const camden = testStore({
  venue_slug: "camden",
  name: "Camden",
  order_types: [OrderType.PICKUP],
  opening_hours: week("00:00", "00:00"),
});
const closed = testStore({
  venue_slug: "closed",
  name: "Closed Kitchen",
  opening_hours: Array.from({ length: 7 }, () => []),
  is_open: false,
});
const scheme: Scheme = { ...burgersScheme, stores: [soho, camden, closed] };

const answers = {
  "venue/info": { success: true, data: scheme, lastUpdatedTime: "2026-11-20T10:00:00Z" },
  "menu/list": { success: true, data: testMenu, version: 1 },
  "general/shake-hand": { success: false, code: 1404, message: "not here" },
};

const apiPath = (input: RequestInfo | URL) => String(input).replace(/^\/api\/v3\//, "");

/** A fetch whose venue/info answers only once `release` is called; every start and end is logged. */
function gatedFetch(infoAnswer: unknown = answers["venue/info"]) {
  const log: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const rest = apiStub(answers);
  const fetch = async (input: RequestInfo | URL) => {
    const path = apiPath(input);
    if (path === "general/shake-hand") return rest(input);
    log.push(`start ${path}`);
    if (path === "venue/info") {
      await gate;
      log.push(`end ${path}`);
      return new Response(JSON.stringify(infoAnswer), { status: 200 });
    }
    return rest(input);
  };
  return { log, release: () => release(), fetch };
}

beforeEach(async () => {
  localStorage.clear();
  useGeneralStore.setState({ language: "en-US" });
  useVenueStore.setState({ ...initialVenueData });
  useHomeStore.setState({ ...initialHomeData, currentScheme: "demo-burgers", order_type: OrderType.PICKUP });
  await i18n.changeLanguage("en-US");
});
afterEach(() => vi.unstubAllGlobals());

describe("route loaders", () => {
  it("start menu/list next to venue/info, not after it", async () => {
    const net = gatedFetch();
    // menu/list starting is what lets venue/info answer; a loader that waited for
    // venue/info would deadlock, so a timer lets it go and the order check fails instead.
    const fetch = async (input: RequestInfo | URL) => {
      const answer = net.fetch(input);
      if (apiPath(input) === "menu/list") net.release();
      return answer;
    };
    vi.stubGlobal("fetch", fetch);
    const fallback = setTimeout(net.release, 2000);
    renderRoute("/demo-burgers/soho/menu");
    await screen.findByRole("heading", { name: "Burgers" });
    clearTimeout(fallback);
    expect(net.log).toEqual(["start venue/info", "start menu/list", "end venue/info"]);
    // The title is set by an effect, which may run after the heading is in the DOM: wait for it.
    await waitFor(() => expect(document.title).toBe("Demo Burgers — Soho"));
  });

  it("show a returning visitor's persisted scheme at once, then refetch it", async () => {
    useVenueStore.setState({
      schemes: {
        "demo-burgers": {
          scheme: { ...scheme, name: "Old Burgers" },
          lastUpdatedTime: "2026-11-01T10:00:00Z",
        },
      },
    });
    const net = gatedFetch();
    vi.stubGlobal("fetch", net.fetch);
    renderRoute("/demo-burgers/home");
    // No spinner waiting for venue/info: the page is there while the call is still out.
    expect(
      await screen.findByRole("heading", { name: "How would you like to get your order?" }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Old Burgers"));
    await waitFor(() => expect(net.log).toEqual(["start venue/info"]));
    act(net.release);
    await waitFor(() => expect(document.title).toBe("Demo Burgers"));
    // The fresh answer is what the next visit starts from.
    expect(useVenueStore.getState().schemes["demo-burgers"]).toEqual({
      scheme,
      lastUpdatedTime: "2026-11-20T10:00:00Z",
    });
  });

  it("make the venue current by its slug and give it a basket, without waiting for an effect", async () => {
    vi.stubGlobal("fetch", apiStub(answers));
    const { router } = renderRoute("/demo-burgers/home");
    await screen.findByRole("heading", { name: "How would you like to get your order?" });
    await act(() => router.navigate("/demo-burgers/camden/menu"));
    // Written by the loader, before the menu page rendered.
    expect(useVenueStore.getState().currentVenue).toEqual({ venue_slug: "camden" });
    expect(useVenueStore.getState().basket["demo-burgers"]?.camden).toEqual(
      createDefaultBasket(OrderType.PICKUP),
    );
    expect(useHomeStore.getState().currentVenueName).toBe("Camden");
    await act(() => router.navigate("/demo-burgers/home/stores"));
    await waitFor(() => expect(document.title).toBe("Demo Burgers"));
  });
});

describe("as soon as possible (docs/product.md §3: true by default)", () => {
  it("is not switched off for every venue by viewing a closed one", async () => {
    vi.stubGlobal("fetch", apiStub(answers));
    const { router } = renderRoute("/demo-burgers/closed/menu");
    const asap = await screen.findByRole("radio", { name: "As soon as possible" });
    expect((asap as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("radio", { name: "Schedule for later" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(useHomeStore.getState().is_asap).toBe(true);

    await act(() => router.navigate("/demo-burgers/soho/menu"));
    await screen.findByRole("heading", { level: 1, name: "Soho" });
    expect((screen.getByRole("radio", { name: "As soon as possible" }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("is the customer's choice per venue basket", async () => {
    vi.stubGlobal("fetch", apiStub(answers));
    renderRoute("/demo-burgers/soho/menu");
    await userEvent.click(await screen.findByRole("radio", { name: "Schedule for later" }));
    expect(useHomeStore.getState().is_asap).toBe(false);
    expect(useVenueStore.getState().basket["demo-burgers"]?.soho?.orderDetail.is_asap).toBe(false);
  });
});

describe("a venue that does not offer the basket's order type (docs/product.md §4)", () => {
  const filled = addItem(createDefaultBasket(OrderType.DELIVERY), { item_id: 3, qty: 2 });

  beforeEach(() => {
    useHomeStore.setState({ order_type: OrderType.DELIVERY });
    useVenueStore.setState({ basket: { "demo-burgers": { camden: filled } } });
    vi.stubGlobal("fetch", apiStub(answers));
  });

  it("changes the basket only once the customer confirms", async () => {
    renderRoute("/demo-burgers/camden/menu");
    const dialog = await screen.findByRole("alertdialog", { name: "Change the order type?" });
    expect(within(dialog).getByText(/Camden offers pickup only/)).toBeTruthy();
    // Asked, not done: the basket is as it was.
    expect(useVenueStore.getState().basket["demo-burgers"]?.camden).toEqual(filled);
    await userEvent.click(within(dialog).getByRole("button", { name: "Change and empty basket" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const basket = useVenueStore.getState().basket["demo-burgers"]?.camden;
    expect(basket?.orderDetail.order_type).toBe(OrderType.PICKUP);
    expect(basket?.items).toEqual([]);
  });

  it("keeps the basket and goes back to the stores when the customer cancels", async () => {
    const { router } = renderRoute("/demo-burgers/camden/menu");
    const dialog = await screen.findByRole("alertdialog", { name: "Change the order type?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home/stores"));
    expect(useVenueStore.getState().basket["demo-burgers"]?.camden).toEqual(filled);
  });
});
