import type { AuthUser } from "@/stores/auth";

/** What the header calls the customer: their name, else their e-mail; "Guest" for guests. */
export function accountLabel(user: AuthUser, guest: string): string {
  if (user.is_guest) return guest;
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return name || user.email || guest;
}
