import type { components } from "@/lib/api/schema";

/** The answer of every call that signs in (auth/signin, verify, reset-password, guest). */
export type SessionPayload = components["schemas"]["SessionResult"];
export type ApiUser = components["schemas"]["User"];
