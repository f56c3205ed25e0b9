import { describe, expect, it } from "vitest";
import { OrderType } from "@/lib/enums";
import { testStore } from "@/test/menu-fixtures";
import { rankStores } from "./store-choice";

const soho = testStore({ venue_slug: "soho", lat: 51.5136, lng: -0.1365 });
const shoreditch = testStore({ venue_slug: "shoreditch", lat: 51.5265, lng: -0.078 });
const pickupOnly = testStore({ venue_slug: "kiosk", order_types: [OrderType.PICKUP], lat: 51.5, lng: -0.12 });
const stores = [soho, shoreditch, pickupOnly];
const slugs = (choices: ReturnType<typeof rankStores>) => choices.map((c) => c.store.venue_slug);

describe("rankStores", () => {
  it("keeps the server's order without a position and offers only the chosen order type", () => {
    expect(slugs(rankStores(stores, { orderType: null, address: null, position: null }))).toEqual([
      "soho",
      "shoreditch",
      "kiosk",
    ]);
    const delivery = rankStores(stores, { orderType: OrderType.DELIVERY, address: null, position: null });
    expect(slugs(delivery)).toEqual(["soho", "shoreditch"]);
    expect(delivery.every((c) => c.km === null && c.deliverable === null)).toBe(true);
  });

  it("puts the nearest first from the browser's position", () => {
    const near = rankStores(stores, {
      orderType: OrderType.PICKUP,
      address: null,
      position: { lat: 51.5246, lng: -0.0837 }, // by Old Street
    });
    expect(slugs(near)).toEqual(["shoreditch", "kiosk", "soho"]);
    expect(near[0]?.km).toBeLessThan(1);
    expect(near[0]?.deliverable).toBeNull(); // pickup: no delivery check
  });

  it("for delivery, measures from the address and puts stores outside their radius last, disabled", () => {
    // Hammersmith: about 8.5 km from Soho and 12 km from Shoreditch, both with a 5 km radius.
    const far = rankStores([shoreditch, soho], {
      orderType: OrderType.DELIVERY,
      address: { lat: 51.4927, lng: -0.2248 },
      position: null,
    });
    expect(far.map((c) => c.deliverable)).toEqual([false, false]);
    expect(slugs(far)).toEqual(["soho", "shoreditch"]);
    // Covent Garden: both deliver, Soho nearer; a 1 km radius makes Shoreditch refuse.
    const mixed = rankStores(
      [{ ...soho }, { ...shoreditch, delivery: { ...shoreditch.delivery, radius_m: 1000 } }],
      {
        orderType: OrderType.DELIVERY,
        address: { lat: 51.5117, lng: -0.124 },
        position: null,
      },
    );
    expect(mixed.map((c) => [c.store.venue_slug, c.deliverable])).toEqual([
      ["soho", true],
      ["shoreditch", false],
    ]);
  });

  it("for delivery, the server's verdict wins over the local estimate once it has come", () => {
    // Covent Garden is inside both radii, but the server says Shoreditch does not deliver there.
    const choices = rankStores([soho, shoreditch], {
      orderType: OrderType.DELIVERY,
      address: { lat: 51.5117, lng: -0.124 },
      position: null,
      verdicts: new Map([
        ["soho", true],
        ["shoreditch", false],
      ]),
    });
    expect(choices.map((c) => [c.store.venue_slug, c.deliverable])).toEqual([
      ["soho", true],
      ["shoreditch", false],
    ]);
  });
});
