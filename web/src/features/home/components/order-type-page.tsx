import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { DeliveryIcon, PickupIcon } from "@/components/ui/icons";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { OrderType } from "@/lib/enums";
import { basketCount } from "@/stores/basket";
import { useHomeStore } from "@/stores/home";
import { selectCurrentBasket, useVenueStore } from "@/stores/venue";

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
  const basket = useVenueStore(selectCurrentBasket);
  const offered = new Set(scheme.stores.flatMap((s) => s.order_types));

  function choose(type: OrderType) {
    // SPEC.md §4: changing the order type affects the basket, so ask first.
    if (current !== null && current !== type && basketCount(basket) > 0) {
      if (!window.confirm(t("home.changeOrderTypeWarning"))) return;
    }
    setOrderType(type);
    const slug = scheme.business_slug;
    void navigate(
      type === OrderType.DELIVERY ? paths.home.address.getHref(slug) : paths.home.stores.getHref(slug),
    );
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
    </section>
  );
}
