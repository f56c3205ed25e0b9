import { useMutation } from "@tanstack/react-query";
import { call } from "@/lib/api/client";

/** auth/signin → {token, user}; a wrong pair is 401 code 2061, an unconfirmed address 2062. */
export async function signIn(data: { business_slug: string; email: string; password: string }) {
  // No stale token: a sign-in starts a new session.
  return (await call("auth/signin", { data }, { token: null })).payload;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
