import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { useAuthStore } from "@/stores/auth";
import { userInfoQueryOptions } from "./get-user-info";

const anna = { id: 7, email: "anna@example.com", first_name: "Anna", last_name: "Nowak", is_guest: false };

beforeEach(() => useAuthStore.setState({ token: null, user: null, sessions: {} }));
afterEach(() => vi.unstubAllGlobals());

describe("user/info", () => {
  it("records the answer as the session's user, bound to the scheme", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ success: true, data: { ...anna, first_name: "Anne", business_slug: "" } }),
    );
    useAuthStore.setState({ token: "tok-1", user: { ...anna, business_slug: "demo-burgers" } });
    await createQueryClient().fetchQuery(userInfoQueryOptions("demo-burgers", true));
    expect(useAuthStore.getState().user).toMatchObject({ first_name: "Anne", business_slug: "demo-burgers" });
    expect(useAuthStore.getState().token).toBe("tok-1");
  });

  it("does not bring back a user signed out (or replaced) while it was on its way", async () => {
    let answer: ((r: Response) => void) | undefined;
    vi.stubGlobal("fetch", () => new Promise<Response>((resolve) => (answer = resolve)));
    useAuthStore.setState({ token: "tok-1", user: { ...anna, business_slug: "demo-burgers" } });
    const pending = createQueryClient().fetchQuery(userInfoQueryOptions("demo-burgers", true));
    await vi.waitFor(() => expect(answer).toBeDefined());
    useAuthStore.getState().signOut();
    answer!(Response.json({ success: true, data: anna }));
    await pending;
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });

    answer = undefined;
    useAuthStore.setState({ token: "tok-1", user: { ...anna, business_slug: "demo-burgers" } });
    const second = createQueryClient().fetchQuery(userInfoQueryOptions("demo-burgers", true));
    await vi.waitFor(() => expect(answer).toBeDefined());
    useAuthStore.getState().setSession("tok-2", { email: "bob@example.com", business_slug: "demo-burgers" });
    answer!(Response.json({ success: true, data: anna }));
    await second;
    expect(useAuthStore.getState().user).toEqual({ email: "bob@example.com", business_slug: "demo-burgers" });
  });
});
