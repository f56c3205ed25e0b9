import { describe, expect, it } from "vitest";
import { OrderType } from "@/lib/enums";
import { createDefaultBasket, type Basket } from "@/stores/basket";
import {
  AttemptKeys,
  buildOrderRequest,
  quoteKey,
  quoteRequestOf,
  type RequestContext,
} from "./order-request";

const customer = {
  first_name: " Ann ",
  last_name: "Lee",
  email: " ann@example.com ",
  contact_number: "+447911123456",
};
const ctx: RequestContext = {
  businessSlug: "demo-burgers",
  venueSlug: "soho",
  orderType: OrderType.PICKUP,
  customer,
  rewardId: -1,
};

function basket(patch: Partial<Basket["orderDetail"]> = {}): Basket {
  const b = createDefaultBasket(OrderType.PICKUP);
  return {
    items: [
      { item_id: 1, qty: 2, modifiers: [{ modifier_item_id: 7, qty: 1 }] },
      { item_id: 2, qty: 1 },
    ],
    orderDetail: { ...b.orderDetail, ...patch },
  };
}

const address = {
  line1: "1 Soho Square",
  line2: "",
  city: "London",
  country: "GB",
  postcode: "W1D 3QA",
  contact_number: "",
  email: "",
  note: "Ring twice",
  name: "Work",
  latitude: 51.515,
  longitude: -0.132,
};

describe("buildOrderRequest", () => {
  it("sends the lines, timing, promo and tip as chosen, and no prices", () => {
    const request = buildOrderRequest(
      basket({ promocode: " welcome10 ", tip: 150, is_asap: false, preorder_for: "2026-11-16T18:00:00Z" }),
      ctx,
    );
    expect(request).toEqual({
      business_slug: "demo-burgers",
      venue_slug: "soho",
      order_type: 1,
      is_asap: false,
      preorder_for: "2026-11-16T18:00:00Z",
      items: [
        { item_id: 1, qty: 2, modifiers: [{ modifier_item_id: 7, qty: 1 }] },
        { item_id: 2, qty: 1, modifiers: [] },
      ],
      delivery_address: null,
      order_note: "",
      promocode: "WELCOME10",
      tip: 150,
      user_email: "ann@example.com",
      user_contact_number: "+447911123456",
      first_name: "Ann",
      last_name: "Lee",
    });
  });

  it("sends a tip chip as a percentage for the server to work out, and a chosen reward", () => {
    const request = buildOrderRequest(basket({ tip: 150 }), { ...ctx, tipPercent: 10, rewardId: 7 });
    expect(request.tip_percent).toBe(10);
    expect(request).not.toHaveProperty("tip");
    expect(request.reward_id).toBe(7);
  });

  it("leaves out refused lines, ASAP drops a stale preorder time, pickup sends no address", () => {
    const request = buildOrderRequest(
      basket({ is_asap: true, preorder_for: "2026-11-16T18:00:00Z", delivery_address: address }),
      { ...ctx, exclude: new Set([0]) },
    );
    expect(request.items.map((i) => i.item_id)).toEqual([2]);
    expect(request.preorder_for).toBeNull();
    expect(request.delivery_address).toBeNull();
  });

  it("fills the delivery address's empty contact details with the customer's", () => {
    const request = buildOrderRequest(basket({ delivery_address: address }), {
      ...ctx,
      orderType: OrderType.DELIVERY,
    });
    expect(request.delivery_address).toEqual({
      ...address,
      contact_number: "+447911123456",
      email: "ann@example.com",
    });
  });
});

describe("quoteKey", () => {
  it("changes with what is priced, not with names, e-mail or the note", () => {
    const a = buildOrderRequest(basket(), ctx);
    const renamed = buildOrderRequest(basket({ order_note: "no onions" }), {
      ...ctx,
      customer: { ...customer, first_name: "Bob", email: "bob@example.com" },
    });
    expect(quoteKey(renamed)).toBe(quoteKey(a));
    expect(quoteKey(buildOrderRequest(basket({ tip: 100 }), ctx))).not.toBe(quoteKey(a));
    expect(quoteKey(buildOrderRequest(basket({ promocode: "X" }), ctx))).not.toBe(quoteKey(a));
  });
});

describe("AttemptKeys", () => {
  it("reuses the key for the same body (a retry) and makes a new one for another", () => {
    let n = 0;
    const keys = new AttemptKeys(() => `key-${++n}`);
    const request = buildOrderRequest(basket(), ctx);
    expect(keys.keyFor(request)).toBe("key-1");
    expect(keys.keyFor({ ...request })).toBe("key-1");
    expect(keys.keyFor({ ...request, tip: 200 })).toBe("key-2");
    keys.forget();
    expect(keys.keyFor({ ...request, tip: 200 })).toBe("key-3");
  });
});

describe("quoteRequestOf", () => {
  it("rebuilds the priced request from its key, without the customer's details", () => {
    const request = buildOrderRequest(basket({ delivery_address: address, tip: 120 }), {
      ...ctx,
      orderType: OrderType.DELIVERY,
    });
    const quoted = quoteRequestOf(quoteKey(request));
    expect(quoted.items).toEqual(request.items);
    expect(quoted.tip).toBe(120);
    expect(quoted.delivery_address?.postcode).toBe("W1D 3QA");
    expect(quoted.delivery_address?.email).toBe("");
    expect(quoted.user_email).toBe("");
  });
});
