import { useTranslation } from "@/i18n";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { BasketIcon, BinIcon, MinusIcon, PlusIcon, WarningIcon } from "@/components/ui/icons";
import { OFFLINE_NOTICE_ID } from "@/components/ui/offline-notice";
import { Spinner } from "@/components/ui/spinner";
import { useOnline } from "@/hooks/use-online";
import { formatCurrency } from "@/lib/currency";
import { setLineQty } from "@/stores/basket";
import { useVenueStore } from "@/stores/venue";
import type { BasketModel } from "../hooks/use-priced-basket";

/** Lines, quantities, subtotal, the minimum order and Checkout. */
export function BasketContents({ model }: { model: BasketModel }) {
  const { t } = useTranslation();
  const online = useOnline();
  const navigate = useNavigate();
  const updateBasket = useVenueStore((s) => s.updateBasket);
  const { scheme, priced, minimum, missing } = model;
  const money = (minor: number) => formatCurrency(minor, scheme.currency);

  if (!priced) return <Spinner />;
  if (priced.lines.length === 0) {
    return (
      <div className="basket-empty">
        <span className="basket-empty__icon">
          <BasketIcon size={28} />
        </span>
        <p className="basket-empty__title">{t("basket.empty")}</p>
        <p className="muted small">{t("basket.emptyHint")}</p>
      </div>
    );
  }

  const canCheckout = priced.count > 0 && missing === 0;
  return (
    <div className="basket-contents">
      <ul className="basket-lines">
        {priced.lines.map(({ index, line, item, modifierNames, total, problem }) => {
          const title = item?.title ?? t("basket.unknownItem");
          return (
            <li
              key={index}
              className={`basket-line${problem ? " basket-line--flagged" : ""}`}
              data-testid="basket-line"
            >
              <div className="basket-line__text">
                <p className="basket-line__title">{title}</p>
                {modifierNames.length > 0 && (
                  <p className="basket-line__modifiers">{modifierNames.join(", ")}</p>
                )}
                {problem && (
                  <p className="basket-line__problem">
                    <WarningIcon size={14} />
                    {t(problem === "missing" ? "basket.lineMissing" : "basket.lineUnavailable")}
                  </p>
                )}
                {!problem && (
                  <div
                    className="basket-line__qty"
                    role="group"
                    aria-label={t("basket.quantityOf", { title })}
                  >
                    <button
                      type="button"
                      className="basket-line__step"
                      aria-label={
                        line.qty > 1 ? t("basket.decrease", { title }) : t("basket.remove", { title })
                      }
                      onClick={() => updateBasket((b) => setLineQty(b, index, line.qty - 1))}
                    >
                      {line.qty > 1 ? <MinusIcon size={16} /> : <BinIcon size={16} />}
                    </button>
                    <span className="basket-line__count" data-testid="basket-line-qty">
                      {line.qty}
                    </span>
                    <button
                      type="button"
                      className="basket-line__step"
                      aria-label={t("basket.increase", { title })}
                      onClick={() => updateBasket((b) => setLineQty(b, index, line.qty + 1))}
                    >
                      <PlusIcon size={16} />
                    </button>
                  </div>
                )}
              </div>
              <div className="basket-line__side">
                <span className={`basket-line__price${problem ? " basket-line__price--excluded" : ""}`}>
                  {money(total)}
                </span>
                {problem && (
                  <button
                    type="button"
                    className="basket-line__remove"
                    aria-label={t("basket.remove", { title })}
                    onClick={() => updateBasket((b) => setLineQty(b, index, 0))}
                  >
                    <BinIcon size={16} />
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="basket-totals">
        <dt>{t("basket.subtotal")}</dt>
        <dd data-testid="basket-subtotal">{money(priced.subtotal)}</dd>
      </dl>
      {priced.flagged > 0 && <p className="basket-note basket-note--warn">{t("basket.flaggedNote")}</p>}
      {minimum > 0 && (
        <div className="basket-minimum" data-testid="basket-minimum">
          <p className="basket-note">
            {missing > 0
              ? t("basket.belowMinimum", { minimum: money(minimum), missing: money(missing) })
              : t("basket.minimumReached", { minimum: money(minimum) })}
          </p>
          <div className="basket-minimum__bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, (priced.subtotal / minimum) * 100)}%` }} />
          </div>
        </div>
      )}
      <button
        type="button"
        className="button button--primary basket-checkout"
        // Offline the basket still works (it is local), checkout cannot: the
        // storefront's offline notice says why.
        disabled={!canCheckout || !online}
        aria-describedby={online ? undefined : OFFLINE_NOTICE_ID}
        onClick={() => void navigate(paths.venue.checkout.getHref(scheme.business_slug, model.venueSlug))}
      >
        <span>{t("basket.checkout")}</span>
        <span>{money(priced.subtotal)}</span>
      </button>
    </div>
  );
}
