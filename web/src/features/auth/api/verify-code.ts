import { useMutation } from "@tanstack/react-query";
import { call } from "@/lib/api/client";

export interface EmailInput {
  business_slug: string;
  email: string;
}

/** auth/verify: the code from the sign-up mail confirms the account and signs in. */
export async function verifyCode(data: EmailInput & { code: string }) {
  return (await call("auth/verify", { data }, { token: null })).payload;
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}

/** auth/resend-confirmation: {} whether or not the address has an account. */
export async function resendConfirmation(data: EmailInput): Promise<void> {
  await call("auth/resend-confirmation", { data }, { token: null });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
