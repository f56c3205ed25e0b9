import type { APIRequestContext, Page } from "@playwright/test";
import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { MAILBOX, uniqueEmail, waitForMail } from "./mailbox";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";
import { api } from "./api";
import { signInToBackOffice } from "./admin-helpers";

/**
 * Staff roles (issue 12): a manager invites staff by e-mail from the back
 * office, the invitee opens the link from the real mail, sets a password and
 * runs the board; the manager removes them and their next call is refused.
 * The outbox page lists the scheme's mail (an order's receipt).
 */
const SCHEME = "demo-burgers";
test.use({ now: MONDAY_NOON });
test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");

/** The token the app keeps for its session (stores/auth). */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}").state?.token as string);
}

test.describe("Team", () => {
  // One worker, in order: the invitation test counts demo-burgers' pending
  // invitations, which the driver tests add (and revoke) on the same scheme.
  test.describe.configure({ mode: "default" });
  // A driver is invited with a name (issue 18): the board lists drivers by
  // it when assigning a delivery. Light (demo-burgers) and dark
  // (demo-pierogi), phone and desktop; the team's tables fit a phone.
  for (const { scheme, width, height } of [
    { scheme: "demo-burgers", width: 390, height: 844 },
    { scheme: "demo-burgers", width: 1440, height: 900 },
    { scheme: "demo-pierogi", width: 390, height: 844 },
    { scheme: "demo-pierogi", width: 1440, height: 900 },
  ]) {
    test(`a driver is invited with a name (${scheme}, ${width}px)`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height });
      await signInToBackOffice(page, scheme);
      await page.goto(`/${scheme}/admin/team`);
      await expect(page.getByRole("heading", { level: 2, name: "Invite someone" })).toBeVisible();
      await expect(page.getByLabel("First name")).toHaveCount(0);
      const email = uniqueEmail("driver");
      await page.getByLabel("E-mail address").fill(email);
      await page.getByLabel("Role").selectOption("driver");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.locator("#team-first-name-error")).toContainText("Enter the driver's first name");
      await page.screenshot({
        path: testInfo.outputPath(`driver-name-${scheme}-${width}.png`),
        fullPage: true,
      });
      await page.getByLabel("First name").fill("Dan");
      await page.getByLabel("Last name").fill("Driver");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${email}.`);
      await expect(page.getByLabel("First name")).toHaveValue("");
      const revoke = page.getByRole("button", { name: `Revoke the invitation of ${email}` });
      await expect(revoke).toBeVisible();
      // The members and pending tables fit the screen: on a phone each row
      // is a card, each cell under its column's name; nothing scrolls sideways.
      await expect(page.getByRole("table", { name: "Team members" })).toContainText("manager@demo.test");
      const sideways = await page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll("table")]
          .filter((el) => el.scrollWidth > el.clientWidth)
          .map((el) => el.getAttribute("aria-label") ?? "the page"),
      );
      expect(sideways, "scrolls sideways").toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`team-${scheme}-${width}.png`), fullPage: true });
      await page.mouse.move(0, 0); // no hover state in the audit
      await expectNoSeriousA11yViolations(page, `team-driver-${scheme}-${width}`);
      // The other tests count the pending invitations: this one goes.
      await revoke.click();
      await expect(revoke).toHaveCount(0);
    });
  }

  test("invite → set a password from the mail → board; removed, the next call is refused", async ({
    page,
    browser,
    baseURL,
    now,
  }, testInfo) => {
    test.slow(); // two browsers, a mail round trip and a password hash on a shared machine
    const email = uniqueEmail("invite");
    await signInToBackOffice(page, SCHEME);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    // The team is the scheme's: the header's venue switch says so (it said "—").
    await expect(page.getByRole("banner").getByLabel("Venue").locator("option:checked")).toHaveText(
      "Every venue",
    );

    const since = Date.now();
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Role").selectOption("staff");
    await page.getByLabel("Venue").last().selectOption("soho");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${email}.`);
    const pending = page.getByRole("table", { name: "Pending invitations" });
    await expect(pending.getByRole("row", { name: new RegExp(email) })).toContainText("Ember & Bun Soho");
    await expect(page.getByRole("heading", { level: 2, name: "1 pending invitation" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "team");
    await page.screenshot({ path: testInfo.outputPath("team.png"), fullPage: true });

    const mail = await waitForMail(email, { subject: /invited to join the team/, since });
    const link = /\/demo-burgers\/admin\/invite\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(mail.text).toContain("as staff at Ember & Bun Soho");

    // The invitee, in a browser of their own.
    const context = await browser.newContext({ baseURL });
    const invitee = await context.newPage();
    await invitee.clock.install({ time: new Date(now) });
    await invitee.goto(link!);
    await expect(invitee.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
    await expect(
      invitee.getByText(`invites ${email} to its back office as Staff at Ember & Bun Soho`),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(invitee, "invitation");
    await invitee.getByLabel("Choose a password").fill("short");
    await invitee.getByRole("button", { name: "Accept and sign in" }).click();
    await expect(invitee.locator("#invite-password-error")).toBeVisible();
    await invitee.screenshot({ path: testInfo.outputPath("invite.png"), fullPage: true });
    await invitee.getByLabel("Choose a password").fill("Kitchen-pass-1");
    await invitee.getByRole("button", { name: "Accept and sign in" }).click();
    await expect(invitee).toHaveURL(new RegExp(`/${SCHEME}/admin/board/soho$`));
    await expect(
      invitee.getByRole("heading", { level: 1, name: "Orders at Ember & Bun Soho" }),
    ).toBeVisible();
    // Staff of one venue: no team or outbox in the navigation; their venue's support requests.
    await expect(invitee.getByRole("navigation", { name: "Back office" }).getByRole("link")).toHaveText([
      "Board",
      "Orders",
      "Support",
    ]);
    const token = await tokenOf(invitee);
    await api(
      invitee.request,
      "admin/orders/list",
      { filter: { business_slug: SCHEME, venue_slug: "soho" } },
      token,
    );

    // The link worked once.
    await invitee.goto(link!);
    await expect(invitee.getByRole("alert")).toContainText("This invitation link is not valid");

    // The manager removes them: at once, their token is refused.
    await page.reload();
    const members = page.getByRole("table", { name: "Team members" });
    await expect(members.getByRole("row", { name: new RegExp(email) })).toContainText("Staff");
    await page.getByRole("button", { name: `Remove ${email}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(members.getByRole("row", { name: new RegExp(email) })).toHaveCount(0);
    const refused = await invitee.request.post("/api/v3/admin/orders/list", {
      data: { filter: { business_slug: SCHEME, venue_slug: "soho" } },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe(1401);
    // The board sends them to the sign-in.
    await invitee.goto(`/${SCHEME}/admin/board/soho`);
    await expect(invitee.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
    await context.close();
  });

  test("the outbox lists an order's receipt e-mail", async ({ page, request }, testInfo) => {
    const email = uniqueEmail("receipt");
    const session = await api(request, "auth/guest", { data: { business_slug: SCHEME } });
    const menu = await api(request, "menu/list", {
      filter: { business_slug: SCHEME, venue_slug: "soho", order_type: 1 },
    });
    const item = (
      menu.items as { id: number; is_available: boolean; modifier_category_ids: number[] }[]
    ).find((i) => i.is_available && i.modifier_category_ids.length === 0)!;
    const prepared = await api(
      request,
      "orders/prepare",
      {
        data: {
          business_slug: SCHEME,
          venue_slug: "soho",
          idempotency_key: `team-e2e-${Date.now()}-${Math.random()}`,
          order_type: 1,
          is_asap: true,
          items: [{ item_id: item.id, qty: 1 }],
          user_email: email,
          user_contact_number: "+447911123456",
          first_name: "Rita",
        },
      },
      session.token,
    );
    const card = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2030, cvc: "123", name: "Rita" };
    await api(request, "payments/confirm", { data: { order_id: prepared.order.id, card } }, session.token);
    const number = prepared.order.order_number as number;
    await waitForMail(email, { subject: new RegExp(`Order #${number} paid`) });

    await signInToBackOffice(page, SCHEME);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Outbox" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
    const row = page
      .getByRole("table", { name: "Sent and queued e-mail" })
      .getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText(`Order #${number} paid`);
    await expect(row).toContainText("Sent");
    await expectNoSeriousA11yViolations(page, "outbox");
    await page.screenshot({ path: testInfo.outputPath("outbox.png"), fullPage: true });

    // In Polish: the page, its status labels and its count's plural.
    await page.getByRole("combobox", { name: "Language" }).selectOption("pl-PL");
    await expect(page.getByRole("heading", { level: 1, name: "Wysłane e-maile" })).toBeVisible();
    const plRow = page.getByRole("table", { name: "Wysłane i oczekujące e-maile" }).getByRole("row", {
      name: new RegExp(email),
    });
    await expect(plRow).toContainText("Wysłana");
    await expect(page.getByText(/^\d+ wiadomoś(ć|ci)$/)).toBeVisible();
  });
});
