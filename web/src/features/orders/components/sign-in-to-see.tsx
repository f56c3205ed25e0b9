import { Link, useLocation, useParams } from "react-router";
import { useTranslation } from "@/i18n";
import { paths } from "@/app/paths";

/**
 * An order the current session may not read (its session ended, or a guest
 * session took its place): asks the customer to sign in and come back here,
 * instead of "Not found" (issue 18).
 */
export function SignInToSee() {
  const { t } = useTranslation();
  const { scheme = "" } = useParams();
  const { pathname, search } = useLocation();
  return (
    <div className="order-card order-sign-in" data-testid="order-sign-in">
      <h2 className="order-card__title">{t("orderDetails.signInTitle")}</h2>
      <p className="muted">{t("orderDetails.signInBody")}</p>
      <Link className="button button--primary" to={paths.auth.signIn.getHref(scheme, `${pathname}${search}`)}>
        {t("orderDetails.signInAction")}
      </Link>
    </div>
  );
}
