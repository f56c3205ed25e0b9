import { useMutation } from "@tanstack/react-query";
import { call } from "@/lib/api/client";

export interface SignUpInput {
  business_slug: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  /** Country code plus number, e.g. "+447911123456". */
  contact_number: string;
}

/** auth/signup: a 6-digit code is e-mailed; the same answer for a known address. */
export async function signUp(data: SignUpInput) {
  return (await call("auth/signup", { data }, { token: null })).payload;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
