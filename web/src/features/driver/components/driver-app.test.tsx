import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { burgersScheme } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import type { Delivery } from "../api/deliveries";

/**
 * The driver view (issue 18): the card names the customer, not the
 * address's label; an order the board assigns shows at once (the wait
 * answers), not at the next poll.
 */

const SCHEME = "demo-burgers";

function delivery(over: Partial<Delivery> = {}): Delivery {
  const at = "2026-11-16T11:55:00Z";
  return {
    id: 41,
    order_number: 1041,
    status: "accepted",
    payment_status: "paid",
    venue_id: 1,
    venue_slug: "soho",
    order_type: 0,
    is_asap: true,
    preorder_for: null,
    delivery_address: {
      name: "Home",
      line1: "20 Rivington Street",
      city: "London",
      postcode: "EC2A 3DU",
      contact_number: "+447911123456",
    },
    order_note: "",
    user_email: "eve@example.com",
    promocode: "",
    reward_id: -1,
    loyalty_reward_id: -1,
    pricing: { total: 1198, currency: "GBP" },
    items: [],
    payment: { provider: "test", status: "paid", brand: "visa", last4: "4242", challenge: null },
    created_at: at,
    expires_at: at,
    paid_at: at,
    label: "Preparing",
    history: [],
    expected_at: null,
    venue: { id: 1, slug: "soho", name: "Soho" },
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
  } as unknown as Delivery;
}

let assigned: Delivery[];
let waits: Array<{ version: string; answer: (v: { version: string; changed: boolean }) => void }>;

const envelope = (data: unknown, meta: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ success: true, data, ...meta }), { status: 200 });

beforeEach(() => {
  assigned = [];
  waits = [];
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/v3\//, "");
    const body = init?.body ? (JSON.parse(String(init.body)) as { filter?: { version?: string } }) : {};
    switch (path) {
      case "venue/info":
        return Promise.resolve(envelope(burgersScheme, { lastUpdatedTime: "t" }));
      case "driver/orders/list":
        return Promise.resolve(envelope(assigned, { total: assigned.length, per_page: 20 }));
      case "driver/orders/wait":
        // Held until the test answers it (or the page aborts it).
        return new Promise<Response>((resolve, reject) => {
          waits.push({ version: body.filter?.version ?? "", answer: (v) => resolve(envelope(v)) });
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
    }
    return Promise.resolve(
      new Response(JSON.stringify({ success: false, code: 1404, message: "Not found" }), { status: 404 }),
    );
  });
  useAuthStore.setState({ token: "tok", user: { email: "driver@demo.test", business_slug: SCHEME } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
});

describe("the driver view", () => {
  it("names the customer on the card, not the address's label", async () => {
    assigned = [delivery()];
    renderRoute(`/${SCHEME}/driver`);
    const card = await screen.findByTestId("delivery-1041");
    expect(within(card).getByTestId("delivery-customer").textContent).toBe("Eve Eater");
    expect(card.textContent).not.toContain("Home");
  });

  it("shows an order the board assigns at once, when the wait answers", async () => {
    renderRoute(`/${SCHEME}/driver`);
    await screen.findByText(/^No deliveries assigned to you right now/);
    // The first wait (no version yet) learns the version.
    await waitFor(() => expect(waits).toHaveLength(1));
    waits[0]!.answer({ version: "v1", changed: true });
    await waitFor(() => expect(waits).toHaveLength(2));
    expect(waits[1]!.version).toBe("v1");

    // The board assigns an order: the waiting call answers, the list is read again.
    assigned = [delivery()];
    waits[1]!.answer({ version: "v2", changed: true });
    await screen.findByTestId("delivery-1041");
    await waitFor(() => expect(waits.at(-1)!.version).toBe("v2"));
  });
});
