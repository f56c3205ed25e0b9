import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useAuthStore } from "@/stores/auth";
import type { SessionPayload } from "../api/session";
import { forgetPendingEmail } from "../pending-email";
import { useAuthTarget } from "./use-auth-target";

/** Query keys whose data belongs to one customer: dropped whenever the session changes. */
const PER_USER_KEYS = new Set(["user", "addresses", "orders"]);

export function dropUserQueries(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (query) => PER_USER_KEYS.has(String(query.queryKey[0])),
  });
}

/**
 * Stores a new session (bound to this scheme) and goes back where the customer
 * came from, or to the scheme's home.
 */
export function useCompleteSignIn() {
  const { scheme, target } = useAuthTarget();
  const setSession = useAuthStore((s) => s.setSession);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (session: SessionPayload) => {
    setSession(session.token, { ...session.user, business_slug: session.user.business_slug || scheme });
    dropUserQueries(queryClient);
    forgetPendingEmail();
    void navigate(target, { replace: true });
  };
}
