import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { useVenueStore } from "@/stores/venue";
import { calls, stubApi, user, session, resetAuth } from "@/test/auth-screens";
import { renderRoute } from "@/test/render-route";
import { emailFromLink } from "../pending-email";

/** Codes and links: verifying an address, resetting a password, the links in the mail, the header's account. */

beforeEach(resetAuth);
afterEach(() => vi.unstubAllGlobals());

// The screens are lazy routes (the storefront's layout, auth-screens), compiled on their first import: on a
// loaded machine that took over 10 s inside the first test's wait for its heading. They are imported once,
// before the tests, so each test waits only for what the user sees.
beforeAll(async () => {
  await Promise.all([import("@/app/routes/storefront"), import("@/features/auth/components/auth-screens")]);
}, 120_000);

describe("Verify", () => {
  it("confirms with the code and signs in; resend waits 60 s", async () => {
    stubApi({ "auth/verify": () => session() });
    sessionStorage.setItem("platter.auth.pendingEmail", "anna@example.com");
    const { router } = renderRoute("/demo-burgers/auth/verify");
    await screen.findByRole("heading", { name: "Confirm your account" });
    const resend = screen.getByTestId("resend-code");
    expect(resend.textContent).toMatch(/Send a new code in (60|59) s/);
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    const u = userEvent.setup();
    await u.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Code is required")).toBeTruthy();
    await u.type(screen.getByLabelText("6-digit code"), "123 456");
    await u.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home"));
    expect(calls.find((c) => c.path === "auth/verify")!.body).toEqual({
      data: { business_slug: "demo-burgers", email: "anna@example.com", code: "123456" },
    });
    expect(useAuthStore.getState().token).toBe("tok-1");
    expect(sessionStorage.getItem("platter.auth.pendingEmail")).toBeNull();
  });

  it("asks for the address when it does not know it", async () => {
    stubApi();
    renderRoute("/demo-burgers/auth/verify");
    await screen.findByRole("heading", { name: "Confirm your account" });
    expect(screen.getByLabelText("Email")).toBeTruthy();
  });
});

describe("Reset password", () => {
  it("requests a code, then sets the new password and signs in", async () => {
    stubApi({
      "auth/forgotten-password": () => ({ body: { success: true, data: {} } }),
      "auth/reset-password": () => session(),
    });
    const { router } = renderRoute("/demo-burgers/auth/resetPassword");
    await screen.findByRole("heading", { name: "Reset your password" });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("Email"), "anna@example.com");
    await u.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByRole("heading", { name: "Choose a new password" });
    expect(router.state.location.pathname).toBe("/demo-burgers/auth/resetPassword/verify");

    await u.type(screen.getByLabelText("6-digit code"), "654321");
    await u.type(screen.getByLabelText("New password"), "weak");
    await u.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByText(/at least 8 characters long/)).toBeTruthy();
    expect(calls.some((c) => c.path === "auth/reset-password")).toBe(false);

    await u.clear(screen.getByLabelText("New password"));
    await u.type(screen.getByLabelText("New password"), "Newpass-2");
    await u.click(screen.getByRole("button", { name: "Save new password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home"));
    expect(calls.find((c) => c.path === "auth/reset-password")!.body).toEqual({
      data: {
        business_slug: "demo-burgers",
        email: "anna@example.com",
        code: "654321",
        password: "Newpass-2",
      },
    });
  });
});

describe("links in the mail", () => {
  it("Verify takes the address from the link and confirms with the code alone", async () => {
    stubApi({ "auth/verify": () => session() });
    const { router } = renderRoute("/demo-burgers/auth/verify?email=anna%2Bx%40example.com");
    await screen.findByRole("heading", { name: "Confirm your account" });
    expect(screen.getByText("anna+x@example.com")).toBeTruthy();
    expect(screen.queryByLabelText("Email")).toBeNull();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("6-digit code"), "123456");
    await u.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home"));
    expect(calls.find((c) => c.path === "auth/verify")!.body).toEqual({
      data: { business_slug: "demo-burgers", email: "anna+x@example.com", code: "123456" },
    });
  });

  it("ResetPasswordVerify takes the address from the link", async () => {
    stubApi({ "auth/reset-password": () => session() });
    const { router } = renderRoute("/demo-burgers/auth/resetPassword/verify?email=ola%40example.com");
    await screen.findByRole("heading", { name: "Choose a new password" });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("6-digit code"), "654321");
    await u.type(screen.getByLabelText("New password"), "Newpass-2");
    await u.click(screen.getByRole("button", { name: "Save new password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home"));
    expect(calls.find((c) => c.path === "auth/reset-password")!.body).toEqual({
      data: {
        business_slug: "demo-burgers",
        email: "ola@example.com",
        code: "654321",
        password: "Newpass-2",
      },
    });
  });

  it("Sign in fills in the address of the link; a control character is not taken", async () => {
    stubApi();
    renderRoute("/demo-burgers/auth/sign-in?email=kim%40example.com");
    await screen.findByRole("heading", { name: "Sign in", level: 1 });
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("kim@example.com");
  });

  it("ignores an address with a control character", () => {
    expect(emailFromLink("?email=a%0A%40b.c")).toBe("");
    expect(emailFromLink("?email=%20kim%40example.com%20")).toBe("kim@example.com");
    expect(emailFromLink("")).toBe("");
  });
});

describe("header account", () => {
  it("shows the account of this scheme and signs out, keeping the basket", async () => {
    stubApi({
      "user/info": () => ({ body: { success: true, data: user() } }),
      "auth/signout": () => ({ body: { success: true, data: {} } }),
    });
    useAuthStore.setState({ token: "tok-1", user: user() });
    const basket = { items: [{ item_id: 3, qty: 2 }], orderDetail: {} };
    useVenueStore.setState({ basket: { "demo-burgers": { soho: basket } } } as never);
    renderRoute("/demo-burgers/auth/sign-in");
    const banner = await screen.findByRole("banner");
    const trigger = await within(banner).findByTestId("account-menu");
    expect(trigger.textContent).toContain("Anna Nowak");
    const u = userEvent.setup();
    await u.click(trigger);
    expect(within(banner).getByTestId("account-email").textContent).toBe("anna@example.com");
    await u.click(within(banner).getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(calls.find((c) => c.path === "auth/signout")!.auth).toBe("Bearer tok-1");
    expect(await within(banner).findByTestId("sign-in-link")).toBeTruthy();
    expect(useVenueStore.getState().basket).toEqual({ "demo-burgers": { soho: basket } });
  });

  it("shows the user as user/info answers it, recorded in the auth store", async () => {
    stubApi({ "user/info": () => ({ body: { success: true, data: user({ first_name: "Anne" }) } }) });
    useAuthStore.setState({ token: "tok-1", user: user() });
    renderRoute("/demo-burgers/auth/sign-in");
    const banner = await screen.findByRole("banner");
    await waitFor(() =>
      expect(within(banner).getByTestId("account-menu").textContent).toContain("Anne Nowak"),
    );
    expect(useAuthStore.getState().user).toMatchObject({ first_name: "Anne", business_slug: "demo-burgers" });
  });

  it("treats a token of another scheme as signed out here", async () => {
    stubApi();
    useAuthStore.setState({ token: "tok-9", user: user({ business_slug: "demo-pierogi" }) });
    renderRoute("/demo-burgers/auth/sign-up");
    const banner = await screen.findByRole("banner");
    expect(await within(banner).findByTestId("sign-in-link")).toBeTruthy();
    expect(within(banner).queryByTestId("account-menu")).toBeNull();
    // The token is not sent to this scheme's calls either.
    expect(calls.find((c) => c.path === "venue/info")!.auth).toBeNull();
    // …and it is kept for its own scheme.
    expect(useAuthStore.getState().token).toBe("tok-9");
  });
});
