import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useAuthStore } from "@/stores/auth";
import { useGeneralStore } from "@/stores/general";
import { calls, stubApi, session, openSignIn, resetAuth } from "@/test/auth-screens";
import { renderRoute } from "@/test/render-route";

/** Signing in and signing up. */

beforeEach(resetAuth);
afterEach(() => vi.unstubAllGlobals());

// The screens are lazy routes (the storefront's layout, auth-screens), compiled on their first import: on a
// loaded machine that took over 10 s inside the first test's wait for its heading. They are imported once,
// before the tests, so each test waits only for what the user sees.
beforeAll(async () => {
  await Promise.all([import("@/app/routes/storefront"), import("@/features/auth/components/auth-screens")]);
}, 120_000);

describe("SignIn", () => {
  it("validates on submit only, with docs/product.md's messages linked to the fields", async () => {
    stubApi();
    await openSignIn();
    const u = userEvent.setup();
    const email = screen.getByLabelText("Email");
    await u.type(email, "not-an-email");
    await u.tab();
    // Nothing while typing or leaving the field.
    expect(screen.queryByText("Email is not valid")).toBeNull();
    expect(email.getAttribute("aria-invalid")).toBeNull();

    await u.click(screen.getByRole("button", { name: "Sign in" }));
    const error = await screen.findByText("Email is not valid");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toContain(error.closest("p")!.id);
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith("auth/"))).toEqual([]);

    // Fixing the field does not re-validate until the next submit.
    await u.clear(email);
    await u.type(email, "anna@example.com");
    expect(screen.getByText("Email is not valid")).toBeTruthy();
  });

  it("shows the app's own text for a wrong password (code 2061, docs/product.md §8), not the server's", async () => {
    stubApi({
      "auth/signin": () => ({
        status: 401,
        body: { success: false, code: 2061, message: "credentials rejected (server wording)" },
      }),
    });
    await openSignIn();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("Email"), "anna@example.com");
    await u.type(screen.getByLabelText("Password"), "Wrong-pass-1");
    await u.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect username or password.");
    expect(useAuthStore.getState().token).toBeNull();
    const call = calls.find((c) => c.path === "auth/signin")!;
    expect(call.body).toEqual({
      data: { business_slug: "demo-burgers", email: "anna@example.com", password: "Wrong-pass-1" },
    });
  });

  it("shows the Polish text for code 2061 in Polish", async () => {
    stubApi({
      "auth/signin": () => ({
        status: 401,
        body: { success: false, code: 2061, message: "Incorrect username or password." },
      }),
    });
    useGeneralStore.setState({ language: "pl-PL", languages: { "demo-burgers": "pl-PL" } }); // chosen on this scheme
    await act(() => i18n.changeLanguage("pl-PL"));
    renderRoute("/demo-burgers/auth/sign-in");
    await screen.findByRole("heading", { name: "Zaloguj się", level: 1 });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("Adres e-mail"), "anna@example.com");
    await u.type(screen.getByLabelText("Hasło"), "Wrong-pass-1");
    await u.click(screen.getByRole("button", { name: "Zaloguj się" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Nieprawidłowa nazwa użytkownika lub hasło.");
  });

  it("signs in, binds the token to the scheme and goes back to ?redirect=", async () => {
    stubApi({ "auth/signin": () => session() });
    const { router } = await openSignIn(
      "/demo-burgers/auth/sign-in?redirect=%2Fdemo-burgers%2Fsoho%2Fcheckout",
    );
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("Email"), "anna@example.com");
    await u.type(screen.getByLabelText("Password"), "Abcdefg1");
    await u.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/soho/checkout"));
    expect(useAuthStore.getState()).toMatchObject({
      token: "tok-1",
      user: { email: "anna@example.com", business_slug: "demo-burgers" },
    });
  });

  it("ignores a redirect to another site and goes home", async () => {
    stubApi({ "auth/signin": () => session() });
    const { router } = await openSignIn("/demo-burgers/auth/sign-in?redirect=https%3A%2F%2Fevil.test%2F");
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("Email"), "anna@example.com");
    await u.type(screen.getByLabelText("Password"), "Abcdefg1");
    await u.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home"));
  });

  it("sends an unconfirmed account (2062) to Verify with its address", async () => {
    stubApi({
      "auth/signin": () => ({
        status: 403,
        body: { success: false, code: 2062, message: "Please confirm your e-mail address first." },
      }),
    });
    const { router } = await openSignIn();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("Email"), "anna@example.com");
    await u.type(screen.getByLabelText("Password"), "Abcdefg1");
    await u.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("heading", { name: "Confirm your account" });
    expect(router.state.location.pathname).toBe("/demo-burgers/auth/verify");
    // The next step is announced: focus moves to its title.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Confirm your account" })),
    );
    expect(document.getElementById("auth-subtitle")!.textContent).toContain(
      "We have sent a 6-digit code to anna@example.com.",
    );
    expect(screen.getByText("Your account is not confirmed yet. We have sent you a new code.")).toBeTruthy();
  });

  it("continues as a guest", async () => {
    stubApi({ "auth/guest": () => session({ email: "", first_name: "", last_name: "", is_guest: true }) });
    const { router } = await openSignIn();
    await userEvent.setup().click(screen.getByRole("button", { name: "Continue as guest" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/demo-burgers/home"));
    expect(useAuthStore.getState().user).toMatchObject({ is_guest: true, business_slug: "demo-burgers" });
    expect(calls.find((c) => c.path === "auth/guest")!.body).toEqual({
      data: { business_slug: "demo-burgers" },
    });
    expect(within(screen.getByRole("banner")).getByTestId("account-menu").textContent).toContain("Guest");
  });
});

describe("SignUp", () => {
  it("shows every problem on submit, in Polish when the interface is Polish", async () => {
    stubApi();
    useGeneralStore.setState({ language: "pl-PL", languages: { "demo-burgers": "pl-PL" } }); // chosen on this scheme
    await act(() => i18n.changeLanguage("pl-PL"));
    renderRoute("/demo-burgers/auth/sign-up");
    await screen.findByRole("heading", { name: "Załóż konto", level: 1 });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("Hasło"), "abc");
    await u.click(screen.getByRole("button", { name: "Załóż konto" }));
    expect(await screen.findByText("Adres e-mail jest wymagany")).toBeTruthy();
    expect(screen.getByText("Imię jest wymagane")).toBeTruthy();
    expect(screen.getByText("Nazwisko jest wymagane")).toBeTruthy();
    expect(screen.getByText("Numer telefonu jest wymagany")).toBeTruthy();
    expect(
      screen.getByText(
        "Hasło musi mieć co najmniej 8 znaków i zawierać małą literę, wielką literę oraz cyfrę.",
      ),
    ).toBeTruthy();
  });

  it("signs up with the dial code joined to the number, then asks for the code", async () => {
    stubApi({
      "user/validate-contact-number": (f) => ({
        body: {
          success: true,
          data: { is_valid: true, e164: String(f.contact_number).replace(/\s/g, "") },
        },
      }),
      "auth/signup": (data) => ({
        body: { success: true, data: { email: data.email, verification_required: true } },
      }),
    });
    const { router } = renderRoute("/demo-burgers/auth/sign-up?redirect=%2Fdemo-burgers%2Fsoho%2Fmenu");
    await screen.findByRole("heading", { name: "Create an account", level: 1 });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("First name"), "Anna");
    await u.type(screen.getByLabelText("Last name"), "Nowak");
    await u.type(screen.getByLabelText("Email"), "anna@example.com");
    expect((screen.getByLabelText("Country code") as HTMLSelectElement).value).toBe("GB");
    await u.selectOptions(screen.getByLabelText("Country code"), "PL");
    await u.type(screen.getByLabelText("Contact number"), "512 345 678");
    await u.type(screen.getByLabelText("Password"), "Abcdefg1");
    await u.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByRole("heading", { name: "Confirm your account" });
    expect(calls.find((c) => c.path === "auth/signup")!.body).toEqual({
      data: {
        business_slug: "demo-burgers",
        email: "anna@example.com",
        password: "Abcdefg1",
        first_name: "Anna",
        last_name: "Nowak",
        contact_number: "+48512345678",
      },
    });
    expect(router.state.location.search).toBe("?redirect=%2Fdemo-burgers%2Fsoho%2Fmenu");
    expect(calls.find((c) => c.path === "user/validate-contact-number")!.body).toEqual({
      filter: { contact_number: "+48512345678" },
    });
  });

  it("checks the number with the server first and stops there when it is incorrect (docs/product.md §5)", async () => {
    stubApi({
      "user/validate-contact-number": () => ({
        body: { success: true, data: { is_valid: false, e164: "" } },
      }),
      "auth/signup": () => ({ body: { success: true, data: {} } }),
    });
    renderRoute("/demo-burgers/auth/sign-up");
    await screen.findByRole("heading", { name: "Create an account", level: 1 });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("First name"), "Anna");
    await u.type(screen.getByLabelText("Last name"), "Nowak");
    await u.type(screen.getByLabelText("Email"), "anna@example.com");
    await u.type(screen.getByLabelText("Contact number"), "1234");
    await u.type(screen.getByLabelText("Password"), "Abcdefg1");
    await u.click(screen.getByRole("button", { name: "Create account" }));
    const error = await screen.findByText("Phone Number is Incorrect");
    const input = screen.getByLabelText("Contact number");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toContain(error.closest("p")!.id);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(calls.find((c) => c.path === "user/validate-contact-number")!.body).toEqual({
      filter: { contact_number: "+441234" },
    });
    expect(calls.some((c) => c.path === "auth/signup")).toBe(false);
  });

  it("puts the server's field messages on the fields", async () => {
    stubApi({
      "user/validate-contact-number": () => ({
        body: { success: true, data: { is_valid: true, e164: "+440000000" } },
      }),
      "auth/signup": () => ({
        status: 422,
        body: {
          success: false,
          code: 1000,
          message: "Please check the form.",
          fields: { contact_number: "Phone Number is Incorrect" },
        },
      }),
    });
    renderRoute("/demo-burgers/auth/sign-up");
    await screen.findByRole("heading", { name: "Create an account", level: 1 });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText("First name"), "Anna");
    await u.type(screen.getByLabelText("Last name"), "Nowak");
    await u.type(screen.getByLabelText("Email"), "anna@example.com");
    await u.type(screen.getByLabelText("Contact number"), "0000 000");
    await u.type(screen.getByLabelText("Password"), "Abcdefg1");
    await u.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Phone Number is Incorrect")).toBeTruthy();
    expect(screen.getByLabelText("Contact number").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
