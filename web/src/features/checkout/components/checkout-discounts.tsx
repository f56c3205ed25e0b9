import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import type { OfferCard, Pricing, TippingSettings } from "../api/types";
import type { LoyaltyReward } from "../hooks/use-contact-details";
import { OffersSection } from "./offers-section";
import { PromoSection } from "./promo-section";
import { RewardsSection } from "./rewards-section";
import { TipSection, type TipChoice } from "./tip-section";

export interface CheckoutDiscountsProps {
  currency: string;
  pricing: Pricing | undefined;
  promo: {
    applied: string;
    error?: string;
    onApply: (code: string) => void;
    onRemove: () => void;
    onEdit: () => void;
  };
  tip: {
    tipping: TippingSettings;
    choice: TipChoice;
    custom: number;
    error?: string;
    onChoose: (choice: TipChoice) => void;
    onCustom: (tip: number) => void;
  };
  rewards: {
    list: readonly LoyaltyReward[];
    selected: number;
    applied: number;
    onSelect: (id: number) => void;
  };
  offers: {
    list: readonly OfferCard[];
    selected: number;
    applied: number;
    error?: string;
    onSelect: (id: number) => void;
  };
}

/** Promo code, tip, loyalty rewards and offers: what changes the price. */
export function CheckoutDiscounts({
  currency,
  pricing,
  promo,
  tip,
  rewards,
  offers,
}: CheckoutDiscountsProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatCurrency(minor, currency);
  const discount = pricing && pricing.discount > 0 ? money(pricing.discount) : undefined;
  return (
    <>
      <PromoSection
        applied={promo.applied}
        error={promo.error}
        saving={
          promo.applied && discount
            ? t("checkout.promo.applied", { code: promo.applied, amount: discount })
            : undefined
        }
        onApply={promo.onApply}
        onRemove={promo.onRemove}
        onEdit={promo.onEdit}
      />
      {tip.tipping.enabled && (
        <TipSection
          tipping={tip.tipping}
          choice={tip.choice}
          tip={tip.choice.kind === "custom" ? tip.custom : (pricing?.tip ?? 0)}
          currency={currency}
          error={tip.error}
          onChoose={tip.onChoose}
          onCustom={tip.onCustom}
        />
      )}
      <RewardsSection
        rewards={rewards.list}
        selected={rewards.selected}
        applied={rewards.applied}
        saving={
          discount
            ? t("checkout.rewards.saving", {
                title: rewards.list.find((r) => r.id === rewards.selected)?.title ?? "",
                amount: discount,
              })
            : undefined
        }
        onSelect={rewards.onSelect}
      />
      <OffersSection
        offers={offers.list}
        applied={offers.applied}
        selected={offers.selected}
        error={offers.error}
        onSelect={offers.onSelect}
      />
    </>
  );
}
