import type { OfferCard, Pricing, TippingSettings } from "../api/types";
import type { useCheckoutErrors } from "../hooks/use-checkout-errors";
import type { LoyaltyReward } from "../hooks/use-contact-details";
import type { Basket } from "@/stores/basket";
import type { CheckoutDiscountsProps } from "./checkout-discounts";
import type { TipChoice } from "./tip-section";

interface DiscountInputs {
  currency: string;
  pricing: Pricing | undefined;
  detail: Basket["orderDetail"];
  patchDetail: (patch: Partial<Basket["orderDetail"]>) => void;
  errors: Pick<ReturnType<typeof useCheckoutErrors>, "promo" | "promoChanged" | "target">;
  tipping: TippingSettings;
  tipChoice: TipChoice;
  setTipChoice: (choice: TipChoice) => void;
  rewards: readonly LoyaltyReward[];
  offers: readonly OfferCard[];
  choice: {
    loyaltyChoice: number;
    offerChoice: number;
    chooseLoyalty: (id: number) => void;
    chooseOffer: (id: number) => void;
  };
  /** What the last quote applied (-1: none). */
  applied: { loyalty: number; offer: number };
  offerError: string | undefined;
  clearPayError: () => void;
}

/**
 * What the checkout's discounts (promo code, tip, loyalty rewards, offers) show
 * and what each change does to the basket and the errors: the wiring between
 * the checkout's hooks and CheckoutDiscounts.
 */
export function discountProps(input: DiscountInputs): CheckoutDiscountsProps {
  const { detail, patchDetail, errors, choice, pricing } = input;
  const promoChanged = (promocode?: string) => {
    errors.promoChanged();
    if (promocode !== undefined) patchDetail({ promocode });
  };
  return {
    currency: input.currency,
    pricing,
    promo: {
      applied: detail.promocode,
      error: errors.promo,
      onApply: (code) => promoChanged(code),
      onRemove: () => promoChanged(""),
      onEdit: () => promoChanged(),
    },
    tip: {
      tipping: input.tipping,
      choice: input.tipChoice,
      custom: detail.tip,
      error: errors.target("tip"),
      onChoose: (tipChoice) => {
        input.setTipChoice(tipChoice);
        // A chip is a percentage the server works out; "Other" starts from the tip shown now.
        patchDetail({ tip: tipChoice.kind === "custom" ? (pricing?.tip ?? 0) : 0 });
      },
      onCustom: (tip) => patchDetail({ tip }),
    },
    rewards: {
      list: input.rewards,
      selected: choice.loyaltyChoice,
      applied: input.applied.loyalty,
      onSelect: (id) => {
        input.clearPayError();
        choice.chooseLoyalty(id);
      },
    },
    offers: {
      list: input.offers,
      selected: choice.offerChoice,
      applied: input.applied.offer,
      error: input.offerError,
      onSelect: (id) => {
        input.clearPayError();
        choice.chooseOffer(id);
      },
    },
  };
}
