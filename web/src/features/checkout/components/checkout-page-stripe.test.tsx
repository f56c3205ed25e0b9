import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useGeneralStore } from "@/stores/general";
import {
  PATH,
  order,
  serve,
  basketItems,
  fillDetails,
  FIRST_RENDER,
  payButton,
  resetCheckout,
} from "@/test/checkout-page";
import { renderRoute } from "@/test/render-route";
import { stripeFake } from "@/test/stripe-fake";

/** The checkout page with Stripe: the Payment Element, a redirecting method, and leaving while it confirms. */

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

const stripeShakeHand = () => ({
  body: {
    success: true,
    data: { api_version: 3, payments: { provider: "stripe", publishable_key: "pk_test_123" } },
  },
});
const stripePrepared = () => ({
  body: {
    success: true,
    data: {
      order: order("requires_payment"),
      payment: {
        provider: "stripe",
        amount: 1747,
        currency: "GBP",
        client_secret: "pi_123_secret_abc",
        status: "requires_payment",
      },
    },
  },
});

describe("checkout page with Stripe", { timeout: 40_000 }, () => {
  beforeEach(() => {
    stripeFake.loadStripeJs.mockClear();
    stripeFake.stripe.elements.mockClear();
    stripeFake.stripe.confirmPayment.mockClear();
    stripeFake.elements.submit.mockClear();
  });

  it("pays through the Payment Element, waits for the webhook's paid, then shows the order", async () => {
    let looks = 0;
    const api = serve({
      "general/shake-hand": stripeShakeHand,
      "orders/prepare": stripePrepared,
      // The first look finds the webhook not there yet.
      "orders/get": () => ({
        body: {
          success: true,
          data: { ...order(looks++ === 0 ? "requires_payment" : "paid"), history: [], items: [] },
        },
      }),
    });
    const { router } = renderRoute(PATH);
    await fillDetails();
    await screen.findByTitle("Secure payment input frame");
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(stripeFake.loadStripeJs).toHaveBeenCalledWith("pk_test_123", "en-US");
    expect(stripeFake.stripe.elements.mock.calls[0]?.[0]).toMatchObject({
      mode: "payment",
      currency: "gbp",
      locale: "en",
    });
    // Mounted at once; the quote's total follows when it arrives.
    const amount = () =>
      stripeFake.elements.update.mock.calls.at(-1)?.[0]?.amount ??
      stripeFake.stripe.elements.mock.calls[0]?.[0]?.amount;
    await waitFor(() => expect(amount()).toBe(1747));

    // Two taps in a row: one order, one confirmation.
    const pay = await payButton();
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await screen.findByTestId("order-status", undefined, { timeout: 10_000 })).toHaveProperty(
      "textContent",
      "Waiting to be accepted",
    );
    expect(router.state.location.pathname).toBe("/demo-burgers/soho/order-details/42");
    expect(stripeFake.elements.submit).toHaveBeenCalledTimes(1);
    expect(api.of("orders/prepare")).toHaveLength(1);
    expect(stripeFake.stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(stripeFake.stripe.confirmPayment.mock.calls[0]?.[0]).toMatchObject({
      clientSecret: "pi_123_secret_abc",
      redirect: "if_required",
      // A method that leaves the page comes back to the checkout, which reads how it went.
      confirmParams: { return_url: `${window.location.origin}/demo-burgers/soho/checkout?order=42` },
    });
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(api.of("payments/confirm")).toHaveLength(0);
    expect(basketItems()).toEqual([]);
  });

  it("shows Stripe's decline and keeps the basket; nothing is ordered while the element is incomplete", async () => {
    stripeFake.elements.submit.mockResolvedValueOnce({
      error: { message: "Your card number is incomplete." },
    });
    stripeFake.stripe.confirmPayment.mockResolvedValueOnce({
      error: { type: "card_error", message: "Your card was declined." },
    });
    const api = serve({ "general/shake-hand": stripeShakeHand, "orders/prepare": stripePrepared });
    renderRoute(PATH);
    await fillDetails();
    await screen.findByTitle("Secure payment input frame");
    await userEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Your card number is incomplete.");
    expect(api.of("orders/prepare")).toHaveLength(0);

    await userEvent.click(await payButton());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Your card was declined."));
    expect(basketItems()).toHaveLength(2);
    expect(api.of("orders/get")).toHaveLength(0);
    expect(api.of("orders/prepare")).toHaveLength(1);
  });
});

describe(
  "checkout page after a payment method that redirects (Przelewy24, BLIK)",
  { timeout: 40_000 },
  () => {
    const back = (status: string) =>
      `${PATH}?order=42&payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_abc&redirect_status=${status}`;

    it("succeeded: empties the basket and shows the order in place of the return URL", async () => {
      serve({ "general/shake-hand": stripeShakeHand });
      const { router } = renderRoute(back("succeeded"));
      expect(await screen.findByTestId("order-status", undefined, { timeout: FIRST_RENDER })).toHaveProperty(
        "textContent",
        "Waiting to be accepted",
      );
      expect(router.state.location.pathname).toBe("/demo-burgers/soho/order-details/42");
      expect(router.state.historyAction).toBe("REPLACE");
      expect(basketItems()).toEqual([]);
    });

    it.each<["en-US" | "pl-PL", string]>([
      [
        "en-US",
        "The payment was not completed and nothing was taken. Your basket is still here: try again or choose another way to pay.",
      ],
      [
        "pl-PL",
        "Płatność nie została dokończona i nic nie pobrano. Koszyk nadal tu jest: spróbuj ponownie lub wybierz inny sposób płatności.",
      ],
    ])("failed: stays on the checkout with the basket and says so (%s)", async (language, message) => {
      useGeneralStore.setState({ language, languages: { "demo-burgers": language } });
      await i18n.changeLanguage(language);
      try {
        const api = serve({ "general/shake-hand": stripeShakeHand });
        const { router } = renderRoute(back("failed"));
        const alert = await screen.findByRole("alert", undefined, { timeout: FIRST_RENDER });
        expect(alert.textContent).toBe(message);
        await waitFor(() => expect(document.activeElement).toBe(alert));
        // The return's parameters leave the URL: a reload does not say it again.
        await waitFor(() => expect(router.state.location.search).toBe(""));
        expect(router.state.location.pathname).toBe(PATH);
        expect(screen.getByRole("alert").textContent).toBe(message);
        expect(basketItems()).toHaveLength(2);
        expect(api.of("orders/prepare")).toHaveLength(0);
      } finally {
        useGeneralStore.setState({ language: "en-US" });
        await i18n.changeLanguage("en-US");
      }
    });
  },
);

describe("checkout page left while the payment is confirmed", { timeout: 40_000 }, () => {
  it("stops asking orders/get and does not navigate away from where the customer went", async () => {
    // The webhook never comes: checkout would ask for 30 s, then show the order.
    const api = serve({
      "general/shake-hand": stripeShakeHand,
      "orders/prepare": stripePrepared,
      "orders/get": () => ({
        body: { success: true, data: { ...order("requires_payment"), history: [], items: [] } },
      }),
    });
    const { router } = renderRoute(PATH);
    await fillDetails();
    await screen.findByTitle("Secure payment input frame");
    await userEvent.click(await payButton());
    await waitFor(() => expect(api.of("orders/get").length).toBeGreaterThan(0));
    await act(() => router.navigate("/demo-burgers/soho/menu"));
    // The look still out is aborted, and no other starts.
    await waitFor(() => expect(api.of("orders/get").at(-1)?.signal?.aborted).toBe(true));
    const looks = api.of("orders/get").length;
    expect(router.state.location.pathname).toBe("/demo-burgers/soho/menu");
    expect(basketItems()).toHaveLength(2);
    expect(api.of("orders/get")).toHaveLength(looks); // (no look after an abort: api/prepare.test.ts)
  });
});
