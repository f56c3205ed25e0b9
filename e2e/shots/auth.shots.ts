import { codeOf, MAILBOX, uniqueEmail, waitForMail } from "../tests/mailbox";
import { expect, language, test } from "./shot";

/** The accounts screens for people to look at (behaviour: tests/auth.spec.ts). */

const SCHEME = "demo-burgers";
const screens = [
  ["sign-in", "sign-in"],
  ["sign-up", "sign-up"],
  ["verify", "verify"],
  ["reset", "resetPassword"],
  ["reset-verify", "resetPassword/verify"],
] as const;

for (const lang of ["en-US", "pl-PL"] as const) {
  test(`auth screens in ${lang}`, async ({ page, shot }) => {
    await language(page, lang);
    for (const [index, [name, path]] of screens.entries()) {
      await page.goto(`/${SCHEME}/auth/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shot(`auth-0${index}-${name}-${lang}`);
    }
    await page.goto(`/${SCHEME}/auth/sign-up`);
    await page.locator("form button[type=submit]").click();
    await expect(page.locator(".form-field__error").first()).toBeVisible();
    await shot(`auth-05-sign-up-errors-${lang}`);
  });
}

test("phone width and the dark scheme", async ({ page, shot }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/${SCHEME}/auth/sign-up`);
  await page.locator("form button[type=submit]").click();
  await expect(page.locator(".form-field__error").first()).toBeVisible();
  await shot("auth-06-sign-up-360");
  await page.goto(`/${SCHEME}/auth/sign-in`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shot("auth-07-sign-in-360");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/demo-pierogi/auth/sign-in");
  await expect(page.getByTestId("themed-root")).toHaveAttribute("data-theme", "dark");
  await shot("auth-08-sign-in-dark");
});

test("sign-up, the code sent, signed in", async ({ page, shot }) => {
  test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");
  const email = uniqueEmail("shots");
  await page.goto(`/${SCHEME}/auth/sign-up`);
  await page.getByLabel("First name", { exact: true }).fill("Ada");
  await page.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contact number", { exact: true }).fill("7911 123456");
  await page.getByLabel("Password", { exact: true }).fill("Burger-lover-1");
  const since = Date.now();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your account");
  await shot("auth-10-verify-sent");
  await page.getByLabel("6-digit code", { exact: true }).fill(codeOf(await waitForMail(email, { since })));
  await page.getByRole("button", { name: "Confirm" }).click();
  const account = page.getByRole("banner").getByTestId("account-menu");
  await expect(account).toContainText("Ada Lovelace");
  await account.click();
  await shot("auth-11-signed-in-menu");
});
