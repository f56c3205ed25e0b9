import { create } from "zustand";
import { persist } from "zustand/middleware";
import { browserStorage, isRecord } from "./storage";

/**
 * The signed-in user as the server sends it, plus `business_slug`: the scheme the
 * token belongs to (tokens are scheme-bound, docs/architecture.md §7), recorded at sign-in.
 */
export interface AuthUser {
  email?: string;
  first_name?: string;
  last_name?: string;
  is_guest?: boolean;
  business_slug?: string;
  [key: string]: unknown;
}

export interface AuthState {
  token: string | null;
  user: AuthUser | null;
  setSession: (token: string, user: AuthUser | null) => void;
  setUser: (user: AuthUser | null) => void;
  signOut: () => void;
}

export type PersistedAuth = Pick<AuthState, "token" | "user">;

export const AUTH_STORE_VERSION = 1;

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      setSession: (token, user) => set({ token, user }),
      setUser: (user) => set({ user }),
      signOut: () => set({ token: null, user: null }),
    }),
    {
      name: "auth",
      storage: browserStorage<PersistedAuth>(),
      version: AUTH_STORE_VERSION,
      migrate: (persisted, version) => migrateAuth(persisted, version),
      merge: (persisted, current) => ({ ...current, ...migrateAuth(persisted, AUTH_STORE_VERSION) }),
      partialize: ({ token, user }) => ({ token, user }),
    },
  ),
);

export const selectIsSignedIn = (state: AuthState) => state.token !== null;

/** The scheme a held token belongs to (undefined when none is held or it is unknown). */
export function tokenScheme(state: Pick<AuthState, "token" | "user">): string | undefined {
  return state.token ? state.user?.business_slug : undefined;
}

/**
 * Signed in *to this scheme*: a token of another scheme counts as signed out here
 * (it is kept, so going back to its scheme finds the customer still signed in).
 */
export const selectIsSignedInTo = (scheme: string) => (state: AuthState) =>
  state.token !== null && tokenScheme(state) === scheme;

/** The user of this scheme's session, or null (stable reference for selectors). */
export const selectUserOf = (scheme: string) => (state: AuthState) =>
  selectIsSignedInTo(scheme)(state) ? state.user : null;

/**
 * The persisted session of any earlier version as the current shape: version 0
 * had the same token and user. A user without a token is no session.
 */
export function migrateAuth(persisted: unknown, version: number): PersistedAuth {
  void version; // version 0 had the same fields
  const state = isRecord(persisted) ? persisted : {};
  const token = typeof state.token === "string" && state.token !== "" ? state.token : null;
  return { token, user: token && isRecord(state.user) ? (state.user as AuthUser) : null };
}
