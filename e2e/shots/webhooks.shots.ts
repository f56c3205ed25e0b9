import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { api } from "../tests/api";
import { guest, paidOrder, someLines } from "../tests/orders-helpers";
import { expect, language, settle, test } from "./shot";

/**
 * The back office's Webhooks page (e2e/screenshots/webhooks-*.png): desktop
 * and phone, English and Polish, on demo-burgers (a light theme) and
 * demo-pierogi (a dark one: the back office wears the scheme's theme), each
 * with an endpoint whose receiver answers 200 and one whose receiver answers
 * 503, with their deliveries in the log; and the secret shown once. The
 * behaviour is tested in tests/webhooks.spec.ts.
 */
async function listen(status: number): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(status).end());
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/platter` };
}

async function managerToken(request: APIRequestContext, scheme: string): Promise<string> {
  const data = await api(request, "auth/signin", {
    data: { business_slug: scheme, email: "manager@demo.test", password: "Platter-demo-1" },
  });
  return data.token as string;
}

/** Something each endpoint hears: a paid order at soho, or an item of rynek sold out and back. */
async function events(request: APIRequestContext, scheme: string, token: string) {
  if (scheme === "demo-burgers") {
    const { lines } = await someLines(request);
    await paidOrder(request, (await guest(request)).token, lines);
    return;
  }
  const menu = await api(request, "menu/list", { filter: { business_slug: scheme, venue_slug: "rynek" } });
  const item = (menu.items as { id: number }[])[0].id;
  for (const sold_out of [true, false]) {
    await api(
      request,
      "admin/venues/sold-out",
      { data: { business_slug: scheme, venue_slug: "rynek", item_id: item, sold_out } },
      token,
    );
  }
}

for (const scheme of ["demo-burgers", "demo-pierogi"]) {
  for (const lang of ["en-US", "pl-PL"]) {
    test(`webhooks page (${scheme}, ${lang})`, async ({ page, request, shot }) => {
      test.setTimeout(180_000);
      const ok = await listen(200);
      const down = await listen(503);
      const token = await managerToken(request, scheme);
      const add = async (url: string, evs: string[]) =>
        (await api(
          request,
          "admin/webhooks/upsert",
          { data: { business_slug: scheme, url, events: evs } },
          token,
        )) as {
          id: number;
        };
      const made: [number, string][] = [];
      try {
        made.push([(await add(ok.url, ["order.paid", "order.status_changed", "menu.updated"])).id, ok.url]);
        made.push([(await add(down.url, ["order.paid", "menu.updated"])).id, down.url]);
        await events(request, scheme, token);
        const name = `webhooks-${scheme}-${lang}`;

        await language(page, lang);
        await page.goto(`/${scheme}/admin/sign-in`);
        await page.locator('input[type="email"]').fill("manager@demo.test");
        await page.locator('input[type="password"]').first().fill("Platter-demo-1");
        await page.locator('button[type="submit"]').click();
        await expect(page).toHaveURL(/\/admin\/board\//);
        await page.goto(`/${scheme}/admin/webhooks`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // The failing endpoint's log: its first attempt answered 503.
        const downRow = page.locator("tbody tr").filter({ hasText: down.url });
        await downRow.getByRole("button").first().click();
        await expect(page.getByTestId("webhook-code").first()).toHaveText("503", { timeout: 30_000 });
        await page.locator(".webhooks__attempts summary").first().click();
        for (const [w, h] of [
          [1440, 900],
          [390, 844],
        ] as const) {
          await page.setViewportSize({ width: w, height: h });
          await shot(`${name}-${w}-503`);
        }
        await page.setViewportSize({ width: 1440, height: 900 });
        const okRow = page.locator("tbody tr").filter({ hasText: ok.url });
        await okRow.getByRole("button").first().click();
        await expect(page.getByTestId("webhook-code").first()).toHaveText("200", { timeout: 30_000 });
        await shot(`${name}-1440-200`, { fullPage: false });
        // The add dialog, and a new secret shown once.
        await page.getByRole("button", { name: /Add endpoint|Dodaj adres/ }).click();
        await settle(page);
        await shot(`${name}-1440-add`, { fullPage: false });
        await page.keyboard.press("Escape");
        await okRow.getByRole("button").nth(2).click();
        await page.getByRole("alertdialog").getByRole("button").last().click();
        await expect(page.getByTestId("webhook-secret")).toBeVisible();
        await settle(page);
        await shot(`${name}-1440-secret`, { fullPage: false });
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(`${name}-390-secret`, { fullPage: false });
      } finally {
        // Off again, so nothing else the screenshots do is sent anywhere.
        for (const [id, url] of made) {
          await api(
            request,
            "admin/webhooks/upsert",
            { data: { business_slug: scheme, id, url, events: ["order.paid"], enabled: false } },
            token,
          );
        }
        ok.server.close();
        down.server.close();
      }
    });
  }
}
