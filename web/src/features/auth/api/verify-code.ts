import { useMutation } from "@tanstack/react-query";
import { post } from "@/lib/api/client";
import type { SchemeScoped, SessionPayload } from "./session";

export interface VerifyInput extends SchemeScoped {
  email: string;
  code: string;
}

/** auth/verify: the code from the sign-up mail confirms the account and signs in. */
export async function verifyCode(data: VerifyInput): Promise<SessionPayload> {
  return (await post<SessionPayload>("auth/verify", { data }, { token: null })).payload;
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}

export interface EmailInput extends SchemeScoped {
  email: string;
}

/** auth/resend-confirmation: {} whether or not the address has an account. */
export async function resendConfirmation(data: EmailInput): Promise<void> {
  await post("auth/resend-confirmation", { data }, { token: null });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
