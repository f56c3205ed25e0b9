/**
 * The menu route: the menu feature with the basket feature beside it (features
 * do not import each other, so they meet here), and the question to ask when
 * this venue's basket holds items of an order type the venue is not showing.
 */
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { Basket } from "@/features/basket/components/basket";
import { MenuPage } from "@/features/menu/components/menu-page";
import { useCurrentScheme } from "@/hooks/use-current-scheme";
import { useCurrentVenue } from "@/hooks/use-current-venue";
import { useTranslation } from "@/i18n";
import { OrderType } from "@/lib/enums";
import { changeOrderType } from "@/stores/basket";
import { useHomeStore } from "@/stores/home";
import { orderTypeConflict, useVenueStore } from "@/stores/venue";

// Rarely needed: its code loads only when there is something to ask.
const ConfirmDialog = lazy(async () => ({
  default: (await import("@/components/ui/confirm-dialog")).ConfirmDialog,
}));

export function MenuRoute() {
  return (
    <>
      <MenuPage aside={<Basket />} />
      <OrderTypeConflict />
    </>
  );
}

/**
 * The venue does not serve the order type the basket here was filled for (the
 * customer chose delivery, the venue only does pickup, or it stopped): the menu
 * shows what the venue serves, and the basket moves to it only once the
 * customer agrees, since that empties it (docs/product.md §4). Cancel leaves the basket
 * as it is and goes back to the stores.
 */
function OrderTypeConflict() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scheme = useCurrentScheme();
  const venue = useCurrentVenue();
  const chosen = useHomeStore((s) => s.order_type);
  const basket = useVenueStore((s) => s.basket[scheme.business_slug]?.[venue?.venue_slug ?? ""]);
  const updateBasket = useVenueStore((s) => s.updateBasket);
  const target = orderTypeConflict(basket, venue, chosen);
  if (!venue || target === null) return null;

  const only = venue.order_types.length === 1;
  const message = !only
    ? t("home.changeOrderTypeWarning")
    : target === OrderType.PICKUP
      ? t("menu.onlyPickupWarning", { venue: venue.name })
      : t("menu.onlyDeliveryWarning", { venue: venue.name });

  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        title={t("home.changeOrderTypeTitle")}
        message={message}
        confirmLabel={t("home.changeOrderTypeConfirm")}
        onConfirm={() => updateBasket((b) => changeOrderType(b, target))}
        onCancel={() => void navigate(paths.home.stores.getHref(scheme.business_slug))}
      />
    </Suspense>
  );
}
