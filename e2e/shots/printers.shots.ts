import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { MONDAY_NOON } from "../tests/clock";
import { api } from "../tests/api";
import { expect, language, screenshots, test } from "./shot";

/**
 * The venue page's Printers section for people to look at (e2e/screenshots/printers-*.png): light
 * (demo-burgers, en-US) and dark (demo-pierogi, pl-PL), desktop and phone, with a printer online, one
 * out of paper and one not connected yet; the board's printer indicator; and a kitchen ticket as the
 * printer gets it (image/png), in each language. tests/printers.spec.ts asserts the behaviour.
 */
test.use({ now: MONDAY_NOON });

const cases = [
  { scheme: "demo-burgers", venue: "soho", lang: "en-US", theme: "light", phone: "+447911123456" },
  { scheme: "demo-pierogi", venue: "rynek", lang: "pl-PL", theme: "dark", phone: "+48601234567" },
] as const;
const sizes = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
];

type Case = (typeof cases)[number];

async function printer(request: APIRequestContext, c: Case, token: string, name: string, kind: string) {
  const p = await api(
    request,
    "admin/printers/upsert",
    { data: { business_slug: c.scheme, venue_slug: c.venue, name, kind } },
    token,
  );
  return new URL(p.url as string).pathname;
}

/** A paid pickup order with a note, accepted by the manager. */
async function acceptedOrder(request: APIRequestContext, c: Case, token: string) {
  const guest = await api(request, "auth/guest", { data: { business_slug: c.scheme } });
  const menu = await api(request, "menu/list", {
    filter: { business_slug: c.scheme, venue_slug: c.venue, order_type: 1 },
  });
  const items = (
    menu.items as { id: number; is_available: boolean; modifier_category_ids: number[] }[]
  ).filter((i) => i.is_available && i.modifier_category_ids.length === 0);
  const prepared = await api(
    request,
    "orders/prepare",
    {
      data: {
        business_slug: c.scheme,
        venue_slug: c.venue,
        idempotency_key: `printer-shot-${Date.now()}-${Math.random()}`,
        order_type: 1,
        is_asap: true,
        items: items.slice(0, 3).map((i, n) => ({ item_id: i.id, qty: n + 1 })),
        user_email: "eater@example.com",
        user_contact_number: c.phone,
        first_name: c.lang === "pl-PL" ? "Zofia" : "Alex",
        last_name: c.lang === "pl-PL" ? "Łęcka-Żółć" : "Morgan",
        order_note: c.lang === "pl-PL" ? "Alergia na orzechy — bez sezamu" : "Nut allergy — no sesame please",
      },
    },
    guest.token,
  );
  const id = prepared.order.id as number;
  const card = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2030, cvc: "123", name: "A M" };
  await api(request, "payments/confirm", { data: { order_id: id, card } }, guest.token);
  await api(
    request,
    "admin/orders/transition",
    { data: { business_slug: c.scheme, order_id: id, status: "accepted", eta_minutes: 20 } },
    token,
  );
}

for (const c of cases) {
  test(`printers ${c.theme} (${c.scheme})`, async ({ page, request, baseURL }) => {
    test.slow();
    const s = await api(request, "auth/signin", {
      data: { business_slug: c.scheme, email: "manager@demo.test", password: "Platter-demo-1" },
    });
    const token = s.token as string;
    const pass = await printer(request, c, token, c.lang === "pl-PL" ? "Wydawka" : "Pass", "star_cloudprnt");
    const grill = await printer(request, c, token, "Grill", "epson_sdp");
    await printer(request, c, token, "Bar", "star_cloudprnt");
    const poll = (path: string, statusCode: string) =>
      fetch(`${baseURL}${path}`, { method: "POST", body: JSON.stringify({ statusCode }) });
    // Whatever waits at the pass from earlier runs is printed first; then this ticket.
    for (let i = 0; i < 20; i++) {
      const waiting = (await (await poll(pass, "200 OK")).json()) as { jobReady: boolean; jobToken?: string };
      if (!waiting.jobReady) break;
      await fetch(`${baseURL}${pass}?code=200%20OK&token=${waiting.jobToken}`, { method: "DELETE" });
    }
    await acceptedOrder(request, c, token);
    const job = ((await (await poll(pass, "200 OK")).json()) as { jobToken: string }).jobToken;
    const png = await fetch(`${baseURL}${pass}?type=image%2Fpng&token=${job}`);
    expect(png.headers.get("content-type")).toBe("image/png");
    writeFileSync(join(screenshots, `printers-ticket-${c.lang}.png`), Buffer.from(await png.arrayBuffer()));
    await poll(grill, "410 Out of paper");

    await language(page, c.lang);
    await page.addInitScript(
      (auth) => localStorage.setItem("auth", JSON.stringify({ state: auth, version: 1 })),
      { token, user: { ...s.user, business_slug: c.scheme } },
    );
    for (const size of sizes) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/${c.scheme}/admin/venues?venue=${c.venue}`);
      const section = page.getByTestId("printers");
      await expect(section.getByTestId("printer")).toHaveCount(3);
      await section.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await page.screenshot({ path: join(screenshots, `printers-${c.theme}-${size.name}.png`) });
      await page.goto(`/${c.scheme}/admin/board/${c.venue}`);
      await expect(page.getByTestId("board-printers")).toBeVisible();
      await page.screenshot({ path: join(screenshots, `printers-board-${c.theme}-${size.name}.png`) });
    }
  });
}
