import { useState } from "react";
import { useTranslation } from "@/i18n";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DeliveryIcon, PickupIcon } from "@/components/ui/icons";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { OrderType } from "@/lib/enums";
import { typeChangeEmptiesBasket } from "@/stores/basket";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";
import { nextStepHref } from "../lib/next-step";

const OPTIONS = [
  {
    type: OrderType.DELIVERY,
    labelKey: "orderType.delivery",
    hintKey: "home.deliveryHint",
    Icon: DeliveryIcon,
  },
  { type: OrderType.PICKUP, labelKey: "orderType.pickup", hintKey: "home.pickupHint", Icon: PickupIcon },
] as const;

/** Step one: delivery or pickup (only what at least one store offers). */
export function OrderTypePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scheme = useCurrentScheme();
  const current = useHomeStore((s) => s.order_type);
  const setOrderType = useHomeStore((s) => s.setOrderType);
  const changeOrderType = useVenueStore((s) => s.changeOrderType);
  const baskets = useVenueStore((s) => s.basket[scheme.business_slug]);
  const [pending, setPending] = useState<OrderType | null>(null);
  const offered = new Set(scheme.stores.flatMap((s) => s.order_types));

  function apply(type: OrderType) {
    setPending(null);
    setOrderType(type);
    changeOrderType(type);
    void navigate(nextStepHref(scheme, type));
  }

  function choose(type: OrderType) {
    if (typeChangeEmptiesBasket(baskets, type)) setPending(type);
    else apply(type);
  }

  return (
    <section className="page">
      <h1 className="page__title">{t("home.orderTypeTitle")}</h1>
      <div className="choice-grid">
        {OPTIONS.filter((o) => offered.has(o.type)).map((option) => (
          <button
            key={option.type}
            type="button"
            className="choice-card"
            aria-pressed={current === option.type}
            onClick={() => choose(option.type)}
          >
            <span className="choice-card__icon">
              <option.Icon />
            </span>
            <span className="choice-card__label">{t(option.labelKey)}</span>
            <span className="choice-card__hint">{t(option.hintKey)}</span>
          </button>
        ))}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={t("home.changeOrderTypeTitle")}
        message={t("home.changeOrderTypeWarning")}
        confirmLabel={t("home.changeOrderTypeConfirm")}
        onConfirm={() => pending !== null && apply(pending)}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
