/**
 * The address a code was just sent to, kept for the tab (sessionStorage) so that
 * Verify and ResetPasswordVerify survive a reload; router state comes first, then
 * the `?email=` of the link in the mail (opened in another tab or browser).
 */
const KEY = "platter.auth.pendingEmail";

export function rememberPendingEmail(email: string) {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // storage can be unavailable (private mode); the screens then ask for the address
  }
}

/** The `email` of a mail's link ("?email=anna%40example.com"), trimmed; "" without one. */
export function emailFromLink(search: string): string {
  const email = new URLSearchParams(search).get("email")?.trim() ?? "";
  const control = [...email].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return email.length <= 254 && !control ? email : "";
}

export function pendingEmail(state: unknown, search = ""): string {
  const fromState = typeof state === "object" && state !== null ? (state as { email?: unknown }).email : "";
  if (typeof fromState === "string" && fromState) return fromState;
  const fromLink = emailFromLink(search);
  if (fromLink) return fromLink;
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
