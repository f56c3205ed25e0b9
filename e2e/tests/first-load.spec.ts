import type { Response } from "@playwright/test";
import { expect, hexToRgb, schemeInfo, test } from "./fixtures";
import { useLanguage } from "./storefront-helpers";

/**
 * The first load of a storefront page (docs/architecture.md §8): the server's HTML is
 * branded before any script or API call, and what crosses the wire is
 * compressed.
 */
test.describe("First load", () => {
  test("the HTML alone paints the brand: name, colours, title (no JavaScript)", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/demo-burgers/soho/menu");
      await expect(page).toHaveTitle("Ember & Bun — Soho");
      const header = page.getByTestId("first-paint");
      await expect(header.locator(".site-header__name")).toHaveText("Ember & Bun");
      const colour = await header.evaluate((el) => getComputedStyle(el).getPropertyValue("--colour").trim());
      expect(colour).toBe("#e85d04");
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#e85d04");
      // The menu page's code is one chunk with the entry (web/first-load.json), preloaded
      // beside it, and no chunk of its own; the menu's answer is in the page.
      await expect(page.locator('link[rel="modulepreload"][href^="/assets/app-"]')).toHaveCount(1);
      await expect(page.locator('link[rel="modulepreload"][href^="/assets/menu-"]')).toHaveCount(0);
      await expect(page.locator('script#platter-menu-list[data-venue="soho"]')).toHaveCount(1);
      // The first card's picture is asked before any script ran.
      await expect(
        page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').first(),
      ).toHaveAttribute("href", /^\/demo-assets\//);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
        "href",
        "/demo-burgers/manifest.webmanifest",
      );
    } finally {
      await context.close();
    }
  });

  test("with venue/info blocked the storefront still renders branded, from the inline answer", async ({
    page,
  }) => {
    const scheme = await schemeInfo(page, "demo-burgers");
    let infoCalls = 0;
    await page.route("**/api/v3/venue/info", (route) => {
      infoCalls++;
      return route.abort();
    });
    await page.goto("/demo-burgers/soho/menu");
    // The app itself (not the server's first paint) is on screen: its menu heading.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ember & Bun Soho");
    await expect(page).toHaveTitle(/Ember & Bun/);
    const root = page.getByTestId("themed-root");
    await expect(root.getByText(scheme.name).first()).toBeVisible();
    const brand = await root.evaluate((el) => getComputedStyle(el).getPropertyValue("--colour").trim());
    expect(brand).toBe(scheme.colour);
    // Something painted in the brand colour is visible (its buttons and accents use var(--colour)).
    const painted = await page.evaluate((rgb) => {
      return [...document.querySelectorAll<HTMLElement>("#root *")].some((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (style.backgroundColor === rgb || style.color === rgb);
      });
    }, hexToRgb(scheme.colour));
    expect(painted).toBe(true);
    expect(infoCalls).toBe(0);
  });

  test("HTML, scripts, styles and menu/list arrive compressed; the first menu comes in the HTML", async ({
    page,
  }) => {
    const responses: Response[] = [];
    page.on("response", (r) => responses.push(r));
    const doc = await page.goto("/demo-burgers/soho/menu");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ember & Bun Soho");
    await page.waitForLoadState("networkidle");

    const encoding = async (r: Response) => (await r.allHeaders())["content-encoding"] ?? "";
    expect(doc).not.toBeNull();
    expect(await encoding(doc!)).toBe("gzip");
    expect(await doc!.headerValue("vary")).toContain("Accept-Encoding");

    const scripts = responses.filter((r) => /\/assets\/.+\.js$/.test(r.url()));
    const styles = responses.filter((r) => /\/assets\/.+\.css$/.test(r.url()));
    expect(scripts.length).toBeGreaterThan(3);
    expect(styles.length).toBeGreaterThan(0);
    for (const r of [...scripts, ...styles]) {
      const body = await r.body();
      // Build-time brotli for everything worth compressing (tiny chunks go as they are).
      if (body.length >= 1024) expect(await encoding(r), r.url()).toBe("br");
    }
    // The menu rendered from the answer inline in the HTML: no call for it.
    await expect(page.locator(".item-card").first()).toBeVisible();
    expect(responses.filter((r) => r.url().endsWith("/api/v3/menu/list"))).toHaveLength(0);
    // Asked for (here: the pickup menu), it comes gzipped from the server's cache.
    const [menu] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/v3/menu/list")),
      page.evaluate(() =>
        fetch("/api/v3/menu/list", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            filter: { business_slug: "demo-burgers", venue_slug: "soho", order_type: 1 },
          }),
        }),
      ),
    ]);
    expect(await encoding(menu)).toBe("gzip");
  });

  test("search engines: the HTML without scripts describes the venue in JSON-LD; its hours link is a calendar", async ({
    browser,
    baseURL,
    request,
  }) => {
    // What a crawler that runs no script gets.
    const html = await (await request.get("/demo-burgers/soho/menu")).text();
    const block = /<script type="application\/ld\+json" id="platter-jsonld">(.*?)<\/script>/s.exec(html);
    expect(block, "no JSON-LD in the first HTML").not.toBeNull();
    const ld = JSON.parse(block![1]) as {
      "@type": string;
      name: string;
      openingHoursSpecification: { dayOfWeek?: string[]; opens: string; closes: string }[];
      hasMenu: {
        hasMenuSection: { name: string; hasMenuItem: { name: string; offers: { price: string } }[] }[];
      };
    };
    expect(ld["@type"]).toBe("Restaurant");
    expect(ld.name).toBe("Ember & Bun Soho");
    const monday = ld.openingHoursSpecification.find((h) =>
      h.dayOfWeek?.includes("https://schema.org/Monday"),
    );
    expect(monday).toMatchObject({ opens: "11:00:00", closes: "23:00:00" });
    const first = ld.hasMenu.hasMenuSection[0];
    expect(first.name).toBe("Burgers");
    expect(first.hasMenuItem.map((i) => i.name)).toContain("Classic Cheeseburger");
    expect(first.hasMenuItem[0].offers.price).toMatch(/^\d+\.\d\d$/);

    // The venue's hours, as the page links them, in both languages.
    for (const [lang, scheme, venue, label] of [
      ["en-US", "demo-burgers", "soho", "Opening hours in your calendar"],
      ["pl-PL", "demo-pierogi", "rynek", "Godziny otwarcia w kalendarzu"],
    ] as const) {
      const context = await browser.newContext({ baseURL });
      try {
        const page = await context.newPage();
        await useLanguage(page, lang);
        await page.goto(`/${scheme}/${venue}/menu`);
        const link = page.getByRole("link", { name: label });
        await expect(link).toHaveAttribute("href", `/${scheme}/${venue}/hours.ics`);
        const feed = await request.get((await link.getAttribute("href"))!);
        expect(feed.status()).toBe(200);
        expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
        const text = await feed.text();
        expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
        expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO\r\n");
      } finally {
        await context.close();
      }
    }
  });
});
