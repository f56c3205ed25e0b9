import { useMutation } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import type { EmailInput } from "./verify-code";

/** auth/forgotten-password: {} whether or not the address exists; an account gets a code. */
export async function forgottenPassword(data: EmailInput): Promise<void> {
  await call("auth/forgotten-password", { data }, { token: null });
}

export function useForgottenPassword() {
  return useMutation({ mutationFn: forgottenPassword });
}

/** auth/reset-password: sets the new password, ends every other session, signs in. */
export async function resetPassword(data: EmailInput & { code: string; password: string }) {
  return (await call("auth/reset-password", { data }, { token: null })).payload;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
