import { useSyncExternalStore } from "react";

/**
 * A platform admin's session (auth/signin without business_slug): kept apart
 * from the schemes' sessions (stores/auth), since its token is good for
 * platform/* only and never for a scheme.
 */
export interface PlatformSession {
  token: string;
  email: string;
}

const KEY = "platter.platform.session";
const listeners = new Set<() => void>();

function read(): PlatformSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as Partial<PlatformSession>) : null;
    return v && typeof v.token === "string" && typeof v.email === "string"
      ? { token: v.token, email: v.email }
      : null;
  } catch {
    return null;
  }
}

let current = read();

function emit() {
  for (const l of listeners) l();
}

export function setPlatformSession(session: PlatformSession | null) {
  current = session;
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: the session lives as long as the page.
  }
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) {
      current = read();
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function usePlatformSession(): PlatformSession | null {
  return useSyncExternalStore(subscribe, () => current);
}
