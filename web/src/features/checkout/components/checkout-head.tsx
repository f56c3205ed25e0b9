import { Link } from "react-router";
import { useTranslation } from "@/i18n";

/** The way back to the menu, the title, and where the order is from. */
export function CheckoutHead({
  menuHref,
  delivery,
  venueName,
}: {
  menuHref: string;
  delivery: boolean;
  venueName: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="co-page__head">
      <Link className="co-back" to={menuHref}>
        ← {t("checkout.backToMenu")}
      </Link>
      <h1 className="page__title">{t("checkout.title")}</h1>
      <p className="muted">
        {t(delivery ? "checkout.deliveryFrom" : "checkout.pickupFrom", { venue: venueName })}
      </p>
    </div>
  );
}
