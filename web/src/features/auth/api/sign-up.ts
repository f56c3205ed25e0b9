import { useMutation } from "@tanstack/react-query";
import { post } from "@/lib/api/client";
import type { SchemeScoped } from "./session";

export interface SignUpInput extends SchemeScoped {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  /** Country code plus number, e.g. "+447911123456". */
  contact_number: string;
}

export interface SignUpPayload {
  email: string;
  verification_required: boolean;
}

/** auth/signup: a 6-digit code is e-mailed; the same answer for a known address. */
export async function signUp(data: SignUpInput): Promise<SignUpPayload> {
  return (await post<SignUpPayload>("auth/signup", { data }, { token: null })).payload;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
