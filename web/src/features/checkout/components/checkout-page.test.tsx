import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import {
  PATH,
  quoteOf,
  order,
  SLOTS,
  serve,
  basketItems,
  fill,
  fillCard,
  fillDetails,
  FIRST_RENDER,
  payButton,
  resetCheckout,
} from "@/test/checkout-page";
import { renderRoute } from "@/test/render-route";

/** The checkout page with the sandbox provider: figures, tips, cards, refused lines and slots. */

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

// Each test renders the whole page and waits for real debounces: give them room on a busy machine.
describe("checkout page", { timeout: 40_000 }, () => {
  it("shows the server's figures and stamps, and asks for the e-mail before paying", async () => {
    const api = serve();
    renderRoute(PATH);
    const totals = await screen.findByTestId("checkout-totals", undefined, { timeout: FIRST_RENDER });
    expect(within(totals).getByTestId("checkout-subtotal").textContent).toBe("£17.47");
    expect(within(totals).getByTestId("checkout-tax").textContent).toBe("£2.91");
    // A guest has no stamp card: no stamps are promised (issue 18); nor a zero service charge or tip.
    expect(screen.queryByTestId("checkout-stamps")).toBeNull();
    expect(within(totals).queryByTestId("checkout-service-charge")).toBeNull();
    expect(within(totals).queryByTestId("checkout-tip")).toBeNull();
    const quote = api.of("orders/quote")[0]?.body.data;
    expect(quote?.items).toEqual([
      { item_id: 1, qty: 1, modifiers: [] },
      { item_id: 3, qty: 2, modifiers: [] },
    ]);
    expect(quote).not.toHaveProperty("idempotency_key");

    await fill("First name", "Ann");
    await userEvent.click(await payButton());
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(
      document.getElementById(email.getAttribute("aria-describedby")!.split(" ").pop()!)?.textContent,
    ).toBe("Please enter your email address before proceeding with the purchase.");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(api.of("orders/prepare")).toHaveLength(0);
  });

  it("asks for a new quote, debounced, when the tip changes, and pays it as a guest", async () => {
    const api = serve();
    const { router } = renderRoute(PATH);
    await payButton();
    const before = api.of("orders/quote").length;
    await userEvent.click(screen.getByRole("button", { name: "10%" }));
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.tip_percent).toBe(10));
    expect(api.of("orders/quote").length).toBe(before + 1);
    expect(await screen.findByRole("button", { name: "Pay £19.22" })).toBeTruthy();
    // Back to no tip: the first quote again (from the cache).
    await userEvent.click(screen.getByRole("button", { name: "No tip" }));

    await fillDetails();
    await fillCard("4242424242424242");
    await userEvent.click(await payButton());

    expect(await screen.findByTestId("order-status")).toHaveProperty("textContent", "Waiting to be accepted");
    expect(router.state.location.pathname).toBe("/demo-burgers/soho/order-details/42");
    expect(api.of("auth/guest")).toHaveLength(1);
    const prepare = api.of("orders/prepare")[0]?.body.data;
    expect(prepare?.user_email).toBe("ann@example.com");
    expect(prepare?.tip_percent).toBe(0);
    expect(typeof prepare?.idempotency_key).toBe("string");
    expect(api.of("payments/confirm")[0]?.body.data).toEqual({
      business_slug: "demo-burgers",
      order_id: 42,
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123", name: "Ann Lee" },
    });
    expect(basketItems()).toEqual([]);
    expect(useAuthStore.getState().token).toBe("guest-token");
  });

  it("keeps the basket and says why when the card is declined; the retry reuses the order's key", async () => {
    let declines = 1;
    const api = serve({
      "payments/confirm": () =>
        declines-- > 0
          ? { status: 402, body: { success: false, code: 3050, message: "Your card was declined." } }
          : { body: { success: true, data: order("paid") } },
    });
    renderRoute(PATH);
    await fillDetails();
    await fillCard("4000000000000002");
    await userEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
    expect(basketItems()).toHaveLength(2);

    await userEvent.click(await payButton());
    await screen.findByTestId("order-status");
    const keys = api.of("orders/prepare").map((c) => c.body.data?.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("runs the sandbox challenge of 4000 0025 0000 3155: Fail keeps the basket, Complete pays", async () => {
    const api = serve({
      "payments/confirm": (d) =>
        d.card
          ? { body: { success: true, data: order("requires_action") } }
          : d.challenge_result === "failed"
            ? { status: 402, body: { success: false, code: 3052, message: "Authentication failed." } }
            : { body: { success: true, data: order("paid") } },
    });
    renderRoute(PATH);
    await fillDetails();
    await fillCard("4000002500003155");
    await userEvent.click(await payButton());
    let dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    expect(dialog.textContent).toContain("£17.47");
    await userEvent.click(within(dialog).getByRole("button", { name: "Fail" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Authentication failed.");
    expect(basketItems()).toHaveLength(2);

    await userEvent.click(await payButton());
    dialog = await screen.findByRole("dialog", { name: "Confirm your payment" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Complete" }));
    await screen.findByTestId("order-status");
    expect(api.of("payments/confirm").map((c) => c.body.data?.challenge_result ?? "card")).toEqual([
      "card",
      "failed",
      "card",
      "completed",
    ]);
  });

  it("shows a line the server refused, leaves it out of the order and lets it be removed", async () => {
    const api = serve({
      "orders/quote": (d) =>
        quoteOf(d, { subtotal: 899, total: 899 }, (l) => (l.item_id === 3 ? "Cola is sold out." : null)),
    });
    renderRoute(PATH);
    const line = (await screen.findAllByTestId("checkout-line"))[1]!;
    await within(line).findByText(/Cola is sold out\./);
    await userEvent.click(within(line).getByRole("button", { name: "Remove Cola" }));
    expect(basketItems()).toEqual([{ item_id: 1, qty: 1 }]);
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.items).toHaveLength(1));
  });

  it("offers only slots with room when the venue takes no ASAP orders", async () => {
    const api = serve({
      "venue/slots": () => ({
        body: { success: true, data: SLOTS, asap_available: false, first_asap_at: null },
      }),
    });
    renderRoute(PATH);
    const asap = (await screen.findByRole("radio", { name: /As soon as possible/ })) as HTMLInputElement;
    expect(asap.disabled).toBe(true);
    const select = screen.getByLabelText("Time") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Choose a time",
      "Today, 6:00 PM–6:15 PM",
      "Today, 6:30 PM–6:45 PM",
    ]);
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.preorder_for).toBe(SLOTS[0]!.start));
    await userEvent.selectOptions(select, SLOTS[2]!.start);
    await waitFor(() => expect(api.of("orders/quote").at(-1)?.body.data?.preorder_for).toBe(SLOTS[2]!.start));
    expect(api.of("orders/quote").at(-1)?.body.data?.is_asap).toBe(false);
  });
});
