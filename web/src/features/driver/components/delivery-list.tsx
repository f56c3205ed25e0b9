import { useState } from "react";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { selectUserOf, useAuthStore } from "@/stores/auth";
import { openDeliveries, sendLocation, useDeliveries, useDeliveryWake } from "../api/deliveries";
import { useShareLocation } from "../lib/share-location";
import { DeliveryCard } from "./delivery-card";

/** The signed-in driver's open deliveries; shares the position while one is on its way. */
export function DeliveryList({ scheme, brand }: { scheme: string; brand: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const email = useAuthStore(selectUserOf(scheme))?.email ?? "";
  const query = useDeliveries(scheme, true);
  // Live: an order the board assigns shows at once (not a driver here: the list says so, the wait ends).
  useDeliveryWake(scheme, true);
  const open = openDeliveries(query.data ?? []);
  const onTheWay = open.filter((o) => o.status === "on_the_way").map((o) => o.id);
  const [locationError, setLocationError] = useState<"denied" | "failed" | null>(null);

  // The latest list's orders on their way get each position (the hook keeps the latest send).
  const send = async (lat: number, lng: number) => {
    await Promise.all(onTheWay.map((id) => sendLocation(scheme, id, lat, lng)));
    setLocationError(null);
  };
  useShareLocation(onTheWay.length > 0, send, (error) => {
    const denied =
      typeof GeolocationPositionError !== "undefined" && error instanceof GeolocationPositionError;
    setLocationError(denied && error.code === error.PERMISSION_DENIED ? "denied" : "failed");
  });

  if (query.isPending) return <p className="muted">{t("common.loading")}</p>;
  if (query.isError) {
    const notDriver = isApiError(query.error) && query.error.code === 1403;
    return (
      <p role="alert" className="alert alert--error">
        {notDriver ? t("driverApp.notDriver", { email, brand }) : errorMessage(query.error)}
      </p>
    );
  }
  return (
    <section aria-labelledby="driver-title" className="driver-list">
      <h1 id="driver-title" className="driver-page__title">
        {t("driverApp.title")}
      </h1>
      <p className="muted" aria-live="polite">
        {open.length === 0 ? t("driverApp.none") : t("driverApp.count", { count: open.length })}
      </p>
      {onTheWay.length > 0 ? (
        <p className={locationError ? "alert alert--error" : "driver-sharing"} role="status">
          {locationError === "denied"
            ? t("driverApp.locationDenied")
            : locationError === "failed"
              ? t("driverApp.locationFailed")
              : t("driverApp.sharing")}
        </p>
      ) : null}
      <ul className="driver-list__items">
        {open.map((order) => (
          <li key={order.id}>
            <DeliveryCard scheme={scheme} order={order} />
          </li>
        ))}
      </ul>
    </section>
  );
}
