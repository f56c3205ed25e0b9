import { useMutation } from "@tanstack/react-query";
import { post } from "@/lib/api/client";
import type { SchemeScoped, SessionPayload } from "./session";
import type { EmailInput } from "./verify-code";

/** auth/forgotten-password: {} whether or not the address exists; an account gets a code. */
export async function forgottenPassword(data: EmailInput): Promise<void> {
  await post("auth/forgotten-password", { data }, { token: null });
}

export function useForgottenPassword() {
  return useMutation({ mutationFn: forgottenPassword });
}

export interface ResetPasswordInput extends SchemeScoped {
  email: string;
  code: string;
  password: string;
}

/** auth/reset-password: sets the new password, ends every other session, signs in. */
export async function resetPassword(data: ResetPasswordInput): Promise<SessionPayload> {
  return (await post<SessionPayload>("auth/reset-password", { data }, { token: null })).payload;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
