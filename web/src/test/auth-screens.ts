/** The auth screens' tests' world (auth-screens*.test.tsx): a fetch stub that records every call, a user. */
import { screen } from "@testing-library/react";
import { vi } from "vitest";
import i18n from "@/i18n";
import { useAuthStore } from "@/stores/auth";
import { useGeneralStore } from "@/stores/general";
import { burgersScheme } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";

export type Answer = { status?: number; body: unknown };
export type Handler = (data: Record<string, unknown>) => Answer;

export const calls: Array<{ path: string; body: Record<string, unknown>; auth: string | null }> = [];

/** A fetch stub: venue/info for demo-burgers plus the given handlers; records every call. */
export function stubApi(handlers: Record<string, Handler> = {}) {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/v3\//, "");
    const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
    calls.push({ path, body, auth: new Headers(init?.headers).get("Authorization") });
    if (path === "venue/info") {
      return Response.json({ success: true, data: burgersScheme, lastUpdatedTime: "t" });
    }
    const handler = handlers[path];
    if (!handler) return Response.json({ success: false, code: 1404, message: "Not found" }, { status: 404 });
    const answer = handler((body.data ?? body.filter ?? {}) as Record<string, unknown>);
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
}

export const user = (over: Record<string, unknown> = {}) => ({
  id: 7,
  email: "anna@example.com",
  first_name: "Anna",
  last_name: "Nowak",
  contact_number: "+447911123456",
  is_guest: false,
  business_slug: "demo-burgers",
  roles: [],
  stamps: { balance: 0, per_reward: 8 },
  rewards: [],
  ...over,
});

export const session = (over: Record<string, unknown> = {}) => ({
  status: 200,
  body: { success: true, data: { token: "tok-1", user: user(over) } },
});

/** Each test starts signed out, in English, with no calls recorded. */
export async function resetAuth() {
  calls.length = 0;
  useGeneralStore.setState({ language: "en-US" });
  useAuthStore.setState({ token: null, user: null, sessions: {} });
  sessionStorage.clear();
  await i18n.changeLanguage("en-US");
}

export async function openSignIn(path = "/demo-burgers/auth/sign-in") {
  const view = renderRoute(path);
  await screen.findByRole("heading", { name: "Sign in", level: 1 });
  return view;
}
