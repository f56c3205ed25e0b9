import { MONDAY_NOON } from "./clock";
import { expect, test } from "./fixtures";
import { MAILBOX, uniqueEmail, waitForMail } from "./mailbox";
import { SCHEME, VENUE, api, drawnImage, guest, paidOrder, seedSession, someLines } from "./orders-helpers";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * The support inbox (issue 21): a customer raises a support request with a
 * photo on their order page; staff of the order's venue (soho-staff@demo.test,
 * made by global-setup.ts) find it in the back office's Support screen, see
 * the photo large, answer it and move it on; the customer gets the answer by
 * mail (the test SMTP server) and sees it, with the status, on the order page.
 */
// The demo venues take ASAP orders at noon.
test.use({ now: MONDAY_NOON });

test.describe("Support inbox", () => {
  test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");

  test("staff answer a customer's request; the customer is mailed and sees the reply", async ({
    page,
    browser,
    baseURL,
    now,
    request,
  }) => {
    test.slow(); // two browser contexts, an upload and a sign-in's hash on a shared machine
    const email = uniqueEmail("support");
    const customer = await guest(request);
    const { lines } = await someLines(request);
    const orderId = await paidOrder(request, customer.token, lines, { user_email: email });
    const { order_number: number } = await api(
      request,
      "orders/get",
      { filter: { id: orderId } },
      customer.token,
    );

    // The customer raises the request on the order page.
    await seedSession(page, { token: customer.token, user: { ...customer.user, business_slug: SCHEME } });
    await page.goto(`/${SCHEME}/${VENUE}/order-details/${orderId}`);
    await page.getByRole("button", { name: "Get help with this order" }).click();
    await page.getByRole("radio", { name: "Wrong order" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    const said = `Not my burger (${email})`;
    await page.getByLabel("Describe the problem").fill(said);
    await page
      .getByLabel("Photos (optional)")
      .setInputFiles(await drawnImage(page, "image/jpeg", "burger.jpg"));
    await expect(page.locator(".support-flow__photo[data-uploaded=true]")).toHaveCount(1);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();

    // Soho's staff, in a browser of their own.
    const context = await browser.newContext({ baseURL });
    const office = await context.newPage();
    await office.clock.install({ time: new Date(now) });
    await office.goto(`/${SCHEME}/admin/sign-in`);
    await office.getByLabel("Email").fill("soho-staff@demo.test");
    await office.getByLabel("Password", { exact: true }).fill("Platter-demo-1");
    await office.getByRole("button", { name: "Sign in" }).click();
    await expect(office).toHaveURL(new RegExp(`/${SCHEME}/admin/board/soho$`));
    const nav = office.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link")).toHaveText(["Board", "Orders", "Support"]);
    await nav.getByRole("link", { name: "Support" }).click();
    await expect(office.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();

    // Newest first: this request heads the open ones.
    await office.getByLabel("Status").first().selectOption("open");
    const list = office.getByRole("list", { name: "Support requests, newest first" });
    const item = list.getByRole("button").first();
    await expect(item).toContainText(`Order #${number}`);
    await expect(item).toContainText(said);
    await expect(item).toContainText("Open");
    await item.click();
    const detail = office.getByRole("article");
    await expect(detail.getByRole("heading", { level: 2 })).toHaveText(`Order #${number} · Wrong order`);
    await expect(detail.getByText(said)).toBeVisible();

    // The photo: a thumbnail that opens large.
    const thumb = detail.getByRole("img", { name: "Photo 1 of 1" });
    await expect(thumb).toBeVisible();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await detail.getByRole("button", { name: "Open Photo 1 of 1 large" }).click();
    const dialog = office.getByRole("dialog", { name: "Photo 1 of 1" });
    await expect(dialog.getByRole("img", { name: "Photo 1 of 1" })).toBeVisible();
    await office.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expectNoSeriousA11yViolations(office, "support inbox");

    // The answer, moving the request to "in progress".
    const since = Date.now();
    const answer = "So sorry! A fresh burger is on its way.\nThe driver will bring it within 30 minutes.";
    await detail.getByLabel("Your reply").fill(answer);
    await expect(detail.getByLabel("Status")).toHaveValue("in_progress");
    await detail.getByRole("button", { name: "Send reply" }).click();
    await expect(detail.getByRole("status")).toHaveText("Reply sent. The customer was e-mailed.");
    await expect(detail.getByRole("list", { name: "Replies" })).toContainText(
      "A fresh burger is on its way.",
    );
    await expect(detail.locator(".support-detail__head [data-status]")).toHaveText("In progress");
    // The open filter no longer holds it.
    await expect(list.getByText(said)).toHaveCount(0);

    const mail = await waitForMail(email, { subject: /answered your request/, since });
    expect(mail.subject).toBe(`Ember & Bun Soho answered your request about order #${number}`);
    expect(mail.text).toContain("> So sorry! A fresh burger is on its way.");
    expect(mail.text).toContain("> The driver will bring it within 30 minutes.");
    expect(mail.text).toContain("Your request: In progress");
    expect(mail.html).toContain("A fresh burger is on its way.");
    await context.close();

    // The customer's order page shows the status and the answer.
    await page.reload();
    const mine = page.getByTestId("support-request");
    await expect(mine).toContainText(said);
    await expect(mine.locator("[data-status]").first()).toHaveText("In progress");
    const replies = mine.getByRole("list", { name: "Replies" });
    await expect(replies).toContainText("Ember & Bun Soho");
    await expect(replies).toContainText("The driver will bring it within 30 minutes.");
    await expectNoSeriousA11yViolations(page, "order page with a reply");
  });
});
