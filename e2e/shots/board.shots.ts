import type { APIRequestContext, Page } from "@playwright/test";
import { MONDAY_NOON } from "../tests/clock";
import { expect, language, settle, test } from "./shot";
import { api } from "../tests/api";

/**
 * The order board for people to look at (e2e/screenshots/board-*.png): a
 * kitchen tablet (1024×768) and a desktop (1440×900), light (demo-burgers)
 * and dark (demo-pierogi), in en-US and pl-PL, with orders in every column.
 * What the board must do is asserted in tests/board.spec.ts.
 */
test.use({ now: MONDAY_NOON });

const SCHEMES = [
  {
    scheme: "demo-burgers",
    venue: "shoreditch",
    theme: "light",
    address: {
      line1: "20 Rivington Street",
      city: "London",
      postcode: "EC2A 3DU",
      country: "GB",
      lat: 51.5262,
      lng: -0.0801,
    },
    phone: "+447911123456",
  },
  {
    scheme: "demo-pierogi",
    venue: "rynek",
    theme: "dark",
    address: {
      line1: "ul. Floriańska 10",
      city: "Kraków",
      postcode: "31-019",
      country: "PL",
      lat: 50.0632,
      lng: 19.9398,
    },
    phone: "+48601234567",
  },
] as const;

type Where = (typeof SCHEMES)[number];

async function order(
  request: APIRequestContext,
  w: Where,
  delivery: boolean,
  note: string,
  qty: number,
  preorderFor?: string,
) {
  const guest = await api(request, "auth/guest", { data: { business_slug: w.scheme } });
  const menu = await api(request, "menu/list", {
    filter: { business_slug: w.scheme, venue_slug: w.venue, order_type: delivery ? 0 : 1 },
  });
  const items = (
    menu.items as { id: number; is_available: boolean; modifier_category_ids: number[] }[]
  ).filter((i) => i.is_available && i.modifier_category_ids.length === 0);
  const a = w.address;
  const prepared = await api(
    request,
    "orders/prepare",
    {
      data: {
        business_slug: w.scheme,
        venue_slug: w.venue,
        idempotency_key: `board-shot-${Date.now()}-${Math.random()}`,
        order_type: delivery ? 0 : 1,
        is_asap: !preorderFor,
        ...(preorderFor ? { preorder_for: preorderFor } : {}),
        items: items.slice(0, 2).map((i) => ({ item_id: i.id, qty })),
        user_email: "eater@example.com",
        user_contact_number: w.phone,
        first_name: "Alex",
        last_name: "Morgan",
        order_note: note,
        ...(delivery
          ? {
              delivery_address: {
                name: "Home",
                line1: a.line1,
                city: a.city,
                postcode: a.postcode,
                country: a.country,
                contact_number: w.phone,
                email: "eater@example.com",
                latitude: a.lat,
                longitude: a.lng,
              },
            }
          : {}),
      },
    },
    guest.token,
  );
  const id = prepared.order.id as number;
  const card = {
    number: "4242 4242 4242 4242",
    exp_month: 12,
    exp_year: 2030,
    cvc: "123",
    name: "Alex Morgan",
  };
  await api(request, "payments/confirm", { data: { order_id: id, card } }, guest.token);
  return id;
}

async function signedIn(page: Page, request: APIRequestContext, scheme: string) {
  const s = await api(request, "auth/signin", {
    data: { business_slug: scheme, email: "manager@demo.test", password: "Platter-demo-1" },
  });
  await page.addInitScript(
    (auth) => {
      localStorage.setItem("auth", JSON.stringify({ state: auth, version: 1 }));
    },
    { token: s.token, user: { ...s.user, business_slug: scheme } },
  );
  return s.token as string;
}

for (const w of SCHEMES) {
  test(`board ${w.theme} (${w.scheme})`, async ({ page, request, shot }) => {
    test.slow();
    const token = await signedIn(page, request, w.scheme);
    const step = (id: number, status: string, extra = {}) =>
      api(
        request,
        "admin/orders/transition",
        { data: { business_slug: w.scheme, order_id: id, status, ...extra } },
        token,
      );
    // One order per column, and two waiting (one a delivery with an allergy note).
    await order(request, w, false, "", 1);
    await order(
      request,
      w,
      true,
      w.theme === "light" ? "Peanut allergy — no satay sauce" : "Uczulenie na orzechy",
      2,
    );
    const preparing = await order(request, w, true, "", 1);
    await step(preparing, "accepted", { eta_minutes: 20 });
    const ready = await order(request, w, false, "", 3);
    await step(ready, "accepted", { eta_minutes: 15 });
    await step(ready, "ready_to_collect");
    // A pre-order for tomorrow at noon (the board is at Monday noon): its card says "tomorrow".
    await order(request, w, false, "", 1, "2026-11-17T12:00:00Z");
    const rejected = await order(request, w, false, "", 1);
    await step(rejected, "rejected", { reason: "Too busy" });

    for (const lang of ["en-US", "pl-PL"] as const) {
      await language(page, lang);
      for (const [width, height] of [
        [1024, 768],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`/${w.scheme}/admin/board/${w.venue}`);
        await expect(page.getByTestId("board-connection")).toHaveAttribute("class", /--live/);
        await expect(page.getByTestId("order-card").first()).toBeVisible();
        await shot(`board-${w.theme}-${lang}-${width}x${height}`);
      }
      await page.setViewportSize({ width: 1024, height: 768 });
      await page
        .getByTestId("column-new")
        .getByRole("button")
        .filter({ hasText: /^(Accept|Przyjmij)$/ })
        .first()
        .click();
      await settle(page);
      await shot(`board-${w.theme}-${lang}-accept`, { fullPage: false });
      await page.keyboard.press("Escape");
      await page.getByTestId("column-new").locator(".order-card__open").nth(0).click();
      await settle(page);
      await shot(`board-${w.theme}-${lang}-detail`, { fullPage: false });
      await page.keyboard.press("Escape");
      // "On the way" of a delivery asks who takes it (issue 18), at 1024 and on a 390 phone.
      for (const width of [1024, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
        await page
          .getByTestId("column-preparing")
          .getByRole("button")
          .filter({ hasText: /^(On the way|W drodze)$/ })
          .first()
          .click();
        await settle(page);
        await page.getByRole("dialog").getByRole("radio").last().check();
        await settle(page);
        await shot(`board-${w.theme}-${lang}-dispatch-${width}`, { fullPage: false });
        await page.keyboard.press("Escape");
      }
      await page.setViewportSize({ width: 1024, height: 768 });
    }
  });
}
