/**
 * The orders specs' world (orders*.spec.ts): orders made through the real API
 * (orders/prepare + payments/confirm), staff and customer sessions, and a
 * session put into a page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { codeOf, uniqueEmail, waitForMail } from "./mailbox";
import { api } from "./api";

export const SCHEME = "demo-burgers";
export const VENUE = "soho";

export { api };

export type Line = { item_id: number; qty: number; modifiers?: { modifier_item_id: number; qty: number }[] };
export type Session = { token: string; user: Record<string, unknown> };

export async function staff(request: APIRequestContext, email: string, scheme = SCHEME): Promise<string> {
  const data = await api(request, "auth/signin", {
    data: { business_slug: scheme, email, password: "Platter-demo-1" },
  });
  return data.token as string;
}

export async function guest(request: APIRequestContext): Promise<Session> {
  return api(request, "auth/guest", { data: { business_slug: SCHEME } });
}

/** Two lines of the menu: an item without modifiers (×qty) and one with its first optional modifier. */
export async function someLines(request: APIRequestContext): Promise<{ lines: Line[]; titles: string[] }> {
  const menu = await api(request, "menu/list", {
    filter: { business_slug: SCHEME, venue_slug: VENUE, order_type: 0 },
  });
  type Item = {
    id: number;
    title: string;
    is_available: boolean;
    select_min: number;
    modifier_category_ids: number[];
  };
  const items = menu.items as Item[];
  const plain = items.find((i) => i.is_available && i.modifier_category_ids.length === 0)!;
  const categories = menu.modifier_categories as { id: number; select_min: number }[];
  const optional = (id: number) => categories.find((c) => c.id === id)?.select_min === 0;
  const withModifier = items.find(
    (i) => i.is_available && i.modifier_category_ids.length > 0 && i.modifier_category_ids.every(optional),
  )!;
  const modifier = (
    menu.modifier_items as { id: number; modifier_category_id: number; is_available: boolean }[]
  ).find((m) => m.is_available && m.modifier_category_id === withModifier.modifier_category_ids[0])!;
  return {
    lines: [
      { item_id: plain.id, qty: 2 },
      { item_id: withModifier.id, qty: 1, modifiers: [{ modifier_item_id: modifier.id, qty: 1 }] },
    ],
    titles: [plain.title, withModifier.title],
  };
}

/** A paid ASAP delivery order to an address 1 km or so from Soho. */
export async function paidOrder(
  request: APIRequestContext,
  token: string,
  lines: Line[],
  extra = {},
): Promise<number> {
  return (await paidOrderWithPricing(request, token, lines, extra)).id;
}

export async function paidOrderWithPricing(
  request: APIRequestContext,
  token: string,
  lines: Line[],
  extra = {},
): Promise<{ id: number; pricing: { discount: number; stamps_earned: number } }> {
  const order = await api(
    request,
    "orders/prepare",
    {
      data: {
        business_slug: SCHEME,
        venue_slug: VENUE,
        idempotency_key: `orders-e2e-${Date.now()}-${Math.random()}`,
        order_type: 0,
        is_asap: true,
        items: lines,
        user_email: "eater@example.com",
        user_contact_number: "+447911123456",
        first_name: "Eve",
        delivery_address: {
          name: "Home",
          line1: "10 Gower Street",
          city: "London",
          postcode: "WC1E 6HA",
          country: "GB",
          contact_number: "+447911123456",
          email: "eater@example.com",
          latitude: 51.5215,
          longitude: -0.1318,
        },
        ...extra,
      },
    },
    token,
  );
  const card = {
    number: "4242 4242 4242 4242",
    exp_month: 12,
    exp_year: 2030,
    cvc: "123",
    name: "Eve Eater",
  };
  await api(request, "payments/confirm", { data: { order_id: order.order.id, card } }, token);
  return { id: order.order.id as number, pricing: order.order.pricing };
}

/** The password of every member() account. */
export const MEMBER_PASSWORD = "Platter-e2e-1";

/** A signed-up, verified customer of scheme (the code comes through the test SMTP server). */
export async function member(request: APIRequestContext, tag: string, scheme = SCHEME): Promise<Session> {
  const email = uniqueEmail(tag);
  const since = Date.now();
  await api(request, "auth/signup", {
    data: {
      business_slug: scheme,
      email,
      password: MEMBER_PASSWORD,
      first_name: "Ola",
      last_name: "Nowak",
      contact_number: "+447911123456",
    },
  });
  const code = codeOf(await waitForMail(email, { since }));
  return (await api(request, "auth/verify", { data: { business_slug: scheme, email, code } })) as Session;
}

export async function seedSession(page: Page, session: Session) {
  await page.addInitScript((auth) => {
    localStorage.setItem("auth", JSON.stringify({ state: auth, version: 0 }));
  }, session);
}

export const transition = (
  request: APIRequestContext,
  token: string,
  orderId: number,
  status: string,
  extra = {},
) =>
  api(
    request,
    "admin/orders/transition",
    { data: { business_slug: SCHEME, order_id: orderId, status, ...extra } },
    token,
  );

/** An image drawn by the browser itself, as a file for an <input type=file>. */
export async function drawnImage(page: Page, type: "image/jpeg" | "image/png", name: string) {
  const base64 = await page.evaluate(async (mime) => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#c0392b";
    ctx.fillRect(0, 0, 64, 48);
    ctx.fillStyle = "#f1c40f";
    ctx.fillRect(16, 12, 32, 24);
    return canvas.toDataURL(mime).split(",")[1]!;
  }, type);
  return { name, mimeType: type, buffer: Buffer.from(base64, "base64") };
}
