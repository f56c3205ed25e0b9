import { post } from "@/lib/api/client";

/** auth/signout revokes the token on the server. */
export async function signOutRemote(token: string): Promise<void> {
  await post("auth/signout", {}, { token });
}
