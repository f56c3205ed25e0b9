import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "@/i18n";
import { readRedirectReturn, withoutRedirectReturn } from "../lib/redirect-return";

/**
 * Back on the checkout from a payment method that redirects and did not pay
 * (the customer cancelled on the bank's page, BLIK was refused): the basket is
 * still there, and this says why the customer is here again. The return's
 * parameters leave the URL at once, so a reload does not say it again; the
 * message stays until the next Pay. (A paid return never gets here: the
 * route's loader empties the basket and shows the order.)
 */
export function useRedirectFailure(onShown: () => void) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [failed, setFailed] = useState(() => readRedirectReturn(params)?.paid === false);
  const returned = readRedirectReturn(params) !== null;
  useEffect(() => {
    if (!returned) return;
    setParams((current) => withoutRedirectReturn(current), { replace: true });
  }, [returned, setParams]);
  useEffect(() => {
    if (failed) onShown();
    // Once, for the return this page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { message: failed ? t("checkout.stripe.returnFailed") : undefined, dismiss: () => setFailed(false) };
}
