import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { MONDAY_NOON } from "./clock";
import { pageAt, shots } from "./admin-helpers";
import { expect, test } from "./fixtures";
import { MAILBOX, uniqueEmail, waitForMail } from "./mailbox";
import { expectNoSeriousA11yViolations } from "./storefront-helpers";

/**
 * Back office I (issue 20): a platform admin creates a scheme at /platform and
 * invites its first manager; the manager accepts from the real mail and lands in
 * the new scheme's back office, exports its document, is shown an upload's
 * problems by JSON path, imports a change, and reads it in Activity: who, what,
 * the field before and after.
 */
test.use({ now: MONDAY_NOON });
test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");

test("platform admin creates a scheme → manager accepts → export, import, activity", async ({
  page,
  browser,
  baseURL,
  now,
}, testInfo) => {
  test.slow(); // two browsers, a mail round trip and password hashes on a shared machine
  const slug = `tacos-${Date.now().toString(36)}`;
  const boss = uniqueEmail("scheme-boss");
  const out = (n: string) => testInfo.outputPath(n);

  await page.goto("/platform");
  await expect(page.getByRole("heading", { level: 1, name: "Platform sign-in" })).toBeVisible();
  await page.getByLabel("E-mail").fill("platform@demo.test");
  await page.getByLabel("Password").fill("Platter-demo-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "Open the back office of Ember & Bun" })).toBeVisible();

  // The form's own checks first, field by field.
  await page.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByText("Enter the scheme's name.")).toBeVisible();
  await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
  await page.getByLabel("Name").fill("Tasty Tacos");
  await expect(page.getByLabel("Address")).toHaveValue("tasty-tacos");
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("Country").selectOption("PL");
  await expect(page.getByLabel("Currency")).toHaveValue("PLN");
  await page.getByLabel("First manager's e-mail").fill(boss);
  const since = Date.now();
  await page.getByRole("button", { name: "Create and invite" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Tasty Tacos is created; ${boss} has been sent an invitation.`,
  );
  // Its own row: a retry finds the first attempt's Tasty Tacos (or Tasty Tacos Łódź, below) too.
  const row = page.getByRole("row").filter({ hasText: `/${slug}` });
  await expect(row.getByRole("link", { name: "Open the back office of Tasty Tacos" })).toBeVisible();
  // Created at the server's clock (PLATTER_CLOCK, Monday 16 November), the day the page lives in too.
  await expect(row).toContainText("Nov 16, 2026");
  await expectNoSeriousA11yViolations(page, "platform");
  await shots(page, "platform", out);

  // The invitation, in the scheme's first language (Polish), lands in its back office.
  const mail = await waitForMail(boss, { since });
  const link = new RegExp(`/${slug}/admin/invite/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const manager = await pageAt(browser, now, { baseURL, locale: "en-US" });
  await manager.goto(link!);
  await manager.getByLabel("Choose a password").fill("Tacos-pass-1");
  await manager.getByRole("button", { name: "Accept and sign in" }).click();
  await expect(manager).toHaveURL(new RegExp(`/${slug}/admin`));
  const nav = manager.getByRole("navigation").first();
  // No venue yet, so no board; everything else a manager has (admin.spec.ts checks the names and order).
  await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Board" })).toHaveCount(0);
  await expect(nav.getByRole("link")).toHaveCount(13);
  await manager.goto(`/${slug}/admin/document`);

  // Export: the document downloads.
  const downloading = manager.waitForEvent("download");
  await manager.locator(".document__actions .button--primary").click();
  const file = await downloading;
  const doc = JSON.parse(readFileSync((await file.path())!, "utf8")) as Record<string, unknown>;
  expect(doc.business_slug).toBe(slug);
  expect(doc.currency).toBe("PLN");

  // A broken document: every problem by its path, nothing changed.
  const upload = (body: unknown) =>
    manager.getByTestId("document-file").setInputFiles({
      name: "scheme.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(body)),
    });
  await upload({ ...doc, currency: "XYZ", languages: [] });
  const problems = manager.locator(".document__problems");
  await expect(problems.getByRole("row", { name: /^currency/ })).toBeVisible();
  await expect(problems.getByRole("row", { name: /^languages/ })).toBeVisible();
  await shots(manager, "document", out);

  // A real change, then the activity shows it in words: who, what, before and after.
  await upload({ ...doc, name: "Tasty Tacos Łódź" });
  await expect(manager.getByRole("status")).toBeVisible();
  await manager.goto(`/${slug}/admin/activity`);
  const changes = manager.locator(".activity__row");
  await expect(changes).toHaveCount(2);
  await expect(changes.first()).toContainText(boss.toLowerCase());
  await expect(changes.first()).toContainText("Imported the whole document");
  await expect(changes.last()).toContainText("platform@demo.test");
  await expect(changes.last()).toContainText("Created the restaurant");
  await changes.first().locator("summary").click();
  const nameRow = changes.first().getByRole("row", { name: /^Name/ });
  await expect(nameRow).toContainText("Tasty Tacos");
  await expect(nameRow).toContainText("Tasty Tacos Łódź");
  // Filtered by person: only the platform admin's creation.
  await manager.locator("#activity-actor").fill("platform@demo.test");
  await manager.locator(".activity__actions .button--primary").click();
  await expect(changes).toHaveCount(1);
  await expect(changes.first()).toContainText("Created the restaurant");
  await manager.locator(".activity__actions .button--ghost").click();
  await expect(changes).toHaveCount(2);
  await changes.first().locator("summary").click();
  await expectNoSeriousA11yViolations(manager, "activity");
  await shots(manager, "activity", out);
  await manager.context().close();
});
