import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ReceivedMail } from "../mail-server";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { codeOf, MAILBOX, uniqueEmail, waitForMail } from "./mailbox";
import { api as shared } from "./api";

/**
 * The mail a customer gets is the restaurant's (issue 19): one whole order, ASAP in en-US and a
 * pre-order in pl-PL, through the real SMTP server — sent under the scheme's name, marked
 * automatic, every link absolute and opening the page the text names; a sign-up's link opens
 * Verify with the address filled in. Then every mail of both demo schemes (`platter
 * mail-preview`) in Chromium at 390 and 600 px, light and dark: no sideways scroll, links and
 * buttons at 4.5:1 or more. PLATTER_MAIL_SHOTS=1 also saves each as
 * e2e/screenshots/mail/<scheme>.<lang>.<kind>[.<variant>].<width>.<light|dark>.png.
 */
const SCHEME = "demo-burgers";
const VENUE = "soho";
const here = dirname(fileURLToPath(import.meta.url));
test.use({ now: MONDAY_NOON });

const api = (request: APIRequestContext, path: string, body: unknown, token?: string, lang = "en-US") =>
  shared(request, path, body, token, lang);

function links(mail: ReceivedMail): string[] {
  return [...new Set([...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")))];
}

async function seedSession(page: Page, session: unknown) {
  await page.addInitScript((auth) => {
    localStorage.setItem("auth", JSON.stringify({ state: auth, version: 1 }));
  }, session);
}

test.describe("Mail", () => {
  test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");

  test("a whole order's mail, ASAP and pre-order: the scheme as sender, links to the order page", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow(); // two orders, three steps each, twelve mails on a shared machine
    const manager = await api(request, "auth/signin", {
      data: { business_slug: SCHEME, email: "manager@demo.test", password: "Platter-demo-1" },
    });
    const menu = await api(request, "menu/list", { filter: { business_slug: SCHEME, venue_slug: VENUE, order_type: 1 } });
    const item = (menu.items as { id: number; is_available: boolean; modifier_category_ids: number[] }[]).find(
      (i) => i.is_available && i.modifier_category_ids.length === 0,
    )!;
    const cases = [
      { variant: "asap", lang: "en-US", promised: /Ready for pickup at about \d{1,2}:\d{2} (AM|PM)\./ },
      // Monday noon in London: the slot is tomorrow's 12:00, said with its day and date (never "jutro",
      // which a mail read the next day gets wrong), on a 24-hour clock.
      { variant: "preorder", lang: "pl-PL", promised: /Do odbioru o wybranej porze: wtorek, 17 listopada, 12:00\./ },
    ];
    for (const c of cases) {
      const email = uniqueEmail(`mail-${c.variant}`);
      const since = Date.now();
      const guest = await api(request, "auth/guest", { data: { business_slug: SCHEME } }, undefined, c.lang);
      const prepared = await api(
        request,
        "orders/prepare",
        {
          data: {
            business_slug: SCHEME,
            venue_slug: VENUE,
            idempotency_key: `mail-e2e-${Date.now()}-${Math.random()}`,
            order_type: 1,
            is_asap: c.variant === "asap",
            ...(c.variant === "preorder" ? { preorder_for: "2026-11-17T12:00:00Z" } : {}),
            items: [{ item_id: item.id, qty: 2 }],
            user_email: email,
            user_contact_number: "+447911123456",
            first_name: "Mia",
          },
        },
        guest.token,
        c.lang,
      );
      const id = prepared.order.id as number;
      const number = prepared.order.order_number as number;
      const card = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2030, cvc: "123", name: "Mia" };
      await api(request, "payments/confirm", { data: { order_id: id, card } }, guest.token, c.lang);
      const received = await waitForMail(email, { since, subject: /#\d+ paid|nr \d+ opłacone/ });
      const en = c.lang === "en-US";
      await api(request, "admin/orders/transition", { data: { order_id: id, status: "accepted" } }, manager.token);
      const accepted = await waitForMail(email, { since, subject: en ? /accepted/ : /przyjęte/ });

      // The link opens the order the mail is about; a pre-order's page promises its slot too.
      await seedSession(page, guest);
      await page.goto(links(accepted)[0]!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`(Order #|Zamówienie nr )${number}$`));
      await expect(page.getByTestId("order-eta")).toHaveText(
        c.variant === "preorder" ? "Pickup at the time you chose: Tue, Nov 17, 12:00 PM" : /^Ready for pickup at about/,
      );
      await page.screenshot({ path: testInfo.outputPath(`order-page-${c.variant}.png`), fullPage: true });

      for (const status of ["ready_to_collect", "collected"]) {
        await api(request, "admin/orders/transition", { data: { order_id: id, status } }, manager.token);
      }
      const mails = [
        received,
        accepted,
        await waitForMail(email, { since, subject: en ? /ready for pickup/ : /czeka na odbiór/ }),
        await waitForMail(email, { since, subject: en ? /collected/ : /odebrane/ }),
      ];
      const orderPage = `${baseURL}/${SCHEME}/${VENUE}/order-details/${id}`;
      for (const mail of mails) {
        expect(mail.subject).toContain(en ? `Order #${number}` : `Zamówienie nr ${number}`);
        expect(mail.fromName).toBe("Ember & Bun");
        expect(mail.replyTo).toBe("hello@ember-and-bun.example"); // the demo document's reply_to
        expect(mail.autoSubmitted).toBe("auto-generated");
        expect(mail.messageId).toMatch(/@127\.0\.0\.1>$/);
        expect(mail.listUnsubscribe).toBe("");
        expect(links(mail), mail.subject).toEqual([orderPage]);
        expect(mail.text).toContain(orderPage);
      }
      expect(accepted.text).toMatch(c.promised);
      expect(received.text).toContain("Visa •••• 4242");
    }
  });

  test("the sign-up mail's link opens Verify with the address filled in", async ({ page, request, baseURL }) => {
    const email = uniqueEmail("mail-verify");
    const since = Date.now();
    await api(request, "auth/signup", {
      data: {
        business_slug: SCHEME,
        email,
        password: "Platter-mail-1",
        first_name: "Vera",
        last_name: "Link",
        contact_number: "+447911123456",
      },
    });
    const mail = await waitForMail(email, { since, subject: /verification code/ });
    expect(mail.fromName).toBe("Ember & Bun");
    const [link] = links(mail);
    expect(link).toBe(`${baseURL}/${SCHEME}/auth/verify?email=${encodeURIComponent(email)}`);
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Confirm your account" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveCount(0);
    await page.getByLabel("6-digit code").fill(codeOf(mail));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/home`));
  });
});

/** WCAG contrast of every link and button, and the muted text, on what is behind it. */
function contrasts(): { what: string; ratio: number }[] {
  const rgb = (s: string) => (s.match(/[\d.]+/g) ?? []).map(Number);
  const lum = ([r, g, b]: number[]) => {
    const ch = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r!) + 0.7152 * ch(g!) + 0.0722 * ch(b!);
  };
  const background = (el: Element | null): number[] => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3]! > 0)) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll("a, .m-muted, h1")].map((el) => {
    const a = lum(rgb(getComputedStyle(el).color));
    const b = lum(background(el));
    return {
      what: `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`,
      ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
}

test.describe("Mail layout", () => {
  test("every mail at 390 and 600 px, light and dark: no sideways scroll, contrast of 4.5:1", async ({
    page,
    baseURL,
  }) => {
    // 112 mails × 2 widths × 2 colour schemes (and as many screenshots with PLATTER_MAIL_SHOTS): about
    // two minutes on a shared machine, more with screenshots.
    test.setTimeout(10 * 60_000);
    const binary = resolve(here, "..", process.env.PLATTER_BIN ?? "../bin/platter");
    const dir = mkdtempSync(join(tmpdir(), "platter-mail-preview-"));
    const env = { ...process.env, PLATTER_DATABASE_URL: `sqlite:${join(dir, "preview.db")}`, PLATTER_PUBLIC_URL: baseURL! };
    for (const args of [["demo"], ["mail-preview", join(dir, "out")]]) {
      const run = spawnSync(binary, args, { env, encoding: "utf8" });
      expect(run.status, `${args.join(" ")}: ${run.stderr}`).toBe(0);
    }
    const files = readdirSync(join(dir, "out")).filter((f) => f.endsWith(".html")).sort();
    expect(files.length).toBe(112); // 2 schemes × 2 languages × (4 account + 2 × 12 order mails)
    const shots = process.env.PLATTER_MAIL_SHOTS ? resolve(here, "../screenshots/mail") : "";
    if (shots) mkdirSync(shots, { recursive: true });
    for (const file of files) {
      const html = readFileSync(join(dir, "out", file), "utf8");
      for (const width of [390, 600]) {
        for (const scheme of ["light", "dark"] as const) {
          await page.setViewportSize({ width, height: 900 });
          await page.emulateMedia({ colorScheme: scheme });
          await page.setContent(html, { waitUntil: "load" });
          const name = `${file.replace(/\.html$/, "")}.${width}.${scheme}`;
          const [scrollWidth, clientWidth] = await page.evaluate(() => [
            document.documentElement.scrollWidth,
            document.documentElement.clientWidth,
          ]);
          expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
          for (const c of await page.evaluate(contrasts)) {
            expect(c.ratio, `${name}: ${c.what}`).toBeGreaterThanOrEqual(4.5);
          }
          if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
        }
      }
    }
  });
});
