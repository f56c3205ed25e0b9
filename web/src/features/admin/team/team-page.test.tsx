import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/stores/auth";
import { burgersScheme } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";

/**
 * The Team page's invitation form (issue 18): a driver is invited with a
 * name, which the board shows when assigning an order; other roles are
 * invited by address alone. The API is a table of answers.
 */

const SCHEME = "demo-burgers";

type Answer = { status?: number; body: unknown };
let answers: Record<string, (body: Record<string, unknown>) => Answer>;
let sent: Array<{ path: string; body: Record<string, unknown> }>;

const ok = (data: unknown, meta: Record<string, unknown> = {}): Answer => ({
  body: { success: true, data, ...meta },
});

beforeEach(() => {
  sent = [];
  answers = {
    "venue/info": () => ok(burgersScheme, { lastUpdatedTime: "t" }),
    "admin/venues/list": () =>
      ok([{ id: 1, venue_slug: "soho", name: "Soho", time_zone: "Europe/London", roles: ["manager"] }]),
    "admin/team/list": () => ok({ members: [], invitations: [] }),
    "admin/team/invite": (body) => {
      const d = body.data as Record<string, string>;
      if (d.role === "driver" && !d.first_name) {
        return {
          status: 400,
          body: {
            success: false,
            code: 1000,
            message: "Check the highlighted fields.",
            fields: {
              first_name: "Enter the driver's first name: the board shows it when assigning an order.",
            },
          },
        };
      }
      return ok({
        id: 9,
        email: d.email,
        role: d.role,
        venue_slug: null,
        first_name: d.first_name ?? "",
        last_name: d.last_name ?? "",
        created_at: "2026-11-16T12:00:00Z",
        expires_at: "2026-11-23T12:00:00Z",
      });
    },
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/v3\//, "");
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    sent.push({ path, body });
    const answer = answers[path]?.(body) ?? {
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

const invites = () => sent.filter((s) => s.path === "admin/team/invite").map((s) => s.body.data);

async function openTeam() {
  renderRoute(`/${SCHEME}/admin/team`);
  await screen.findByRole("heading", { level: 2, name: "Invite someone" });
}

describe("inviting a driver", () => {
  it("asks for a name and sends it with the invitation", async () => {
    const user = userEvent.setup();
    await openTeam();
    expect(screen.queryByLabelText("First name")).toBeNull(); // staff, the default, need none
    await user.type(screen.getByLabelText("E-mail address"), "dan@example.com");
    await user.selectOptions(screen.getByLabelText("Role"), "driver");
    await user.type(screen.getByLabelText("First name"), " Dan ");
    await user.type(screen.getByLabelText("Last name"), "Driver");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    await screen.findByText("Invitation sent to dan@example.com.");
    expect(invites()).toEqual([
      {
        business_slug: SCHEME,
        email: "dan@example.com",
        role: "driver",
        first_name: "Dan",
        last_name: "Driver",
      },
    ]);
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("");
  });

  it("shows the server's refusal at the name when it is missing", async () => {
    const user = userEvent.setup();
    await openTeam();
    await user.type(screen.getByLabelText("E-mail address"), "dan@example.com");
    await user.selectOptions(screen.getByLabelText("Role"), "driver");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    const field = screen.getByLabelText("First name");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(/Enter the driver's first name/)).toBeTruthy();
  });

  it("sends no name for staff", async () => {
    const user = userEvent.setup();
    await openTeam();
    await user.type(screen.getByLabelText("E-mail address"), "sam@example.com");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    await screen.findByText("Invitation sent to sam@example.com.");
    expect(invites()).toEqual([{ business_slug: SCHEME, email: "sam@example.com", role: "staff" }]);
  });
});
