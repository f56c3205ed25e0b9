import { post } from "@/lib/api/client";
import { selectIsSignedInTo, useAuthStore, type AuthUser } from "@/stores/auth";

/**
 * A session of this scheme for orders/prepare: the one held, else a guest
 * session (auth/guest) made now, so a guest can pay without an account.
 */
export async function ensureSession(businessSlug: string): Promise<void> {
  const state = useAuthStore.getState();
  if (selectIsSignedInTo(businessSlug)(state)) return;
  const { payload } = await post<{ token: string; user: AuthUser }>(
    "auth/guest",
    { data: { business_slug: businessSlug } },
    { token: null },
  );
  useAuthStore.getState().setSession(payload.token, {
    ...payload.user,
    business_slug: (payload.user?.business_slug as string | undefined) || businessSlug,
  });
}
