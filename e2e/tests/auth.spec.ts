import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { codeOf, MAILBOX, uniqueEmail, waitForMail } from "./mailbox";

/**
 * Accounts (issue 5): sign-up with the code read from a real SMTP server,
 * sign-in errors in both languages, password reset end to end, guests.
 */
test.skip(!MAILBOX, "needs the test SMTP server that global-setup.ts starts");

const SCHEME = "demo-burgers";
const PASSWORD = "Burger-lover-1";

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillSignUp(page: Page, email: string, first = "Ada", last = "Lovelace") {
  await field(page, "First name").fill(first);
  await field(page, "Last name").fill(last);
  await field(page, "Email").fill(email);
  await field(page, "Contact number").fill("7911 123456");
  await field(page, "Password").fill(PASSWORD);
}

async function signIn(page: Page, email: string, password: string) {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** A confirmed account made through the API (the UI flow has its own test). */
async function confirmedAccount(request: APIRequestContext, email: string) {
  const since = Date.now();
  const signUp = await request.post("/api/v3/auth/signup", {
    data: {
      data: {
        business_slug: SCHEME,
        email,
        password: PASSWORD,
        first_name: "Grace",
        last_name: "Hopper",
        contact_number: "+447911123456",
      },
    },
  });
  expect(signUp.ok()).toBe(true);
  const code = codeOf(await waitForMail(email, { since }));
  const verify = await request.post("/api/v3/auth/verify", {
    data: { data: { business_slug: SCHEME, email, code } },
  });
  expect(verify.ok()).toBe(true);
}

const account = (page: Page) => page.getByRole("banner").getByTestId("account-menu");

test.describe("Accounts", () => {
  test("sign up → code by e-mail → verify → signed in, back where we started", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto(`/${SCHEME}/home/stores`);
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirect=%2Fdemo-burgers%2Fhome%2Fstores$/);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");

    await fillSignUp(page, email);
    const since = Date.now();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your account");
    await expect(page.getByText(`We have sent a 6-digit code to ${email}`)).toBeVisible();
    await expect(page.getByTestId("resend-code")).toBeDisabled();

    const mail = await waitForMail(email, { since });
    expect(mail.subject).toContain("verification code");
    await field(page, "6-digit code").fill(codeOf(mail));
    await page.getByRole("button", { name: "Confirm" }).click();

    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/home/stores$`));
    await expect(account(page)).toContainText("Ada Lovelace");
    await account(page).click();
    await expect(page.getByTestId("account-email")).toHaveText(email);

    // Signed in to this scheme only: the other brand sees a visitor.
    await page.goto("/demo-pierogi/home");
    await expect(page.getByRole("banner").getByTestId("sign-in-link")).toBeVisible();
    await page.goto(`/${SCHEME}/home`);
    await expect(account(page)).toContainText("Ada Lovelace");
  });

  test("a wrong password says so, in English and in Polish", async ({ page }) => {
    const email = uniqueEmail("wrong");
    await confirmedAccount(page.request, email);
    await page.goto(`/${SCHEME}/auth/sign-in`);
    await signIn(page, email, "Not-the-password-1");
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Incorrect username or password.");

    await page.getByLabel("Language").selectOption("pl-PL");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zaloguj się");
    await page.getByRole("button", { name: "Zaloguj się", exact: true }).click();
    await expect(alert).toHaveText("Nieprawidłowa nazwa użytkownika lub hasło.");
    await expect(page.getByRole("banner").getByTestId("sign-in-link")).toBeVisible();
  });

  test("password reset: code by e-mail, the new password works, the old one does not", async ({ page }) => {
    const email = uniqueEmail("reset");
    const newPassword = "Fresh-fries-2";
    await confirmedAccount(page.request, email);

    await page.goto(`/${SCHEME}/auth/sign-in`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    await field(page, "Email").fill(email);
    const since = Date.now();
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");

    const mail = await waitForMail(email, { since });
    expect(mail.subject).toContain("password reset code");
    await field(page, "6-digit code").fill(codeOf(mail));
    await field(page, "New password").fill(newPassword);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/home$`));
    await expect(account(page)).toContainText("Grace Hopper");

    // Sign out (the header), then the old password is refused and the new one works.
    await account(page).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("banner").getByTestId("sign-in-link")).toBeVisible();
    await page.goto(`/${SCHEME}/auth/sign-in`);
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toHaveText("Incorrect username or password.");
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/home$`));
    await expect(account(page)).toContainText("Grace Hopper");
  });

  test("continue as guest, back to the page we came from", async ({ page }) => {
    await page.goto(`/${SCHEME}/home/stores`);
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Continue as guest" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SCHEME}/home/stores$`));
    await expect(account(page)).toContainText("Guest");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}"));
    expect(stored.state.user).toMatchObject({ is_guest: true, business_slug: SCHEME });
    expect(stored.state.token).toBeTruthy();
    await account(page).click();
  });

  test("a token the server no longer knows (1401) signs the customer out", async ({ page }) => {
    await page.addInitScript((scheme) => {
      const user = { email: "gone@example.com", first_name: "Gone", business_slug: scheme };
      localStorage.setItem("auth", JSON.stringify({ state: { token: "revoked-token", user }, version: 0 }));
    }, SCHEME);
    const info = page.waitForResponse((r) => r.url().endsWith("/api/v3/user/info"));
    await page.goto(`/${SCHEME}/home`);
    expect((await info).status()).toBe(401);
    await expect(page.getByRole("banner").getByTestId("sign-in-link")).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth") ?? "{}"));
    expect(stored.state.token).toBeNull();
  });

  test("the auth screens are not part of the menu page's first load", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(`/${SCHEME}/soho/menu`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /auth-screens/.test(url))).toEqual([]);
  });

  test("validation runs on submit, with docs/product.md messages", async ({ page }) => {
    await page.goto(`/${SCHEME}/auth/sign-up`);
    await field(page, "Email").fill("not-an-email");
    await field(page, "Password").fill("short");
    await field(page, "First name").focus();
    await expect(page.getByText("Email is not valid")).toHaveCount(0);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Email is not valid")).toBeVisible();
    await expect(page.getByText("Phone Number is required")).toBeVisible();
    await expect(
      page.getByText(
        "Password must be at least 8 characters long and contain a lowercase letter, an uppercase letter and a digit.",
      ),
    ).toBeVisible();
    await expect(field(page, "Email")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Email")).toHaveAccessibleDescription("Email is not valid");
  });
});

/** Every auth screen in both languages (screenshots of them: shots/auth.shots.ts). */
test.describe("Accounts screens", () => {
  const paths = ["sign-in", "sign-up", "verify", "resetPassword", "resetPassword/verify"];

  for (const language of ["en-US", "pl-PL"] as const) {
    test(`every auth screen has its heading in ${language}`, async ({ page }) => {
      await page.addInitScript((lang) => {
        localStorage.setItem("general", JSON.stringify({ state: { language: lang }, version: 0 }));
      }, language);
      for (const path of paths) {
        await page.goto(`/${SCHEME}/auth/${path}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", language);
      }
    });
  }

  test("at phone width the sign-up form with every message fits the screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/${SCHEME}/auth/sign-up`);
    await page.locator("form button[type=submit]").click();
    await expect(page.locator(".form-field__error").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
