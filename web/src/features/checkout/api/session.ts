import { call } from "@/lib/api/client";
import { selectIsSignedInTo, useAuthStore } from "@/stores/auth";

/** The guest session being made, so that calls in flight together share one. */
let pending: Promise<void> | null = null;

/**
 * A session of this scheme for orders/quote and orders/prepare: the one held,
 * else a guest session (auth/guest) made now, so a guest can pay without an account.
 */
export async function ensureSession(businessSlug: string): Promise<void> {
  if (selectIsSignedInTo(businessSlug)(useAuthStore.getState())) return;
  pending ??= (async () => {
    const { payload } = await call("auth/guest", { data: { business_slug: businessSlug } }, { token: null });
    useAuthStore.getState().setSession(payload.token, {
      ...payload.user,
      business_slug: (payload.user?.business_slug as string | undefined) || businessSlug,
    });
  })().finally(() => {
    pending = null;
  });
  return pending;
}
