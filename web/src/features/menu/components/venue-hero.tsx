import { useId } from "react";
import { useTranslation } from "@/i18n";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { CalendarIcon, ClockIcon } from "@/components/ui/icons";
import { ExceptionNotices } from "@/components/ui/exception-notices";
import { OpeningBadge } from "@/components/ui/opening-badge";
import { useOpeningStatus } from "@/hooks/use-opening-status";
import type { Scheme, Store } from "@/lib/api/types";
import { useDeliverable } from "@/lib/api/get-deliverable";
import { formatCurrency } from "@/lib/currency";
import { deliveryTermsText } from "@/lib/delivery-terms";
import { OrderType } from "@/lib/enums";
import { promiseText } from "@/lib/venue-status";
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
  // Each venue's basket keeps its own choice (docs/product.md §3: ASAP by default).
  // A closed or paused venue cannot serve ASAP, so it shows pre-order, but nothing
  // is written: the choice is still ASAP at the next venue, or here once it opens.
  const asap = (basketAsap ?? homeAsap) && status.asap;

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

  // Delivery: the terms for the customer's address once known, else the zones' ("from £1.50").
  const deliveryAddress = useHomeStore((s) => s.delivery_address);
  const at =
    orderType === OrderType.DELIVERY && deliveryAddress?.latitude != null && deliveryAddress.longitude != null
      ? { lat: deliveryAddress.latitude, lng: deliveryAddress.longitude }
      : null;
  const { data: checks } = useDeliverable(scheme.business_slug, venue.delivery.zones ? at : null);
  const terms = deliveryTermsText(
    venue,
    scheme.currency,
    t,
    checks?.find((c) => c.venue_slug === venue.venue_slug),
  );
  const minimum =
    orderType === OrderType.DELIVERY
      ? terms.minimum
      : venue.pickup.minimum > 0
        ? formatCurrency(venue.pickup.minimum, scheme.currency)
        : null;
  const address = [venue.address.line1, venue.address.city].filter(Boolean).join(", ");

  return (
    <section className="venue-hero">
      <div className="container venue-hero__inner">
        <div className="venue-hero__head">
          <h1 className="venue-hero__name">{venue.name}</h1>
          <p className="venue-hero__address">{address}</p>
          {/* The server's iCalendar feed of the hours (a plain link: not a route of the app). */}
          <a
            className="venue-hero__calendar"
            href={`/${encodeURIComponent(scheme.business_slug)}/${encodeURIComponent(venue.venue_slug)}/hours.ics`}
            type="text/calendar"
            data-testid="hours-calendar"
          >
            <CalendarIcon size={16} />
            {t("menu.hoursCalendar")}
          </a>
        </div>
        <ul className="venue-hero__facts">
          <li>
            <OpeningBadge status={status} />
            {!status.open && status.opensAt && <span className="venue-hero__opens">{status.opensAt}</span>}
            {status.pausedUntil && (
              <span className="venue-hero__opens">
                {t("opening.pausedUntil", { time: status.pausedUntil })}
              </span>
            )}
          </li>
          {status.asap && (
            <li>
              <ClockIcon size={16} />
              {promiseText(t, venue, orderType)}
            </li>
          )}
          {minimum && <li>{t("menu.minimumOrder", { amount: minimum })}</li>}
          {orderType === OrderType.DELIVERY && (
            <li data-testid="delivery-terms">
              {terms.freeOver
                ? t("menu.deliveryFeeFreeOver", { fee: terms.fee, amount: terms.freeOver })
                : t("menu.deliveryFee", { fee: terms.fee })}
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
            <label className={`timing__option${status.asap ? "" : " timing__option--disabled"}`}>
              <input
                type="radio"
                name={timingName}
                checked={asap}
                disabled={!status.asap}
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
        <ExceptionNotices store={venue} className="venue-hero__notices" />
        {!status.asap && (
          <p className="venue-hero__closed" role="status">
            {status.pausedUntil
              ? t("menu.pausedNotice", { time: status.pausedUntil })
              : status.opensAt
                ? t("menu.closedNotice", { opensAt: status.opensAt })
                : t("menu.closedNoticeNoTime")}
          </p>
        )}
      </div>
    </section>
  );
}
