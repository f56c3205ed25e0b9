import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { userInfoQueryOptions, type UserInfo } from "@/lib/api/get-user-info";
import { selectUserOf, useAuthStore } from "@/stores/auth";
import { useVenueStore } from "@/stores/venue";
import type { ContactValues } from "../lib/validation";

/** An unlocked loyalty reward still to use (docs/architecture.md §4c: every stamps_per_reward stamps). */
export type LoyaltyReward = Pick<UserInfo["rewards"][number], "id" | "title">;

/**
 * The customer's details: what this basket already holds, else the signed-in
 * customer's (prefilled, still editable). E-mail and phone are kept in the
 * basket's order detail (docs/product.md §3), so they survive a trip to sign in.
 */
export function useContactDetails(businessSlug: string) {
  const user = useAuthStore(selectUserOf(businessSlug));
  const signedIn = user !== null && user.is_guest !== true;
  const info = useQuery(userInfoQueryOptions(businessSlug, signedIn));
  const updateBasket = useVenueStore((s) => s.updateBasket);
  const detail = useVenueStore((s) => {
    const venue = s.currentVenue?.venue_slug;
    return venue ? s.basket[businessSlug]?.[venue]?.orderDetail : undefined;
  });

  const [values, setValues] = useState<ContactValues>(() => ({
    first_name: signedIn ? (user?.first_name ?? "") : "",
    last_name: signedIn ? (user?.last_name ?? "") : "",
    email: detail?.user_email || (signedIn ? (user?.email ?? "") : ""),
    phone: detail?.user_contact_number ?? "",
  }));

  // The account's details arrive after the first render: they fill what is still empty, once.
  const from = signedIn ? info.data : undefined;
  const [filledFrom, setFilledFrom] = useState<UserInfo | undefined>(undefined);
  if (from && from !== filledFrom) {
    setFilledFrom(from);
    setValues((v) => ({
      first_name: v.first_name || from.first_name || "",
      last_name: v.last_name || from.last_name || "",
      email: v.email || from.email || "",
      phone: v.phone || from.contact_number || "",
    }));
  }

  function change(patch: Partial<ContactValues>) {
    setValues((v) => ({ ...v, ...patch }));
    if (patch.email !== undefined || patch.phone !== undefined) {
      updateBasket((b) => ({
        ...b,
        orderDetail: {
          ...b.orderDetail,
          user_email: patch.email ?? b.orderDetail.user_email,
          user_contact_number: patch.phone ?? b.orderDetail.user_contact_number,
        },
      }));
    }
  }

  return {
    values,
    change,
    signedIn,
    signedInEmail: (user?.email as string | undefined) ?? "",
    rewards: (signedIn ? info.data?.rewards : undefined) ?? [],
  };
}
