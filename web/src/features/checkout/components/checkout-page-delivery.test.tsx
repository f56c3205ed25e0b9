import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDefaultBasket } from "@/stores/basket";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { FIRST_RENDER, PATH, quoteOf, resetCheckout, serve } from "@/test/checkout-page";
import { renderRoute } from "@/test/render-route";

/** A delivery to an address the venue does not deliver to (docs/product.md §2). */

vi.mock("../lib/stripe-loader", async () => {
  const { stripeFake } = await import("@/test/stripe-fake");
  return {
    loadStripeJs: stripeFake.loadStripeJs,
    stripeLocale: (language: string) => (language.startsWith("pl") ? "pl" : "en"),
  };
});

beforeAll(async () => {
  await Promise.all([import("@/app/routes/storefront"), import("@/app/routes/checkout")]);
}, 120_000);

const far = {
  line1: "1 Piccadilly",
  line2: "",
  city: "Manchester",
  country: "GB",
  postcode: "M1 1AA",
  contact_number: "+447911123456",
  email: "ann@example.com",
  note: "",
  name: "Work",
  latitude: 53.4808,
  longitude: -2.2426,
};

beforeEach(() => {
  resetCheckout();
  useHomeStore.setState({ order_type: 0 });
  const state = useVenueStore.getState();
  const basket = state.basket["demo-burgers"]!.soho!;
  const delivery = createDefaultBasket(0);
  useVenueStore.setState({
    basket: {
      "demo-burgers": {
        soho: { ...basket, orderDetail: { ...delivery.orderDetail, delivery_address: far } },
      },
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("checkout: a delivery to an address outside every area", { timeout: 40_000 }, () => {
  it("says so by the address, shows no fee and no total, and cannot be paid", async () => {
    // The server's quote refuses the address (3011) and, knowing no area, prices no fee.
    const api = serve({
      "orders/quote": (d) => {
        const quote = quoteOf(d);
        const problems = [
          {
            code: 3011,
            message: "This store does not deliver to this address.",
            field: "delivery_address",
          },
        ];
        return { body: { ...quote.body, data: { ...quote.body.data, can_order: false, problems } } };
      },
    });
    renderRoute(PATH);
    expect(
      (
        await screen.findByText("This store does not deliver to this address.", undefined, {
          timeout: FIRST_RENDER,
        })
      ).id,
    ).toBe("address-error");
    await waitFor(() =>
      expect(screen.getByTestId("checkout-delivery-fee").textContent).toBe("Outside the delivery area"),
    );
    expect(screen.queryByText("Free")).toBeNull();
    expect(screen.queryByTestId("checkout-total")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Pay £/ })).toBeNull();
    const pay = screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(pay.getAttribute("aria-describedby")).toBe("address-error");
    expect(api.of("orders/prepare")).toHaveLength(0);
  });
});
