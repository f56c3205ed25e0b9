import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { burgersScheme } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import type { BoardOrder } from "./api";

/**
 * The order board as a route (issue 18): the delivery's "On the way" asks
 * who takes it, a failed step says so once, the sound choice outlives the
 * page. The API is a table of answers; EventSource is a silent fake.
 */

const SCHEME = "demo-burgers";
const VENUE = "shoreditch";

function order(over: Partial<BoardOrder> = {}): BoardOrder {
  const now = "2026-11-16T11:55:00Z";
  return {
    id: 41,
    order_number: 1041,
    status: "accepted",
    payment_status: "paid",
    venue_id: 1,
    venue_slug: VENUE,
    order_type: 0,
    is_asap: true,
    preorder_for: null,
    delivery_address: { name: "Home", line1: "20 Rivington Street", city: "London", postcode: "EC2A 3DU" },
    order_note: "",
    user_email: "eve@example.com",
    promocode: "",
    reward_id: -1,
    loyalty_reward_id: -1,
    pricing: { total: 1198, currency: "GBP" },
    items: [],
    payment: { provider: "test", status: "paid", brand: "visa", last4: "4242", challenge: null },
    created_at: now,
    expires_at: now,
    paid_at: now,
    label: "Preparing",
    history: [],
    expected_at: null,
    venue: { id: 1, slug: VENUE, name: "Shoreditch" },
    driver: null,
    stamps: { earned: 0 },
    savings: 0,
    support_requests: [],
    progress: [],
    customer: {
      first_name: "Eve",
      last_name: "Eater",
      contact_number: "+447911123456",
      email: "eve@example.com",
    },
    ...over,
  } as unknown as BoardOrder;
}

type Answer = { status?: number; body: unknown };
let answers: Record<string, (body: Record<string, unknown>) => Answer>;
let sent: Array<{ path: string; body: Record<string, unknown> }>;

const ok = (data: unknown, meta: Record<string, unknown> = {}): Answer => ({
  body: { success: true, data, ...meta },
});

beforeEach(() => {
  sent = [];
  answers = {
    "venue/info": () => ok(burgersScheme, { lastUpdatedTime: "t" }),
    "admin/venues/list": () =>
      ok([{ id: 1, venue_slug: VENUE, name: "Shoreditch", time_zone: "Europe/London", roles: ["manager"] }]),
    "admin/orders/board": () =>
      ok([order()], {
        total: 1,
        auto_reject_minutes: 13,
        last_event_id: 7,
        server_time: new Date().toISOString(),
      }),
    "admin/venues/controls": () =>
      ok({
        venue_slug: VENUE,
        paused_until: null,
        busy_minutes: 0,
        auto_accept: false,
        auto_accept_minutes: 20,
        auto_print: false,
        sold_out: { item_ids: [], modifier_item_ids: [] },
      }),
    "admin/drivers/list": () =>
      ok([
        { id: 5, name: "Dan Driver", email: "driver@demo.test" },
        { id: 6, name: "Wendy Wheels", email: "wheels@demo.test" },
      ]),
    "admin/orders/stream-ticket": () => ok({ ticket: "t", url: "/api/v3/admin/orders/stream?ticket=t" }),
    "admin/orders/transition": (body) => ok({ ...order(), status: (body.data as { status: string }).status }),
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/v3\//, "");
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    sent.push({ path, body });
    const answer = answers[path]?.(body) ?? {
      status: 404,
      body: { success: false, code: 1404, message: "Not found" },
    };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal(
    "EventSource",
    class {
      close() {}
      addEventListener() {}
    },
  );
  useAuthStore.setState({ token: "tok", user: { email: "manager@demo.test", business_slug: SCHEME } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
});

const transitions = () => sent.filter((s) => s.path === "admin/orders/transition").map((s) => s.body.data);

async function openBoard() {
  const view = renderRoute(`/${SCHEME}/admin/board/${VENUE}`);
  await screen.findByRole("heading", { level: 1, name: "Orders at Shoreditch" });
  return view;
}

describe("the board's On the way on a delivery", () => {
  it("asks who takes it and sends the chosen driver", async () => {
    const user = userEvent.setup();
    await openBoard();
    const onTheWay = await screen.findByRole("button", { name: "On the way" });
    await user.click(onTheWay);
    // Nothing is sent by the click itself.
    expect(transitions()).toEqual([]);
    const dialog = await screen.findByRole("dialog", { name: "Send order #1041 on its way" });
    const send = within(dialog).getByRole("button", { name: "Send on its way" });
    expect((send as HTMLButtonElement).disabled).toBe(true); // nobody is chosen for the venue
    await user.click(await within(dialog).findByRole("radio", { name: "Wendy Wheels" }));
    await user.click(send);
    await waitFor(() =>
      expect(transitions()).toEqual([
        { business_slug: SCHEME, venue_slug: VENUE, order_id: 41, status: "on_the_way", driver_id: 6 },
      ]),
    );
  });

  it("sends it with no driver only when own delivery is chosen", async () => {
    const user = userEvent.setup();
    await openBoard();
    await user.click(await screen.findByRole("button", { name: "On the way" }));
    const dialog = await screen.findByRole("dialog", { name: "Send order #1041 on its way" });
    await user.click(within(dialog).getByRole("radio", { name: "No driver: we deliver it ourselves" }));
    expect(within(dialog).getByRole("status").textContent).toContain("without a driver on the map");
    await user.click(within(dialog).getByRole("button", { name: "Send without a driver" }));
    await waitFor(() =>
      expect(transitions()).toEqual([
        { business_slug: SCHEME, venue_slug: VENUE, order_id: 41, status: "on_the_way", own_delivery: true },
      ]),
    );
  });
});

describe("a failed step", () => {
  it("is said once, in the dialog it was taken from", async () => {
    answers["admin/orders/board"] = () =>
      ok([order({ status: "pending", order_type: 1, delivery_address: null } as Partial<BoardOrder>)], {
        total: 1,
        auto_reject_minutes: 13,
        last_event_id: 7,
        server_time: new Date().toISOString(),
      });
    answers["admin/orders/transition"] = () => ({
      status: 409,
      body: { success: false, code: 3060, message: "Someone else changed this order first." },
    });
    const user = userEvent.setup();
    await openBoard();
    await user.click(await screen.findByRole("button", { name: "Accept" }));
    await user.click(await screen.findByTestId("accept-confirm"));
    const dialog = screen.getByRole("dialog", { name: "Accept order #1041" });
    await within(dialog).findByText("Someone else changed this order first.");
    expect(screen.getAllByText("Someone else changed this order first.")).toHaveLength(1);
    // Closed, the dialog takes its error with it.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByText("Someone else changed this order first.")).toBeNull();
  });
});

describe("the board's sound", () => {
  class FakeAudioContext {
    state: AudioContextState = "suspended";
    onstatechange: (() => void) | null = null;
    static gesture = false;
    static last: FakeAudioContext | null = null;
    constructor() {
      FakeAudioContext.last = this;
    }
    async resume() {
      // A browser starts audio only after the page's first gesture.
      if (FakeAudioContext.gesture) {
        this.state = "running";
        this.onstatechange?.();
      }
    }
  }

  it("stays chosen after another admin page: the bell resumes at the first touch", async () => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    FakeAudioContext.gesture = true;
    const user = userEvent.setup();
    const { router } = await openBoard();
    await user.click(screen.getByRole("button", { name: "Enable sound" }));
    await waitFor(() => expect(screen.getByTestId("board-bell").getAttribute("data-enabled")).toBe("true"));

    // Away to another admin page; meanwhile the browser suspends the audio (a new document, a
    // tablet's power saving): it will start again only after a gesture.
    await act(() => router.navigate(`/${SCHEME}/admin/outbox`));
    FakeAudioContext.gesture = false;
    await act(async () => {
      const ctx = FakeAudioContext.last!;
      ctx.state = "suspended";
      ctx.onstatechange?.();
    });
    await act(() => router.navigate(`/${SCHEME}/admin/board/${VENUE}`));
    const resume = await screen.findByRole("button", { name: "Sound paused: tap to resume" });
    expect(screen.getByTestId("board-bell").getAttribute("data-enabled")).toBe("false");

    FakeAudioContext.gesture = true;
    await act(async () => {
      document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId("board-bell").getAttribute("data-enabled")).toBe("true"));
    expect(resume.isConnected).toBe(false);
  });
});
