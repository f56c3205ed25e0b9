import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { BasketIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { useCurrentVenue } from "@/hooks/use-current-venue";
import { useVenueStore } from "@/stores/venue";
import { CheckoutView } from "./checkout-view";
import "./checkout.css";

export interface AddressDialogProps {
  open: boolean;
  onClose: () => void;
}

interface CheckoutPageProps {
  /** The order-address dialog of the address feature, wired in by the app (features do not import each other). */
  renderAddressDialog?: (props: AddressDialogProps) => ReactNode;
}

/** CheckoutPage (/{scheme}/{venue}/checkout, docs/product.md §2). */
export function CheckoutPage({ renderAddressDialog }: CheckoutPageProps) {
  const { t } = useTranslation();
  const scheme = useCurrentScheme();
  const venue = useCurrentVenue();
  const basket = useVenueStore((s) =>
    venue && s.currentVenue?.venue_slug === venue.venue_slug
      ? s.basket[scheme.business_slug]?.[venue.venue_slug]
      : undefined,
  );
  if (!venue) return <NotFoundPage homeHref={paths.home.root.getHref(scheme.business_slug)} />;
  // The route loader makes the venue current (with its basket) before this renders;
  // the spinner only covers a store changed under the page (another tab).
  if (!basket) return <Spinner />;
  const menuHref = paths.venue.menu.getHref(scheme.business_slug, venue.venue_slug);
  if (basket.items.length === 0) {
    return (
      <section className="page page--narrow co-empty-page">
        <span className="co-empty-page__icon" aria-hidden="true">
          <BasketIcon size={32} />
        </span>
        <h1 className="page__title">{t("checkout.title")}</h1>
        <p className="muted">{t("checkout.emptyBasket")}</p>
        <Link className="button button--primary" to={menuHref}>
          {t("checkout.backToMenu")}
        </Link>
      </section>
    );
  }
  return (
    <CheckoutView
      scheme={scheme}
      venue={venue}
      basket={basket}
      menuHref={menuHref}
      renderAddressDialog={renderAddressDialog}
    />
  );
}
