import { useTranslation } from "@/i18n";
import type { LoyaltyReward } from "../hooks/use-contact-details";
import { Section } from "./field";

interface RewardsSectionProps {
  rewards: readonly LoyaltyReward[];
  /** The loyalty reward chosen (-1: none). */
  selected: number;
  /** The one the quote applied (-1: none). */
  applied: number;
  saving?: string;
  onSelect: (rewardId: number) => void;
}

/**
 * The customer's unlocked loyalty rewards (their stamp card's, user/info): one can
 * be used per order, instead of any offer; the server prices it (the cheapest item
 * free) and spends it only once the order is paid.
 */
export function RewardsSection({ rewards, selected, applied, saving, onSelect }: RewardsSectionProps) {
  const { t } = useTranslation();
  if (rewards.length === 0) return null;
  return (
    <Section id="co-rewards" title={t("checkout.rewards.title")}>
      <p className="muted small">{t("checkout.rewards.hint")}</p>
      <ul className="co-offers">
        {rewards.map((reward) => {
          const chosen = selected === reward.id;
          return (
            <li key={reward.id} className="co-offer">
              <p className="co-offer__title">{reward.title}</p>
              <button
                type="button"
                className="button button--ghost co-offer__button"
                aria-pressed={chosen}
                onClick={() => onSelect(chosen ? -1 : reward.id)}
              >
                {chosen ? t("checkout.rewards.using") : t("checkout.rewards.use")}
              </button>
            </li>
          );
        })}
      </ul>
      {saving && applied === selected && selected >= 0 && (
        <p className="co-reward-saving small" data-testid="checkout-reward-saving">
          {saving}
        </p>
      )}
    </Section>
  );
}
