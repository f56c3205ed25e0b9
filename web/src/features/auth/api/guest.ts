import { useMutation } from "@tanstack/react-query";
import { post } from "@/lib/api/client";
import type { SchemeScoped, SessionPayload } from "./session";

/** auth/guest → a guest session of the scheme ({user: {is_guest: true}}). */
export async function continueAsGuest(data: SchemeScoped): Promise<SessionPayload> {
  return (await post<SessionPayload>("auth/guest", { data }, { token: null })).payload;
}

export function useContinueAsGuest() {
  return useMutation({ mutationFn: continueAsGuest });
}
