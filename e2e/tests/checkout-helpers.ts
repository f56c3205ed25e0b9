import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Demo items: Chilli Cheese Dog £8.49 (30), Dirty Fries £6.49 (36), Cola £2.49 (52). */
export const DOG = { item_id: 30, qty: 1 };
export const FRIES = { item_id: 36, qty: 1 };
export const COLAS = { item_id: 52, qty: 2 };

export interface Seed {
  scheme?: string;
  venue?: string;
  items: { item_id: number; qty: number }[];
  orderType?: 0 | 1;
  address?: Record<string, unknown>;
}

/** Opens the venue's menu (which creates its basket), fills the basket, then opens checkout. */
export async function openCheckout(page: Page, seed: Seed) {
  const { scheme = "demo-burgers", venue = "soho", orderType = 1 } = seed;
  await page.goto(`/${scheme}/${venue}/menu`);
  await expect(page.locator("main h1")).toBeVisible();
  await page.waitForFunction(
    ([s, v]) => !!JSON.parse(localStorage.getItem("venue") ?? "{}")?.state?.basket?.[s]?.[v],
    [scheme, venue],
  );
  await page.evaluate(
    ([s, v, seedJson]) => {
      const seed = JSON.parse(seedJson) as Seed;
      const venueState = JSON.parse(localStorage.getItem("venue")!);
      const basket = venueState.state.basket[s][v];
      basket.items = seed.items;
      basket.orderDetail.order_type = seed.orderType ?? 1;
      basket.orderDetail.delivery_address = seed.address ?? null;
      localStorage.setItem("venue", JSON.stringify(venueState));
      const home = JSON.parse(localStorage.getItem("home") ?? '{"state":{},"version":0}');
      home.state.order_type = seed.orderType ?? 1;
      localStorage.setItem("home", JSON.stringify(home));
    },
    [scheme, venue, JSON.stringify({ ...seed, orderType })] as const,
  );
  await page.goto(`/${scheme}/${venue}/checkout`);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  // The first figures wait for a guest session and the debounced quote: on a busy machine that took 10–40 s.
  // (No total when the venue does not deliver to the basket's address: the figures, then.)
  await expect(page.getByTestId("checkout-totals")).toBeVisible({ timeout: 60_000 });
}

