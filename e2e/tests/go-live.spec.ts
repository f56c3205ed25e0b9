import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { addCategory, addItem, pageAt } from "./admin-helpers";
import { enterAddress } from "./address-helpers";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { MAILBOX, uniqueEmail, waitForMail } from "./mailbox";

/**
 * Issue 20's "Done when", in one chain, in the browser only: a platform admin
 * creates a scheme and invites its manager; the manager accepts from the real
 * mail, sets up a venue (address from the geocoder, split hours every day,
 * a holiday closed with a note, a delivery zone drawn on the map with Geoman
 * and a cheaper one imported from GeoJSON over part of it), builds a menu
 * (two categories, a modifier group offered on two items at once, a picture
 * uploaded); a customer on a phone sees the menu with the picture and the
 * holiday's notice (and, on the day, the venue closed with it), is refused at checkout for an address outside every zone,
 * pays the cheaper fee where the zones overlap, and orders to the drawn zone;
 * the order is on the manager's board. Then the essentials in Polish.
 *
 * Monday 16 November 2026, 12:00 in London: inside the venue's first range.
 */
test.use({ now: MONDAY_NOON });
test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");

const here = dirname(fileURLToPath(import.meta.url));
const SOUP_JPEG = readFileSync(join(here, "..", "data", "soup.jpg"));
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * The venue is in Soho (the builtin geocoder's 51.5144, -0.13535). The zone
 * drawn is a square of ±120 px around it at the map's first zoom (13: 0.000172°
 * of longitude a pixel), about ±1.4 km, which holds Soho and Holborn (1 km
 * east) but not Islington (2.4 km north). The imported one, cheaper, holds
 * Holborn and not Soho: Holborn is in both.
 */
const DRAWN_HALF_SIDE_PX = 120;

/** Thursday 19 November 2026: the venue's holiday, three days after the test's Monday. */
const HOLIDAY = "2026-11-19";
const HOLIDAY_AT_NOON = "2026-11-19T12:00:00Z";
const HOLIDAY_NOTE = "Closed for the staff holiday";
/** The notice ahead of the day ("Closed on Thursday, November 19: …", "Nieczynne: czwartek, 19 listopada – …"). */
const HOLIDAY_AHEAD = {
  "en-US": new RegExp(`Thu.* Nov.* 19.*(:|–) ${HOLIDAY_NOTE}$`),
  "pl-PL": new RegExp(`czw.* 19 lis.*(:|–) ${HOLIDAY_NOTE}$`),
};
const CHEAPER_ZONE = {
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      properties: { name: "Holborn", fee: 150 },
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [-0.125, 51.505],
            [-0.095, 51.505],
            [-0.095, 51.525],
            [-0.125, 51.525],
            [-0.125, 51.505],
          ],
        ],
      },
    },
  ],
};

/** Geoman: the polygon tool, four corners around the map's centre, the first clicked again to finish. */
async function drawSquare(page: Page, map: Locator, half: number) {
  await map.getByRole("button", { name: "Draw Polygons" }).click();
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const corners = [
    [cx - half, cy - half],
    [cx + half, cy - half],
    [cx + half, cy + half],
    [cx - half, cy + half],
    [cx - half, cy - half],
  ] as const;
  for (const [x, y] of corners) await page.mouse.click(x, y);
}

test("a restaurant goes live from the browser: scheme, manager, venue, menu, first order", async ({
  page,
  browser,
  baseURL,
  now,
}, testInfo) => {
  // Five pages, a mail round trip, two password hashes and a dozen saves: 4 min at load 27, 9 at worse.
  test.setTimeout(900_000);
  const tag = `${Date.now().toString(36)}${testInfo.retry}${testInfo.repeatEachIndex}`;
  const slug = `green-fork-${tag}`;
  const boss = uniqueEmail("go-live");
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // 1. The platform admin creates the scheme and invites its first manager.
  await page.setViewportSize(DESKTOP);
  await page.goto("/platform");
  await page.getByLabel("E-mail").fill("platform@demo.test");
  await page.getByLabel("Password").fill("Platter-demo-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Create a scheme" })).toBeVisible();
  await page.getByLabel("Name").fill("Green Fork");
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("Country").selectOption("GB");
  await expect(page.getByLabel("Currency")).toHaveValue("GBP");
  await page.getByRole("checkbox", { name: "pl-PL" }).check();
  await page.getByLabel("First manager's e-mail").fill(boss);
  const since = Date.now();
  await page.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Green Fork is created; ${boss} has been sent an invitation.`,
  );
  await shot(page, "1-platform");

  // 2. The manager follows the mail's link, accepts, and lands in the new scheme's back office.
  const mail = await waitForMail(boss, { since });
  const link = new RegExp(`/${slug}/admin/invite/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const manager = await pageAt(browser, now, { baseURL, viewport: DESKTOP, locale: "en-GB" });
  await manager.goto(link!);
  await manager.getByLabel("Choose a password").fill("Green-fork-1");
  await manager.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(manager).toHaveURL(new RegExp(`/${slug}/admin`));
  const nav = manager.getByRole("navigation", { name: "Back office" });
  await expect(nav).toBeVisible();

  // 3. The venue: address from the geocoder; hours, a holiday, zones; then delivery on.
  await nav.getByRole("link", { name: "Venues" }).click();
  await manager.getByLabel("New venue address (slug)").fill("soho");
  await manager.getByLabel("Name", { exact: true }).first().fill("Green Fork Soho");
  await manager.getByRole("button", { name: "Add a venue" }).click();
  const details = manager.getByRole("region", { name: "Details" });
  await expect(details.getByLabel("Name", { exact: true })).toHaveValue("Green Fork Soho");
  await details.getByLabel("Find the address").fill("Soho");
  await details.getByRole("button", { name: "Soho, United Kingdom" }).click();
  await expect(details.getByText("Position 51.51440, -0.13535")).toBeVisible();
  await details.getByLabel("Address line 1").fill("12 Greek Street");
  await details.getByLabel("Postcode").fill("W1D 4DH");
  // Saved first as it starts, pickup only: delivery needs a radius or zones, which a saved venue gets.
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByRole("status")).toHaveText("Saved. Customers see it now.");

  // Split hours, 11:00–14:00 and 17:00–22:00, on Monday, copied to every other day.
  const hours = manager.getByRole("region", { name: "Opening hours" });
  await hours.getByRole("button", { name: "Add hours (Monday)" }).click();
  await hours.getByRole("button", { name: "Add hours (Monday)" }).click();
  await hours.getByLabel("Monday: opens (2)").fill("17:00");
  await hours.getByLabel("Monday: closes (2)").fill("22:00");
  await hours.getByRole("button", { name: "Copy to… (Monday)" }).click();
  for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    await hours.getByRole("checkbox", { name: day }).check();
  }
  await hours.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(hours.getByLabel("Sunday: closes (1)")).toHaveValue("14:00");
  await expect(hours.getByLabel("Sunday: opens (2)")).toHaveValue("17:00");
  await hours.getByRole("button", { name: "Save" }).click();
  await expect(hours.getByRole("status")).toHaveText("Saved. Customers see it now.");

  // A holiday on Thursday, closed all day, with a note for customers.
  const days = manager.getByRole("region", { name: "Holidays and special days" });
  await days.getByLabel("New date").fill(HOLIDAY);
  await days.getByRole("button", { name: "Add a day" }).click();
  await days.getByLabel("Note for customers").fill(HOLIDAY_NOTE);
  await days.getByRole("button", { name: "Save" }).click();
  await expect(days.getByRole("status")).toHaveText("Saved. Customers see it now.");

  // A zone drawn on the map (£3.00), and a cheaper one (£1.50) imported over part of it.
  const zones = manager.getByRole("region", { name: "Delivery zones" });
  const map = zones.getByRole("application", { name: "Delivery zones map" });
  await expect(map.locator(".leaflet-interactive")).toHaveCount(1); // the venue, at the centre
  await drawSquare(manager, map, DRAWN_HALF_SIDE_PX);
  const first = zones.getByTestId("zone-0");
  await expect(first).toContainText("Polygon, 4 corners");
  await first.getByLabel("Zone name").fill("Soho");
  await first.getByLabel("Fee").fill("3.00");
  await zones.getByTestId("geojson-file").setInputFiles({
    name: "holborn.geojson",
    mimeType: "application/geo+json",
    buffer: Buffer.from(JSON.stringify(CHEAPER_ZONE)),
  });
  await expect(zones.getByLabel("Zone name")).toHaveCount(2);
  await expect(map.locator(".leaflet-interactive")).toHaveCount(3); // two polygons and the venue
  await zones.getByRole("button", { name: "Save" }).click();
  await expect(zones.getByRole("status")).toHaveText("Saved. Customers see it now.");
  await details.getByRole("checkbox", { name: "Delivery", exact: true }).check();
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByRole("status")).toHaveText("Saved. Customers see it now.");
  await shot(manager, "3-venue");

  // 4. The menu: two categories, a group offered on an item of each at once, a picture.
  await nav.getByRole("link", { name: "Menu" }).click();
  await expect(manager.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
  await addCategory(manager, "Soups");
  await addCategory(manager, "Pies");
  await addItem(manager, "Soups", "Tomato soup", "4.50");
  await manager.getByLabel("Upload a picture (JPEG, PNG or WebP, up to 5 MB)").setInputFiles({
    name: "soup.jpg",
    mimeType: "image/jpeg",
    buffer: SOUP_JPEG,
  });
  const preview = manager.locator(".item-editor img").first();
  await expect(preview).toHaveAttribute("src", new RegExp(`^/api/v3/media/${slug}/`));
  await expect(manager.getByText("All changes saved")).toBeVisible();
  await addItem(manager, "Pies", "Fish pie", "9.00");
  await addItem(manager, "Pies", "Leek pie", "8.00");
  await manager.getByPlaceholder("New group, e.g. Choose your sauce").fill("Extras");
  await manager.getByRole("button", { name: "Add group" }).click();
  const group = manager.getByRole("article", { name: "Extras" });
  await group.getByRole("button", { name: "Add option" }).click();
  await group.getByLabel("Option name").fill("Sourdough bread");
  await group.getByLabel("Price of Sourdough bread").fill("1.00");
  await group.getByLabel("Option name").press("Tab");
  await expect(manager.getByText("All changes saved")).toBeVisible();
  const offered = group.getByRole("group", { name: "Offered on 0 items" });
  await offered.getByRole("checkbox", { name: "Tomato soup" }).check();
  await offered.getByRole("checkbox", { name: "Fish pie" }).check();
  await offered.getByRole("button", { name: "Offer on the 2 items chosen" }).click();
  await expect(group.getByRole("group", { name: "Offered on 2 items" })).toBeVisible();
  await expect(manager.getByText("All changes saved")).toBeVisible();
  await shot(manager, "4-menu");

  // 5. A customer on a phone: delivery to Holborn, where both zones deliver.
  const customer = await pageAt(browser, now, {
    baseURL,
    viewport: PHONE,
    locale: "en-GB",
    isMobile: true,
    hasTouch: true,
  });
  await customer.goto(`/${slug}/home`);
  await customer.getByRole("button", { name: /Delivery/ }).click();
  await expect(customer).toHaveURL(new RegExp(`/${slug}/home/address$`));
  await enterAddress(customer, "Holborn", "Holborn, United Kingdom", {
    street: "1 High Holborn",
    postcode: "WC1V 6AA",
    name: "Office",
  });
  await customer.getByRole("button", { name: "Go to Menu" }).click();
  await expect(customer).toHaveURL(new RegExp(`/${slug}/soho/menu$`));
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Green Fork Soho");
  await expect(customer.getByTestId("notices-soho")).toHaveText(HOLIDAY_AHEAD["en-US"]);
  const soups = customer.getByRole("region", { name: "Soups" });
  const picture = soups.locator("img");
  await expect(picture).toHaveAttribute("src", new RegExp(`^/api/v3/media/${slug}/`));
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(customer.getByRole("region", { name: "Pies" })).toContainText("Leek pie");
  await shot(customer, "5-menu");
  // On the holiday itself, another customer finds the venue closed, with the note.
  const onTheDay = await pageAt(browser, HOLIDAY_AT_NOON, { baseURL, viewport: PHONE, locale: "en-GB" });
  await onTheDay.goto(`/${slug}/soho/menu`);
  await expect(onTheDay.getByRole("heading", { level: 1 })).toHaveText("Green Fork Soho");
  await expect(onTheDay.getByTestId("opening-badge")).toHaveText("Closed");
  await expect(onTheDay.getByTestId("notices-soho")).toHaveText(
    new RegExp(`^(Today|Closed today): ${HOLIDAY_NOTE}$`),
  );
  await shot(onTheDay, "5-menu-holiday");
  await onTheDay.context().close();
  await soups.getByRole("button", { name: /^Choose options for Tomato soup / }).click();
  const dialog = customer.getByRole("dialog", { name: "Tomato soup" });
  await dialog.getByRole("checkbox", { name: /Sourdough bread/ }).check();
  await dialog.getByRole("button", { name: /Add 1 to basket/ }).click();
  await expect(dialog).toBeHidden();
  await customer.getByRole("button", { name: /View basket/ }).click();
  await customer.getByRole("button", { name: "Go to checkout" }).click();
  await expect(customer.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(customer.getByTestId("checkout-subtotal")).toHaveText("£5.50");
  await expect(customer.getByTestId("checkout-delivery-fee")).toHaveText("£1.50");

  // Islington, outside every zone: refused, with the message.
  await customer.getByRole("button", { name: "Change" }).click();
  await enterAddress(customer, "Islington", "Islington, United Kingdom", {
    street: "1 Upper Street",
    postcode: "N1 0PN",
    name: "Home",
  });
  await customer.getByRole("dialog").getByRole("button", { name: "Save", exact: true }).click();
  await expect(customer.locator("#address-error")).toHaveText("This store does not deliver to this address.");
  // No fee and no total that would say it could be delivered ("Free", "Pay £5.50" were shown): Pay waits.
  await expect(customer.getByTestId("checkout-delivery-fee")).toHaveText("Outside the delivery area");
  await expect(customer.getByTestId("checkout-total")).toHaveCount(0);
  await expect(customer.getByRole("button", { name: "Pay", exact: true })).toBeDisabled();
  await shot(customer, "5-refused");

  // Soho, in the drawn zone only: its fee; the customer pays and the order waits to be accepted.
  await customer.getByRole("button", { name: "Change" }).click();
  await enterAddress(customer, "Soho", "Soho, United Kingdom", {
    street: "5 Frith Street",
    postcode: "W1D 3JA",
    name: "Flat",
  });
  await customer.getByRole("dialog").getByRole("button", { name: "Save", exact: true }).click();
  await expect(customer.locator("#address-error")).toHaveCount(0);
  await expect(customer.getByTestId("checkout-delivery-fee")).toHaveText("£3.00");
  await expect(customer.getByTestId("checkout-total")).toHaveText("£8.50");
  await customer.getByLabel("First name").fill("Ann");
  await customer.getByLabel("Email").fill("ann@example.com");
  await customer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await customer.getByLabel("Expiry date").fill("1230");
  await customer.getByLabel("CVC").fill("123");
  await customer.getByLabel("Name on card").fill("Ann Lee");
  await customer.getByRole("button", { name: /^Pay £8\.50/ }).click();
  await expect(customer).toHaveURL(new RegExp(`/${slug}/soho/order-details/\\d+$`));
  await expect(customer.getByTestId("order-status")).toHaveText("Waiting to be accepted");
  const orderId = /order-details\/(\d+)$/.exec(customer.url())![1];
  await shot(customer, "5-order");

  // 6. The manager's board has it.
  await nav.getByRole("link", { name: "Board" }).click();
  const card = manager.getByTestId("column-new").locator(`[data-order-id="${orderId}"]`);
  await expect(card).toContainText("Ann");
  await expect(card).toContainText("1 item · £8.50");
  await shot(manager, "6-board");

  // 7. The essentials in Polish: the back office's Venues and Menu, the storefront's menu.
  await manager.getByRole("combobox", { name: "Language" }).selectOption("pl-PL");
  const navPl = manager.getByRole("navigation", { name: "Zaplecze" });
  await expect(navPl.getByRole("link", { name: "Tablica" })).toBeVisible();
  await navPl.getByRole("link", { name: "Lokale" }).click();
  await expect(manager.getByRole("heading", { level: 1, name: "Lokale" })).toBeVisible();
  await expect(
    manager.getByRole("region", { name: "Godziny otwarcia" }).getByLabel("Poniedziałek: otwarcie (2)"),
  ).toHaveValue("17:00");
  await expect(
    manager.getByRole("region", { name: "Święta i dni specjalne" }).getByLabel("Notatka dla klientów"),
  ).toHaveValue(HOLIDAY_NOTE);
  const zonesPl = manager.getByRole("region", { name: "Strefy dostaw" });
  await expect(zonesPl.getByText("Wielokąt, 4 rogi")).toHaveCount(2);
  // Both polygons on the map, made again in Polish (it once came back empty).
  await expect(
    zonesPl.getByRole("application", { name: "Mapa stref dostaw" }).locator(".leaflet-interactive"),
  ).toHaveCount(3);
  await shot(manager, "7-venue-pl");
  await navPl.getByRole("link", { name: "Menu" }).click();
  await expect(manager.getByRole("heading", { level: 2, name: "Kategorie i pozycje" })).toBeVisible();
  await expect(manager.getByRole("heading", { level: 2, name: "Grupy dodatków" })).toBeVisible();
  await expect(manager.getByRole("button", { name: "Dodaj pozycję (Soups)" })).toBeVisible();
  await shot(manager, "7-menu-pl");

  await customer.goto(`/${slug}/soho/menu`);
  await customer.getByLabel("Language").selectOption("pl-PL");
  await expect(customer.getByTestId("notices-soho")).toHaveText(HOLIDAY_AHEAD["pl-PL"]);
  await expect(customer.getByRole("button", { name: /^Wybierz opcje: Tomato soup / })).toBeVisible();
  await shot(customer, "7-menu-pl");
  await manager.context().close();
  await customer.context().close();
});
