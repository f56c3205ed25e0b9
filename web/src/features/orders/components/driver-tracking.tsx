import { lazy, Suspense } from "react";
import { useTranslation } from "@/i18n";
import { useShakeHand } from "@/lib/api/get-shake-hand";
import { distanceKm, formatDistanceKm } from "@/lib/distance";
import type { OrderDetail } from "../api/get-order";

// Leaflet comes only with the map, only while an order is on its way.
const TrackingMap = lazy(() => import("@/components/ui/tracking-map"));

/** The driver's marker and "X.XX KM away" while the order is on its way. */
export function DriverTracking({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const { data: shakeHand } = useShakeHand();
  const maps = shakeHand?.payload.maps;
  const driver = order.driver;
  if (order.status !== "on_the_way" || !driver) return null;
  const address = order.delivery_address as { latitude?: number; longitude?: number } | null;
  const destination =
    address && typeof address.latitude === "number" && typeof address.longitude === "number"
      ? { lat: address.latitude, lng: address.longitude }
      : null;
  const position = driver.lat != null && driver.lng != null ? { lat: driver.lat, lng: driver.lng } : null;
  return (
    <section className="order-card" aria-labelledby="driver-title">
      <h2 className="order-card__title" id="driver-title">
        {t("orderDetails.driverTitle")}
      </h2>
      {driver.name ? <p>{t("orderDetails.driverName", { name: driver.name })}</p> : null}
      {position ? (
        <>
          {destination ? (
            <p className="order-tracking__distance" data-testid="driver-distance">
              {t("distance.away", {
                distance: formatDistanceKm(distanceKm(position, destination), i18n.language),
              })}
            </p>
          ) : null}
          <Suspense fallback={<div className="tracking-map tracking-map--loading" />}>
            <TrackingMap
              driver={position}
              destination={destination}
              tileUrl={maps?.tile_url ?? ""}
              attribution={maps?.attribution ?? ""}
              label={t("orderDetails.mapLabel")}
              driverLabel={t("orderDetails.driverMarker")}
              destinationLabel={t("orderDetails.destinationMarker")}
            />
          </Suspense>
        </>
      ) : (
        <p className="muted">{t("orderDetails.driverNoPosition")}</p>
      )}
    </section>
  );
}
