import { useId } from "react";
import { useTranslation } from "@/i18n";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ClockIcon } from "@/components/ui/icons";
import { useOpeningStatus } from "@/hooks/use-opening-status";
import type { Scheme, Store } from "@/lib/api/types";
import { formatCurrency } from "@/lib/currency";
import { OrderType } from "@/lib/enums";
import { useHomeStore } from "@/stores/home";
import { useVenueStore } from "@/stores/venue";

interface VenueHeroProps {
  scheme: Scheme;
  venue: Store;
  orderType: OrderType;
}

/** The venue's name, open or closed, order type, minimum, and ASAP or pre-order. */
export function VenueHero({ scheme, venue, orderType }: VenueHeroProps) {
  const { t } = useTranslation();
  const status = useOpeningStatus(venue);
  const homeAsap = useHomeStore((s) => s.is_asap);
  const setHomeTiming = useHomeStore((s) => s.setTiming);
  const updateBasket = useVenueStore((s) => s.updateBasket);
  const basketAsap = useVenueStore(
    (s) => s.basket[scheme.business_slug]?.[venue.venue_slug]?.orderDetail.is_asap,
  );
  const timingName = useId();
  // Each venue's basket keeps its own choice (SPEC.md §3: ASAP by default).
  // A closed venue cannot serve ASAP, so it shows pre-order, but nothing is
  // written: the choice is still ASAP at the next venue, or here once it opens.
  const asap = (basketAsap ?? homeAsap) && status.open;

  function setTiming(isAsap: boolean) {
    setHomeTiming(isAsap, null);
    updateBasket((b) => ({
      ...b,
      orderDetail: {
        ...b.orderDetail,
        is_asap: isAsap,
        preorder_for: isAsap ? null : b.orderDetail.preorder_for,
      },
    }));
  }

  const minimum = orderType === OrderType.DELIVERY ? venue.delivery.minimum : venue.pickup.minimum;
  const address = [venue.address.line1, venue.address.city].filter(Boolean).join(", ");

  return (
    <section className="venue-hero">
      <div className="container venue-hero__inner">
        <div className="venue-hero__head">
          <h1 className="venue-hero__name">{venue.name}</h1>
          <p className="venue-hero__address">{address}</p>
        </div>
        <ul className="venue-hero__facts">
          <li>
            <span className={status.open ? "badge badge--open" : "badge badge--closed"}>
              {status.open ? t("home.open") : t("home.closed")}
            </span>
            {!status.open && status.opensAt && <span className="venue-hero__opens">{status.opensAt}</span>}
          </li>
          <li>
            <ClockIcon size={16} />
            {t(orderType === OrderType.DELIVERY ? "menu.deliveryTime" : "menu.pickupTime", {
              // Busy minutes lengthen every promise while the kitchen is busy (DESIGN.md §9).
              minutes:
                venue.prep_minutes +
                venue.busy_minutes +
                (orderType === OrderType.DELIVERY ? venue.delivery_minutes : 0),
            })}
          </li>
          {minimum > 0 && (
            <li>{t("menu.minimumOrder", { amount: formatCurrency(minimum, scheme.currency) })}</li>
          )}
          {orderType === OrderType.DELIVERY && (
            <li>
              {venue.delivery.free_over > 0
                ? t("menu.deliveryFeeFreeOver", {
                    fee: formatCurrency(venue.delivery.fee, scheme.currency),
                    amount: formatCurrency(venue.delivery.free_over, scheme.currency),
                  })
                : t("menu.deliveryFee", { fee: formatCurrency(venue.delivery.fee, scheme.currency) })}
            </li>
          )}
        </ul>
        <div className="venue-hero__order">
          <p className="venue-hero__type">
            <strong>{t(orderType === OrderType.DELIVERY ? "orderType.delivery" : "orderType.pickup")}</strong>{" "}
            <Link to={paths.home.root.getHref(scheme.business_slug)} className="venue-hero__change">
              {t("home.change")}
            </Link>
          </p>
          <fieldset className="timing">
            <legend className="visually-hidden">{t("menu.timingLegend")}</legend>
            <label className={`timing__option${status.open ? "" : " timing__option--disabled"}`}>
              <input
                type="radio"
                name={timingName}
                checked={asap}
                disabled={!status.open}
                onChange={() => setTiming(true)}
              />
              <span>{t("menu.asap")}</span>
            </label>
            <label className="timing__option">
              <input type="radio" name={timingName} checked={!asap} onChange={() => setTiming(false)} />
              <span>{t("menu.preorder")}</span>
            </label>
          </fieldset>
        </div>
        {!status.open && (
          <p className="venue-hero__closed" role="status">
            {status.opensAt
              ? t("menu.closedNotice", { opensAt: status.opensAt })
              : t("menu.closedNoticeNoTime")}
          </p>
        )}
      </div>
    </section>
  );
}
