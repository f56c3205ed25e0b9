import { create } from "zustand";
import { persist } from "zustand/middleware";
import { browserStorage } from "./storage";

/** The signed-in user as the server sends it; only `email` is read by the storefront so far. */
export interface AuthUser {
  email?: string;
  is_guest?: boolean;
  [key: string]: unknown;
}

export interface AuthState {
  token: string | null;
  user: AuthUser | null;
  setSession: (token: string, user: AuthUser | null) => void;
  setUser: (user: AuthUser | null) => void;
  signOut: () => void;
}

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
      storage: browserStorage,
      partialize: ({ token, user }) => ({ token, user }),
    },
  ),
);

export const selectIsSignedIn = (state: AuthState) => state.token !== null;
