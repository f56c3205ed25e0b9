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

/** One scheme's session: tokens are scheme-bound (docs/architecture.md §7). */
export interface Session {
  token: string;
  user: AuthUser | null;
}

export interface AuthState {
  /**
   * The session this tab signed in with last, or found at load for the page's
   * scheme: kept for the readers that know no scheme. Who is signed in *to a
   * scheme* is `sessions[scheme]` (selectIsSignedInTo, selectUserOf, tokenOf).
   */
  token: string | null;
  user: AuthUser | null;
  /**
   * Every scheme's session in this browser, by business_slug (issue 18: a
   * manager of two schemes keeps both boards open; signing in to one no
   * longer signs the other out).
   */
  sessions: Record<string, Session>;
  setSession: (token: string, user: AuthUser | null) => void;
  setUser: (user: AuthUser | null) => void;
  /** Signs out of one scheme (by default the session of `token`). */
  signOut: (scheme?: string) => void;
}

export type PersistedAuth = Pick<AuthState, "token" | "user" | "sessions">;

export const AUTH_STORE_VERSION = 2;

/** The scheme of the page the app is on: the first segment of /{scheme}/… (none on the landing page). */
export function pageScheme(): string | undefined {
  if (typeof window === "undefined") return undefined;
  const first = window.location.pathname.split("/")[1];
  if (!first) return undefined;
  try {
    return decodeURIComponent(first);
  } catch {
    return undefined;
  }
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      token: null,
      user: null,
      sessions: {},
      setSession: (token, user) => {
        const scheme = user?.business_slug;
        set({
          token,
          user,
          sessions: scheme ? { ...get().sessions, [scheme]: { token, user } } : get().sessions,
        });
      },
      setUser: (user) => {
        const { token, sessions } = get();
        const scheme = token ? user?.business_slug : undefined;
        set({
          user,
          sessions: scheme && token ? { ...sessions, [scheme]: { token, user } } : sessions,
        });
      },
      signOut: (scheme) => {
        const state = get();
        const which = scheme ?? tokenScheme(state);
        const sessions = { ...state.sessions };
        if (which) delete sessions[which];
        const current = !scheme || tokenScheme(state) === scheme || tokenScheme(state) === undefined;
        set(current ? { token: null, user: null, sessions } : { sessions });
      },
    }),
    {
      name: "auth",
      storage: browserStorage<PersistedAuth>(),
      version: AUTH_STORE_VERSION,
      migrate: (persisted, version) => migrateAuth(persisted, version),
      merge: (persisted, current) => ({ ...current, ...atLoad(migrateAuth(persisted, AUTH_STORE_VERSION)) }),
      partialize: ({ token, user, sessions }) => ({ token, user, sessions }),
    },
  ),
);

// Another tab signed in or out: take its sessions (this tab keeps its own current one).
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== "auth") return;
    const { token, user } = useAuthStore.getState();
    void Promise.resolve(useAuthStore.persist.rehydrate()).then(() => {
      const scheme = token ? user?.business_slug : undefined;
      const mine = scheme ? useAuthStore.getState().sessions[scheme] : undefined;
      if (!scheme) return;
      useAuthStore.setState(mine ? { token: mine.token, user: mine.user } : { token: null, user: null });
    });
  });
}

/** At load, the current session is the page's scheme's (not whichever tab wrote last). */
function atLoad(state: PersistedAuth): PersistedAuth {
  const here = pageScheme();
  const session = here ? state.sessions[here] : undefined;
  return session ? { ...state, token: session.token, user: session.user } : state;
}

export const selectIsSignedIn = (state: AuthState) => state.token !== null;

/** The scheme a held token belongs to (undefined when none is held or it is unknown). */
export function tokenScheme(state: Pick<AuthState, "token" | "user">): string | undefined {
  return state.token ? state.user?.business_slug : undefined;
}

/** This scheme's session: its own, else the current one when it is this scheme's. */
function sessionOf(state: AuthState, scheme: string): Session | undefined {
  const own = state.sessions[scheme];
  if (own) return own;
  return state.token && tokenScheme(state) === scheme ? { token: state.token, user: state.user } : undefined;
}

/** The token of this scheme's session, or null. */
export const tokenOf = (scheme: string) => (state: AuthState) => sessionOf(state, scheme)?.token ?? null;

/**
 * Signed in *to this scheme*: a session of another scheme counts as signed out here
 * (it is kept, so going back to its scheme finds the customer still signed in).
 */
export const selectIsSignedInTo = (scheme: string) => (state: AuthState) => tokenOf(scheme)(state) !== null;

/** The user of this scheme's session, or null (stable reference for selectors). */
export const selectUserOf = (scheme: string) => (state: AuthState) =>
  state.sessions[scheme]?.user ?? (tokenScheme(state) === scheme ? state.user : null);

/**
 * The persisted sessions of any earlier version as the current shape: versions
 * 0 and 1 held one token and user (the user's business_slug naming its scheme
 * from version 1 on); it becomes that scheme's session. A user without a token
 * is no session; a token of an unknown scheme stays the current one only.
 */
export function migrateAuth(persisted: unknown, version: number): PersistedAuth {
  const state = isRecord(persisted) ? persisted : {};
  const token = typeof state.token === "string" && state.token !== "" ? state.token : null;
  const user = token && isRecord(state.user) ? (state.user as AuthUser) : null;
  const sessions: Record<string, Session> = {};
  if (version >= 2 && isRecord(state.sessions)) {
    for (const [scheme, s] of Object.entries(state.sessions)) {
      if (isRecord(s) && typeof s.token === "string" && s.token !== "") {
        sessions[scheme] = { token: s.token, user: isRecord(s.user) ? (s.user as AuthUser) : null };
      }
    }
  }
  const scheme = token ? user?.business_slug : undefined;
  if (token && typeof scheme === "string" && scheme !== "" && !(scheme in sessions)) {
    sessions[scheme] = { token, user };
  }
  return { token, user, sessions };
}
