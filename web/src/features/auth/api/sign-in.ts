import { useMutation } from "@tanstack/react-query";
import { post } from "@/lib/api/client";
import type { SchemeScoped, SessionPayload } from "./session";

export interface SignInInput extends SchemeScoped {
  email: string;
  password: string;
}

/** auth/signin → {token, user}; a wrong pair is 401 code 2061, an unconfirmed address 2062. */
export async function signIn(data: SignInInput): Promise<SessionPayload> {
  // No stale token: a sign-in starts a new session.
  return (await post<SessionPayload>("auth/signin", { data }, { token: null })).payload;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
