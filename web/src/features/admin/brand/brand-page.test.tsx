import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { burgersScheme } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";

/**
 * The Brand page as a route: the form starts from venue/info, a mid-tone main
 * colour draws the WCAG warning (text on it reads below 4.5:1), the live
 * previews take every change, a logo upload shows at once and saving sends
 * admin/scheme/update once with what changed. The API is a table of answers.
 */

const SCHEME = "demo-burgers";
type Answer = { status?: number; body: unknown };
let answers: Record<string, (body: Record<string, unknown>) => Answer>;
let sent: Array<{ path: string; body: unknown }>;
const ok = (data: unknown, meta: Record<string, unknown> = {}): Answer => ({
  body: { success: true, data, ...meta },
});

beforeEach(() => {
  sent = [];
  answers = {
    "venue/info": () =>
      ok({ ...burgersScheme, colour: "#1a1a1a", colour3: "", logo_url: "" }, { lastUpdatedTime: "t" }),
    "admin/scheme/document": () => ok({ business_slug: SCHEME, reply_to: "hello@ember-and-bun.example" }),
    "admin/venues/list": () =>
      ok([{ id: 1, venue_slug: "soho", name: "Soho", time_zone: "Europe/London", roles: ["manager"] }]),
    "admin/scheme/update": (body) =>
      ok({ ...burgersScheme, ...(body.data as object) }, { lastUpdatedTime: "t2" }),
    upload: () =>
      ok({
        id: 7,
        purpose: "logo",
        width: 300,
        height: 300,
        url: "/api/v3/media/demo-burgers/7-512.png",
        variants: [],
      }),
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
      .replace(/^\/api\/v3\//, "")
      .replace(/\?.*$/, "");
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : {};
    sent.push({ path, body });
    const answer = answers[path]?.(body as Record<string, unknown>) ?? {
      status: 404,
      body: { success: false, code: 1404, message: "Not found" },
    };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  useAuthStore.setState({ token: "tok", user: { email: "manager@demo.test", business_slug: SCHEME } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ token: null, user: null, sessions: {} });
});

async function openBrand() {
  renderRoute(`/${SCHEME}/admin/brand`);
  await screen.findByRole("heading", { level: 1, name: "Brand" });
  return screen.findByLabelText("Name");
}

const mainHex = () => screen.getByRole("textbox", { name: "Hex value of Main colour" });
const previews = () => [screen.getByTestId("brand-preview-light"), screen.getByTestId("brand-preview-dark")];
const updates = () =>
  sent.filter((s) => s.path === "admin/scheme/update").map((s) => (s.body as { data: unknown }).data);

describe("the Brand page", () => {
  it("warns when text on the main colour reads below 4.5:1, and stops when it reads", async () => {
    const user = userEvent.setup();
    await openBrand();
    expect(screen.queryByTestId("contrast-warning")).toBeNull();
    await user.clear(mainHex());
    await user.type(mainHex(), "#d9480f");
    const warning = await screen.findByTestId("contrast-warning");
    expect(warning.textContent).toContain(
      "Text on Main colour reads at 4.39:1, below the 4.5:1 that WCAG asks for.",
    );
    await user.clear(mainHex());
    await user.type(mainHex(), "#c1121f");
    await waitFor(() => expect(screen.queryByTestId("contrast-warning")).toBeNull());
    expect(screen.getByText(/Text on the main colour reads at 6\.2\d:1/)).toBeTruthy();
  });

  it("warns for a numbered colour painted behind text, naming it", async () => {
    const user = userEvent.setup();
    await openBrand();
    const badge = screen.getByRole("textbox", { name: "Hex value of Colour 3: “New” badges" });
    await user.type(badge, "7a7a7a");
    expect((await screen.findByTestId("contrast-warning")).textContent).toContain(
      "Text on Colour 3: “New” badges reads at 4.39:1",
    );
  });

  it("previews every change in both themes, live", async () => {
    const user = userEvent.setup();
    const name = await openBrand();
    await user.clear(name);
    await user.type(name, "Ember & Bun Deluxe");
    await user.clear(mainHex());
    await user.type(mainHex(), "#3a0ca3");
    for (const preview of previews()) {
      expect(within(preview).getByText("Ember & Bun Deluxe")).toBeTruthy();
      const root = within(preview).getByTestId("themed-root");
      expect(root.style.getPropertyValue("--colour")).toBe("#3a0ca3");
      expect(root.style.getPropertyValue("--on-colour")).toBe("#ffffff");
    }
    expect(within(previews()[1]!).getByTestId("themed-root").getAttribute("data-theme")).toBe("dark");
    expect(updates()).toEqual([]);
  });

  it("uploads a logo, shows it, and saves the brand once with it", async () => {
    const user = userEvent.setup();
    await openBrand();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Upload a logo"), file);
    const preview = await screen.findByTestId("logo-preview");
    await waitFor(() =>
      expect(preview.querySelector("img")?.getAttribute("src")).toBe("/api/v3/media/demo-burgers/7-128.png"),
    );
    const upload = sent.find((s) => s.path === "upload")!.body as FormData;
    expect(upload.get("purpose")).toBe("logo");
    await user.click(screen.getByRole("radio", { name: "Dark" }));
    await user.click(screen.getByRole("button", { name: "Save the brand" }));
    expect(await screen.findByText("Saved. The storefront shows the new brand now.")).toBeTruthy();
    expect(updates()).toEqual([
      expect.objectContaining({
        business_slug: SCHEME,
        logo_id: 7,
        theme: 0,
        colour: "#1a1a1a",
        languages: ["en-US"],
      }),
    ]);
    expect((updates()[0] as { colours: string[] }).colours).toHaveLength(16);
  });

  it("refuses an empty name and a brand without languages before sending anything", async () => {
    const user = userEvent.setup();
    const name = await openBrand();
    await user.clear(name);
    await user.click(screen.getByRole("checkbox", { name: "English" }));
    await user.click(screen.getByRole("button", { name: "Save the brand" }));
    expect(await screen.findByText("Enter the brand's name.")).toBeTruthy();
    expect(screen.getByText("Choose at least one language.")).toBeTruthy();
    expect(updates()).toEqual([]);
  });

  it("edits the mail's Reply-To: refuses a non-address before sending, saves a trimmed one", async () => {
    const user = userEvent.setup();
    await openBrand();
    const field = screen.getByLabelText("Reply-To address");
    expect((field as HTMLInputElement).value).toBe("hello@ember-and-bun.example");
    await user.clear(field);
    await user.type(field, "Ember <orders at ember>");
    await user.click(screen.getByRole("button", { name: "Save the brand" }));
    expect(
      await screen.findByText("Enter an e-mail address like hello@example.com, or leave it empty."),
    ).toBeTruthy();
    expect(updates()).toEqual([]);
    await user.clear(field);
    await user.type(field, " orders@ember.example ");
    await user.click(screen.getByRole("button", { name: "Save the brand" }));
    expect(await screen.findByText("Saved. The storefront shows the new brand now.")).toBeTruthy();
    expect(updates()).toEqual([expect.objectContaining({ reply_to: "orders@ember.example" })]);
  });

  it("shows the server's refusal of the Reply-To on its field", async () => {
    answers["admin/scheme/update"] = () => ({
      status: 400,
      body: {
        success: false,
        code: 1000,
        message: "Some fields are not valid.",
        fields: { reply_to: "Podaj adres e-mail, np. hello@example.com, albo zostaw puste pole." },
      },
    });
    const user = userEvent.setup();
    await openBrand();
    await user.click(screen.getByRole("button", { name: "Save the brand" }));
    const field = screen.getByLabelText("Reply-To address");
    expect(
      await screen.findByText("Podaj adres e-mail, np. hello@example.com, albo zostaw puste pole."),
    ).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Saved. The storefront shows the new brand now.")).toBeNull();
  });

  it("goes on without the Reply-To field when the scheme document cannot be read, and sends none", async () => {
    delete answers["admin/scheme/document"];
    const user = userEvent.setup();
    await openBrand();
    expect(screen.queryByLabelText("Reply-To address")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save the brand" }));
    await screen.findByText("Saved. The storefront shows the new brand now.");
    expect(updates()[0]).not.toHaveProperty("reply_to");
  });

  it("edits tipping for every venue: on, presets, the default, own amounts; a bad preset is refused before sending", async () => {
    const user = userEvent.setup();
    answers["admin/scheme/document"] = () =>
      ok({
        business_slug: SCHEME,
        reply_to: "",
        venues: [
          {
            venue_slug: "soho",
            tipping: { enabled: false, percents: [10, 15, 20], default_percent: 15, allow_custom: true },
          },
        ],
      });
    await openBrand();
    const section = screen.getByRole("form", { name: "Tipping" });
    expect((within(section).getByRole("radio", { name: "15 %" }) as HTMLInputElement).checked).toBe(true);
    const presets = within(section).getByLabelText("Percent presets");
    await user.clear(presets);
    await user.type(presets, "10, 15, 150");
    expect(within(section).getByRole("alert").textContent).toContain(
      "1 to 5 different whole percents from 0 to 100",
    );
    expect(
      (within(section).getByRole("button", { name: "Save tipping" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(presets);
    await user.type(presets, "10, 12, 15");
    await user.click(within(section).getByRole("radio", { name: "12 %" }));
    await user.click(within(section).getByRole("checkbox", { name: "Offer tips at checkout" }));
    await user.click(within(section).getByRole("checkbox", { name: "Customers may enter their own amount" }));
    await user.click(within(section).getByRole("button", { name: "Save tipping" }));
    await within(section).findByText("Tipping saved.");
    expect(sent.filter((s) => s.path === "admin/scheme/update").map((s) => s.body)).toEqual([
      {
        data: {
          business_slug: SCHEME,
          tipping: { enabled: true, percents: [10, 12, 15], default_percent: 12, allow_custom: false },
        },
      },
    ]);
  });
});
