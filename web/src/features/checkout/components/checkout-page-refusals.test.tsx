import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import {
  PATH,
  quoteOf,
  serve,
  fill,
  fillCard,
  fillDetails,
  FIRST_RENDER,
  payButton,
  resetCheckout,
} from "@/test/checkout-page";
import { renderRoute } from "@/test/render-route";

/** The checkout page's refusals, each said where to act, and paying with a loyalty reward. */

// js.stripe.com is never reached in tests: loadStripe's seam answers with a fake (test/stripe-fake.ts).
vi.mock("../lib/stripe-loader", async () => {
  const { stripeFake } = await import("@/test/stripe-fake");
  return {
    loadStripeJs: stripeFake.loadStripeJs,
    stripeLocale: (language: string) => (language.startsWith("pl") ? "pl" : "en"),
  };
});

// The storefront's layout and checkout are lazy routes, compiled on their first import: under load that took
// seconds inside the first test's waits (as in auth-screens.test.tsx). They are imported once, before the tests.
beforeAll(async () => {
  await Promise.all([import("@/app/routes/storefront"), import("@/app/routes/checkout")]);
}, 120_000);

beforeEach(resetCheckout);
afterEach(() => vi.unstubAllGlobals());

describe(
  "checkout page: every refusal is said where to act, and goes with its cause",
  { timeout: 40_000 },
  () => {
    const fries = {
      id: 3,
      title: "Fries on us",
      color: "",
      image_url: "",
      button_text: "Claim",
      button_kind: 1,
      reward_id: 9,
      min_spend: 1200,
    };
    const small = { subtotal: 599, total: 599 };

    it("Pay with an offer the basket does not reach says why there, focuses it, and lets it go", async () => {
      const api = serve({
        "user/offers": () => ({ body: { success: true, data: [fries], total: 1 } }),
        "orders/quote": (d) => {
          const quote = quoteOf(d, small);
          if (d.reward_id !== 9) return quote;
          const data = {
            ...quote.body.data,
            can_order: false,
            problems: [{ code: 3045, message: "This reward is not available.", field: "reward_id" }],
          };
          return { body: { ...quote.body, data } };
        },
      });
      renderRoute(PATH);
      await fillDetails();
      await fillCard("4242424242424242");
      await userEvent.click(await screen.findByRole("button", { name: "Claim" }, { timeout: FIRST_RENDER }));
      await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.reward_id).toBe(9));
      await userEvent.click(await screen.findByRole("button", { name: "Pay £5.99" }));
      const reason = await screen.findByText(
        "Fries on us needs an order of at least £12.00. Add £6.01 more, or remove the offer to pay without it.",
      );
      await waitFor(() => expect(document.activeElement).toBe(reason.closest("#co-offer-error")));
      expect(api.of("orders/prepare")).toHaveLength(0);

      await userEvent.click(screen.getByRole("button", { name: "Remove offer" }));
      expect(screen.getByRole("button", { name: "Claim" }).getAttribute("aria-pressed")).toBe("false");
      // The quote without the offer is the first one again (from the cache): the reason goes.
      await waitFor(() => expect(screen.queryByText(/Fries on us needs/)).toBeNull());
      const pay = screen.getByRole("button", { name: "Pay £5.99" }) as HTMLButtonElement;
      await waitFor(() => expect(pay.disabled).toBe(false));
      await userEvent.click(pay);
      await screen.findByTestId("order-status");
      expect(api.of("orders/prepare")[0]?.body.data?.reward_id ?? -1).toBe(-1);
    });

    it("takes a field's error away once the field is filled, and a promo code's once the code is cleared", async () => {
      serve({
        "orders/quote": (d) => {
          const quote = quoteOf(d);
          if (d.promocode !== "USED10") return quote;
          const data = {
            ...quote.body.data,
            can_order: false,
            problems: [{ code: 3044, message: "You have already used this promo code.", field: "promocode" }],
          };
          return { body: { ...quote.body, data } };
        },
      });
      renderRoute(PATH);
      await userEvent.click(await payButton());
      const number = screen.getByLabelText("Card number");
      const email = screen.getByLabelText("Email");
      expect(number.getAttribute("aria-invalid")).toBe("true");
      expect(screen.getByText("Card number is required")).toBeTruthy();
      await fill("Card number", "4242424242424242");
      expect(screen.queryByText("Card number is required")).toBeNull();
      expect(number.getAttribute("aria-invalid")).toBeNull();
      expect(email.getAttribute("aria-invalid")).toBe("true");
      await fill("Email", "ann@example.com");
      expect(email.getAttribute("aria-invalid")).toBeNull();
      // Still shown: what was not changed.
      expect(screen.getByText("Expiry date is required")).toBeTruthy();

      await userEvent.click(screen.getByRole("textbox", { name: "Promo code" }));
      await userEvent.paste("used10");
      await userEvent.click(screen.getByRole("button", { name: "Apply" }));
      expect(await screen.findByText("You have already used this promo code.")).toBeTruthy();
      await userEvent.clear(screen.getByRole("textbox", { name: "Promo code" }));
      expect(screen.queryByText("You have already used this promo code.")).toBeNull();
    });

    it("marks the required fields as required (first name, e-mail, card), not the optional ones", async () => {
      serve();
      renderRoute(PATH);
      await payButton();
      for (const label of ["First name", "Email", "Card number", "Expiry date", "CVC", "Name on card"]) {
        const input = screen.getByLabelText(label) as HTMLInputElement;
        expect(input.required, label).toBe(true);
        expect(input.getAttribute("aria-required"), label).toBe("true");
      }
      for (const label of [/^Last name/, /^Contact number/]) {
        expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(false);
      }
    });
  },
);

describe("checkout page with a loyalty reward", { timeout: 40_000 }, () => {
  it("lets a signed-in customer use an unlocked reward instead of an offer, and pays with it", async () => {
    useAuthStore.setState({
      token: "ann-token",
      user: { email: "ann@example.com", is_guest: false, business_slug: "demo-burgers", first_name: "Ann" },
    });
    const api = serve({
      "user/info": () => ({
        body: {
          success: true,
          data: {
            email: "ann@example.com",
            first_name: "Ann",
            is_guest: false,
            stamps: { balance: 3, per_reward: 8 },
            rewards: [{ id: 5, title: "Free burger", kind: "loyalty", unlocked_at: "2026-11-01T12:00:00Z" }],
          },
        },
      }),
      "orders/quote": (d) =>
        d.loyalty_reward_id === 5
          ? {
              body: {
                ...(quoteOf(d, { discount: 100, total: 1647 }).body as { data: object }),
                data: { ...quoteOf(d, { discount: 100, total: 1647 }).body.data, loyalty_reward_id: 5 },
              },
            }
          : quoteOf(d),
    });
    renderRoute(PATH);
    const use = await screen.findByRole("button", { name: "Use reward" }, { timeout: FIRST_RENDER });
    expect(screen.getByText("Free burger")).toBeTruthy();
    // A signed-in customer collects stamps: they are promised.
    expect((await screen.findByTestId("checkout-stamps")).textContent).toBe(
      "You'll earn 1 stamp with this order.",
    );
    await userEvent.click(use);
    expect(screen.getByRole("button", { name: "Using this reward" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.loyalty_reward_id).toBe(5));
    expect(api.of("orders/quote").at(-1)?.body.data).not.toHaveProperty("reward_id");
    expect((await screen.findByTestId("checkout-reward-saving")).textContent).toBe("Free burger: £1.00 off");

    await fillCard("4242424242424242");
    await userEvent.click(await screen.findByRole("button", { name: "Pay £16.47" }));
    await screen.findByTestId("order-status");
    expect(api.of("orders/prepare")[0]?.body.data?.loyalty_reward_id).toBe(5);
    expect(api.of("auth/guest")).toHaveLength(0);
  });
});
