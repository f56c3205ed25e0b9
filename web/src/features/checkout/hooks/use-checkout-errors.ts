import { useEffect, useState } from "react";
import type { ErrorTarget } from "../lib/errors";
import type { CheckoutField } from "../lib/validation";
import type { PayError } from "./use-pay";

interface Sources {
  /** The quote's refusals, by place on the page. */
  problems: Partial<Record<ErrorTarget, string>>;
  /** The last Pay's failure, and how to forget it. */
  payError: PayError | null;
  clearPayError: () => void;
  /** The promo code in the basket, and how to take it out. */
  promocode: string;
  dropPromocode: () => void;
}

/**
 * Every error of the checkout, each shown where it belongs, and each gone once
 * its cause is: a field's own (Pay's checks, docs/product.md §5: on demand) when the
 * customer changes that field, a promo code's reason when the code is edited —
 * not only at the next Pay ("Card number is required" under a filled field,
 * "You have already used this promo code." under an empty one, before).
 */
export function useCheckoutErrors({ problems, payError, clearPayError, promocode, dropPromocode }: Sources) {
  const [fields, setFields] = useState<Partial<Record<CheckoutField, string>>>({});
  const [promoError, setPromoError] = useState<string | undefined>();

  // A refused promo code: its reason stays under the field, and the figures come back without it.
  const refusal = promocode ? problems.promo : undefined;
  if (refusal && refusal !== promoError) setPromoError(refusal);
  useEffect(() => {
    if (refusal) dropPromocode();
  }, [refusal, dropPromocode]);

  const target = (place: ErrorTarget) =>
    (payError?.target === place ? payError.message : undefined) ?? problems[place];

  return {
    fields,
    setFields,
    target,
    // The quote's refusal of a code no longer in the basket is stale (the next quote drops it).
    promo: promoError ?? (payError?.target === "promo" ? payError.message : refusal),
    setPromoError,
    /** The customer changed these fields: their errors go. */
    changed(names: readonly CheckoutField[]) {
      if (names.some((n) => fields[n])) {
        setFields((f) =>
          Object.fromEntries(Object.entries(f).filter(([n]) => !names.includes(n as CheckoutField))),
        );
      }
      if (payError?.target === "email" && names.includes("email")) clearPayError();
    },
    /** The promo code was edited, applied or removed: the old code's reason goes. */
    promoChanged() {
      setPromoError(undefined);
      if (payError?.target === "promo") clearPayError();
    },
  };
}
