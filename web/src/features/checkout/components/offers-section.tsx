import { useTranslation } from "@/i18n";
import { OfferButtonKind } from "@/lib/enums";
import type { OfferCard } from "../api/types";
import { Section } from "./field";

interface OffersSectionProps {
  offers: readonly OfferCard[];
  /** The reward the quote applied (-1: none). */
  applied: number;
  /** The reward the customer chose (-1: none). */
  selected: number;
  error?: string;
  onSelect: (rewardId: number) => void;
}

/**
 * Offer cards (docs/product.md §1): AUTO_APPLY ones apply by themselves, CLAIM ones on a
 * tap; each says the scheme's button_text.
 */
export function OffersSection({ offers, applied, selected, error, onSelect }: OffersSectionProps) {
  const { t } = useTranslation();
  if (offers.length === 0) return null;
  return (
    <Section id="co-offers" title={t("checkout.offers.title")}>
      <ul className="co-offers">
        {offers.map((offer) => {
          const isApplied = applied === offer.reward_id;
          const claim = offer.button_kind === OfferButtonKind.CLAIM;
          return (
            <li key={offer.id} className="co-offer" style={{ borderLeftColor: offer.color || undefined }}>
              {offer.image_url && (
                <img className="co-offer__image" src={offer.image_url} alt="" width={48} height={48} />
              )}
              <p className="co-offer__title">{offer.title}</p>
              {claim ? (
                <button
                  type="button"
                  className="button button--ghost co-offer__button"
                  aria-pressed={selected === offer.reward_id}
                  onClick={() => onSelect(selected === offer.reward_id ? -1 : offer.reward_id)}
                >
                  {selected === offer.reward_id ? t("checkout.offers.claimed") : offer.button_text}
                </button>
              ) : (
                <span className="co-offer__status muted small" data-testid="offer-status">
                  {/* The scheme's own words for it (button_text), until the quote applies it. */}
                  {isApplied ? t("checkout.offers.applied") : offer.button_text || t("checkout.offers.auto")}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        // Pay moves focus here when the offer stops the order; the customer can drop the offer at once.
        <div id="co-offer-error" className="co-offer-problem" role="alert" tabIndex={-1}>
          <p className="co-field__error">{error}</p>
          {selected >= 0 && (
            <button type="button" className="button button--ghost" onClick={() => onSelect(-1)}>
              {t("checkout.offers.remove")}
            </button>
          )}
        </div>
      )}
    </Section>
  );
}
