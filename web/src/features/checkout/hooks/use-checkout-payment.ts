import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { userInfoKey } from "@/lib/api/get-user-info";
import { useVenueStore } from "@/stores/venue";
import { redirectReturnUrl } from "../lib/redirect-return";
import { focusFirst } from "./use-checkout-submit";
import { usePay } from "./use-pay";
import { useRedirectFailure } from "./use-redirect-failure";

/**
 * How an order gets paid from this checkout: Pay's attempt (usePay) and what
 * follows a payment (the basket emptied, user/info read again when a loyalty
 * reward was spent, the order's page), the URL a method that leaves the page
 * comes back to (redirect-return.ts), and the message when it came back unpaid.
 */
export function useCheckoutPayment(slug: string, venueSlug: string, spendsReward: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resetBasket = useVenueStore((s) => s.resetBasket);
  const pay = usePay(slug, (prepared) => {
    // The basket is emptied only now that the payment went through.
    resetBasket({ keepContact: true });
    if (spendsReward) void queryClient.invalidateQueries({ queryKey: userInfoKey(slug) });
    void navigate(paths.venue.orderDetails.getHref(slug, venueSlug, prepared.order.id), {
      state: { order: prepared.order },
    });
  });
  const returnUrl = useCallback(
    (orderId: number) =>
      redirectReturnUrl(paths.venue.checkout.getHref(slug, venueSlug), orderId, window.location.origin),
    [slug, venueSlug],
  );
  const redirectFailure = useRedirectFailure(() => focusFirst(["co-pay-error"]));
  return { pay, returnUrl, redirectFailure };
}
