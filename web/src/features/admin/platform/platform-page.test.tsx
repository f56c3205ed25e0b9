import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { useGeneralStore } from "@/stores/general";
import { renderRoute } from "@/test/render-route";
import { setPlatformSession } from "./platform-session";
import { schemeProblems, slugFrom } from "./scheme-form";

/**
 * The platform console (/platform): a platform admin signs in without a
 * scheme, sees the schemes, and creates one; the form's problems are shown on
 * their fields in the page's language, the server's (a taken address) too.
 */

type Answer = { status?: number; body: unknown };
let answers: Record<string, (body: Record<string, unknown>) => Answer>;
let sent: Array<{ path: string; body: Record<string, unknown>; auth: string | null }>;

const ok = (data: unknown, meta: Record<string, unknown> = {}): Answer => ({
  body: { success: true, data, ...meta },
});

const schemes = [
  {
    business_slug: "demo-burgers",
    name: "Ember & Bun",
    currency: "GBP",
    venues: 2,
    created_at: "2026-11-01T10:00:00Z",
  },
];

function shown(language: string) {
  return new Promise<void>((resolve) => {
    if (i18n.language === language) return resolve();
    const stop = i18n.subscribe(() => {
      if (i18n.language !== language) return;
      stop();
      resolve();
    });
  });
}

beforeEach(() => {
  sent = [];
  answers = {
    "auth/signin": (body) =>
      (body.data as { password: string }).password === "Root-pass-1"
        ? ok({ token: "root-token", user: { id: 1, email: "root@platform.test", roles: ["admin"] } })
        : { status: 401, body: { success: false, code: 2061, message: "Incorrect username or password" } },
    "platform/schemes/list": () => ok(schemes, { total: schemes.length }),
    "platform/schemes/create": (body) =>
      (body.data as { business_slug: string }).business_slug === "demo-burgers"
        ? {
            status: 409,
            body: {
              success: false,
              code: 1409,
              message: "Conflict",
              fields: { business_slug: "This address is taken. Choose another." },
            },
          }
        : ok({ business_slug: (body.data as { business_slug: string }).business_slug, invitation: {} }),
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/v3\//, "");
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    sent.push({ path, body, auth: new Headers(init?.headers).get("Authorization") });
    const answer = answers[path]?.(body) ?? {
      status: 404,
      body: { success: false, code: 1404, message: "Not found" },
    };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setPlatformSession(null);
  useGeneralStore.getState().setLanguage("en-US");
  await shown("en-US");
});

describe("the platform console", () => {
  it("signs in without a scheme and lists the schemes with the platform token", async () => {
    const user = userEvent.setup();
    renderRoute("/platform");
    await screen.findByRole("heading", { name: "Platform sign-in" });
    await user.type(screen.getByLabelText("E-mail"), "root@platform.test");
    await user.type(screen.getByLabelText("Password"), "Wrong-pass-1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/incorrect/i);
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "Root-pass-1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    const link = await screen.findByRole("link", { name: "Open the back office of Ember & Bun" });
    expect(link.getAttribute("href")).toBe("/demo-burgers/admin");
    const signIn = sent.find((s) => s.path === "auth/signin");
    expect(signIn?.body.data).not.toHaveProperty("business_slug");
    expect(sent.find((s) => s.path === "platform/schemes/list")?.auth).toBe("Bearer root-token");
  });

  it("shows the form's problems on their fields, in Polish too, and sends nothing until they are fixed", async () => {
    const user = userEvent.setup();
    setPlatformSession({ token: "root-token", email: "root@platform.test" });
    renderRoute("/platform");
    await screen.findByRole("heading", { name: "Create a scheme" });
    await user.click(screen.getByLabelText("en-US"));
    await user.click(screen.getByRole("button", { name: "Create and invite" }));
    expect(await screen.findByText("Enter the scheme's name.")).toBeTruthy();
    expect(screen.getByText("Enter the scheme's address.")).toBeTruthy();
    expect(screen.getByText("Choose at least one language.")).toBeTruthy();
    expect(screen.getByText("Enter a valid e-mail address.")).toBeTruthy();
    expect(sent.some((s) => s.path === "platform/schemes/create")).toBe(false);

    act(() => useGeneralStore.getState().setLanguage("pl-PL"));
    await shown("pl-PL");
    await user.click(await screen.findByRole("button", { name: "Utwórz i zaproś" }));
    expect(await screen.findByText("Podaj nazwę serwisu.")).toBeTruthy();
    expect(screen.getByText("Wybierz co najmniej jeden język.")).toBeTruthy();
  });

  it("creates a scheme, suggesting its address from the name, and shows a taken address on its field", async () => {
    const user = userEvent.setup();
    setPlatformSession({ token: "root-token", email: "root@platform.test" });
    renderRoute("/platform");
    await screen.findByRole("heading", { name: "Create a scheme" });
    await user.type(screen.getByLabelText("Name"), "Ember & Bun");
    expect((screen.getByLabelText("Address") as HTMLInputElement).value).toBe("ember-bun");
    await user.clear(screen.getByLabelText("Address"));
    await user.type(screen.getByLabelText("Address"), "demo-burgers");
    await user.selectOptions(screen.getByLabelText("Country"), "PL");
    expect((screen.getByLabelText("Currency") as HTMLInputElement).value).toBe("PLN");
    await user.type(screen.getByLabelText("First manager's e-mail"), "boss@tacos.test");
    await user.click(screen.getByRole("button", { name: "Create and invite" }));
    expect(await screen.findByText("This address is taken. Choose another.")).toBeTruthy();

    await user.clear(screen.getByLabelText("Address"));
    await user.type(screen.getByLabelText("Address"), "tasty-tacos");
    await user.click(screen.getByRole("button", { name: "Create and invite" }));
    expect(
      await screen.findByText("Ember & Bun is created; boss@tacos.test has been sent an invitation."),
    ).toBeTruthy();
    const created = sent.filter((s) => s.path === "platform/schemes/create").at(-1);
    expect(created?.body.data).toMatchObject({
      business_slug: "tasty-tacos",
      country: "PL",
      currency: "PLN",
      languages: ["pl-PL", "en-US"],
      manager_email: "boss@tacos.test",
    });
    await waitFor(() =>
      expect(sent.filter((s) => s.path === "platform/schemes/list").length).toBeGreaterThan(1),
    );
  });
});

describe("the create form's rules", () => {
  it("suggests an address from a name", () => {
    expect(slugFrom("Tasty Tacos Łódź")).toBe("tasty-tacos-lodz");
    expect(slugFrom("  Ember & Bun! ")).toBe("ember-bun");
  });

  it("names each problem", () => {
    expect(
      schemeProblems({
        business_slug: "Bad Slug",
        name: "x".repeat(121),
        country: "GB",
        currency: "GBP",
        languages: [],
        manager_email: "nope",
      }),
    ).toEqual({
      business_slug: "platform.errors.slugFormat",
      name: "platform.errors.nameLong",
      languages: "platform.errors.languages",
      manager_email: "platform.errors.email",
    });
  });
});
