import { lazy, Suspense, useState } from "react";
import { useTranslation } from "@/i18n";
import { BasketIcon } from "@/components/ui/icons";
import { useMediaQuery, WIDE_SCREEN } from "@/hooks/use-media-query";
import { formatCurrency } from "@/lib/currency";
import { usePricedBasket } from "../hooks/use-priced-basket";
import { BasketAnnouncer } from "./basket-announcer";
import "./basket.css";

const BasketContents = lazy(async () => ({ default: (await import("./basket-contents")).BasketContents }));
const BasketSheet = lazy(() => import("./basket-sheet"));

/**
 * The basket of the current venue: a side panel on wide screens, a bar that
 * opens a bottom sheet on phones. Its insides load after the menu paints.
 */
export function Basket() {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_SCREEN);
  const model = usePricedBasket();
  const [open, setOpen] = useState(false);
  const count = model.priced?.count ?? 0;

  if (wide) {
    return (
      <section className="basket-panel" aria-labelledby="basket-panel-title" data-testid="basket">
        <h2 id="basket-panel-title" className="basket-panel__title">
          {t("basket.title")}
        </h2>
        <Suspense fallback={null}>
          <BasketContents model={model} />
        </Suspense>
        <BasketAnnouncer priced={model.priced} />
      </section>
    );
  }

  const lines = model.priced?.lines.length ?? 0;
  return (
    <>
      <BasketAnnouncer priced={model.priced} />
      {lines > 0 && (
        <div className="basket-bar">
          <button
            type="button"
            className="basket-bar__button"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
          >
            <span className="basket-bar__count" aria-hidden="true">
              {count}
            </span>
            <span className="basket-bar__label">
              <BasketIcon size={18} />
              {t("basket.view", { count })}
            </span>
            <span className="basket-bar__total">
              {formatCurrency(model.priced?.subtotal ?? 0, model.scheme.currency)}
            </span>
          </button>
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <BasketSheet model={model} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
