import type { APIRequestContext, Page } from "@playwright/test";
import { MONDAY_NOON } from "../tests/clock";
import { api } from "../tests/api";
import { drawnImage } from "../tests/orders-helpers";
import { join } from "node:path";
import { expect, language, screenshots, settle, test } from "./shot";

/**
 * The support inbox for people to look at (e2e/screenshots/support-*.png): the
 * back office's Support screen with a request open (photo, conversation, reply
 * box), its photo large, and the customer's order page with the reply — on a
 * desktop (1440×900) and a phone (390×844), light (demo-burgers) and dark
 * (demo-pierogi), in en-US and pl-PL. tests/support.spec.ts asserts the behaviour.
 */
test.use({ now: MONDAY_NOON });

const SCHEMES = [
  { scheme: "demo-burgers", venue: "soho", theme: "light", phone: "+447911123456" },
  { scheme: "demo-pierogi", venue: "rynek", theme: "dark", phone: "+48601234567" },
] as const;
type Where = (typeof SCHEMES)[number];
type Session = { token: string; user: Record<string, unknown> };

/** A guest's paid pickup order at the venue, and the guest. */
async function pickup(request: APIRequestContext, w: Where): Promise<{ id: number; guest: Session }> {
  const guest = (await api(request, "auth/guest", { data: { business_slug: w.scheme } })) as Session;
  const menu = await api(request, "menu/list", {
    filter: { business_slug: w.scheme, venue_slug: w.venue, order_type: 1 },
  });
  const item = (menu.items as { id: number; is_available: boolean; modifier_category_ids: number[] }[]).find(
    (i) => i.is_available && i.modifier_category_ids.length === 0,
  )!;
  const data = {
    business_slug: w.scheme,
    venue_slug: w.venue,
    idempotency_key: `support-shot-${Date.now()}-${Math.random()}`,
    order_type: 1,
    is_asap: true,
    items: [{ item_id: item.id, qty: 2 }],
    user_email: "eater@example.com",
    user_contact_number: w.phone,
    first_name: "Alex",
    last_name: "Morgan",
  };
  const id = (await api(request, "orders/prepare", { data }, guest.token)).order.id as number;
  const card = {
    number: "4242 4242 4242 4242",
    exp_month: 12,
    exp_year: 2030,
    cvc: "123",
    name: "Alex Morgan",
  };
  await api(request, "payments/confirm", { data: { order_id: id, card } }, guest.token);
  return { id, guest };
}

async function raise(
  page: Page,
  request: APIRequestContext,
  w: Where,
  kind: string,
  text: string,
  photo: boolean,
) {
  const { id, guest } = await pickup(request, w);
  const photoIds: number[] = [];
  if (photo) {
    const res = await request.post("/api/v3/upload", {
      multipart: { file: await drawnImage(page, "image/jpeg", "photo.jpg") },
      headers: { Authorization: `Bearer ${guest.token}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    photoIds.push((await res.json()).data.id as number);
  }
  const req = await api(
    request,
    "supports/insert",
    { data: { order_id: id, kind, description: text, photo_ids: photoIds } },
    guest.token,
  );
  return { order: id, guest, support: req.id as number };
}

async function seed(page: Page, session: Session, scheme: string) {
  await page.addInitScript(
    (auth) => localStorage.setItem("auth", JSON.stringify({ state: auth, version: 1 })),
    { token: session.token, user: { ...session.user, business_slug: scheme } },
  );
}

for (const w of SCHEMES) {
  for (const lang of ["en-US", "pl-PL"] as const)
    test(`support ${w.theme} ${lang} (${w.scheme})`, async ({ page, browser, baseURL, now, request }) => {
      test.setTimeout(6 * 60_000); // three orders, an upload and eight screenshots on a shared machine
      await page.goto(`/${w.scheme}`);
      const manager = (await api(request, "auth/signin", {
        data: { business_slug: w.scheme, email: "manager@demo.test", password: "Platter-demo-1" },
      })) as Session;
      const reply = (support: number, message: string, status?: string) =>
        api(
          request,
          "admin/support/reply",
          { data: { business_slug: w.scheme, support_id: support, message, status } },
          manager.token,
        );
      const resolved = await raise(
        page,
        request,
        w,
        "incorrect_item",
        "Fries instead of onion rings.",
        false,
      );
      await reply(resolved.support, "", "resolved");
      await raise(
        page,
        request,
        w,
        "something_else",
        "Can I get a receipt with my company's VAT number?",
        false,
      );
      const main = await raise(
        page,
        request,
        w,
        "quality_concern",
        "The burger was cold when it arrived and the bun was soggy.\nPhoto attached.",
        true,
      );
      await reply(
        main.support,
        "We're so sorry! A fresh burger is on us next time.\nWe've spoken to the kitchen.",
        "in_progress",
      );

      {
        const context = await browser.newContext({ baseURL });
        const office = await context.newPage();
        await office.clock.install({ time: new Date(now) });
        await language(office, lang);
        await seed(office, manager, w.scheme);
        for (const [width, height] of [
          [1440, 900],
          [390, 844],
        ] as const) {
          await office.setViewportSize({ width, height });
          await office.goto(`/${w.scheme}/admin/support`);
          await expect(office.locator(".support__item").first()).toBeVisible({ timeout: 30_000 });
          await office.screenshot({
            path: join(screenshots, `support-${w.theme}-${lang}-${width}-list.png`),
          });
          await office.goto(`/${w.scheme}/admin/support?request=${main.support}`);
          await expect(office.locator(".support-photos__thumb img")).toBeVisible({ timeout: 30_000 });
          await office.screenshot({
            path: join(screenshots, `support-${w.theme}-${lang}-${width}-open.png`),
            fullPage: true,
          });
        }
        await office.setViewportSize({ width: 1440, height: 900 });
        await office.locator(".support-photos__thumb").first().click();
        await settle(office);
        await office.screenshot({ path: join(screenshots, `support-${w.theme}-${lang}-photo.png`) });
        await context.close();

        // The customer's order page with the reply.
        const customer = await browser.newContext({ baseURL });
        const mine = await customer.newPage();
        await mine.clock.install({ time: new Date(now) });
        await language(mine, lang);
        await seed(mine, main.guest, w.scheme);
        for (const [width, height] of [
          [1440, 900],
          [390, 844],
        ] as const) {
          await mine.setViewportSize({ width, height });
          await mine.goto(`/${w.scheme}/${w.venue}/order-details/${main.order}`);
          const card = mine.getByTestId("support-request");
          await expect(card).toBeVisible({ timeout: 30_000 });
          await card.scrollIntoViewIfNeeded();
          await mine.screenshot({
            path: join(screenshots, `support-${w.theme}-${lang}-${width}-customer.png`),
          });
        }
        await customer.close();
      }
    });
}
