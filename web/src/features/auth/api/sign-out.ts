import { call } from "@/lib/api/client";

/** auth/signout revokes the token on the server ({} also for a token already invalid). */
export async function signOutRemote(token: string): Promise<void> {
  await call("auth/signout", {}, { token });
}
