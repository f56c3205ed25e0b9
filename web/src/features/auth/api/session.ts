import type { AuthUser } from "@/stores/auth";

/** The answer of every call that signs in (auth/signin, verify, reset-password, guest). */
// TODO(accounts): take from the generated OpenAPI types once api/openapi.yaml has the auth calls.
export interface SessionPayload {
  token: string;
  user: AuthUser;
}

/** Every auth call carries the scheme (DESIGN.md §7). */
export interface SchemeScoped {
  business_slug: string;
}
