import { useMutation } from "@tanstack/react-query";
import { call } from "@/lib/api/client";

/** auth/guest → a guest session of the scheme ({user: {is_guest: true}}). */
export async function continueAsGuest(data: { business_slug: string }) {
  return (await call("auth/guest", { data }, { token: null })).payload;
}

export function useContinueAsGuest() {
  return useMutation({ mutationFn: continueAsGuest });
}
