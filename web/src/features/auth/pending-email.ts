/**
 * The address a code was just sent to, kept for the tab (sessionStorage) so that
 * Verify and ResetPasswordVerify survive a reload; router state comes first.
 */
const KEY = "platter.auth.pendingEmail";

export function rememberPendingEmail(email: string) {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // storage can be unavailable (private mode); the screens then ask for the address
  }
}

export function pendingEmail(state: unknown): string {
  const fromState = typeof state === "object" && state !== null ? (state as { email?: unknown }).email : "";
  if (typeof fromState === "string" && fromState) return fromState;
  try {
    return sessionStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

/** Once signed in, the address is no longer pending. */
export function forgetPendingEmail() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
