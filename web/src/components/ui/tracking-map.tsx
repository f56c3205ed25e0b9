import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import "./tracking-map.css";

export interface TrackingMapProps {
  /** The driver's position. */
  driver: { lat: number; lng: number };
  /** Where the order goes, when known. */
  destination?: { lat: number; lng: number } | null;
  /** From general/shake-hand maps; without tiles the markers still show. */
  tileUrl: string;
  attribution: string;
  label: string;
  driverLabel: string;
  destinationLabel: string;
}

const icon = (className: string, colour: string) =>
  L.divIcon({
    className,
    html: `<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="${colour}" stroke="#fff" stroke-width="3"/></svg>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });

/**
 * A map with the driver's marker (and the destination's). Lazy-loaded by its
 * callers (`lazy(() => import("@/components/ui/tracking-map"))`): Leaflet is
 * never in a page's first load. The marker moves in place when the driver's
 * position changes; its position is on the element as data-driver-lat/lng.
 */
export default function TrackingMap({
  driver,
  destination,
  tileUrl,
  attribution,
  label,
  driverLabel,
  destinationLabel,
}: TrackingMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const start = useRef(driver);
  const goal = useRef(destination);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = L.map(element, {
      center: [start.current.lat, start.current.lng],
      zoom: 14,
      keyboard: true,
    });
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(created);
    else if (attribution) created.attributionControl.addAttribution(attribution);
    marker.current = L.marker([start.current.lat, start.current.lng], {
      icon: icon("tracking-map__driver", "currentColor"),
      title: driverLabel,
      alt: driverLabel,
      keyboard: false,
    }).addTo(created);
    if (goal.current) {
      L.marker([goal.current.lat, goal.current.lng], {
        icon: icon("tracking-map__destination", "#555"),
        title: destinationLabel,
        alt: destinationLabel,
        keyboard: false,
      }).addTo(created);
      created.fitBounds(
        L.latLngBounds([start.current.lat, start.current.lng], [goal.current.lat, goal.current.lng]),
        { padding: [40, 40], maxZoom: 16 },
      );
    }
    map.current = created;
    const resize = setTimeout(() => created.invalidateSize(), 0);
    return () => {
      clearTimeout(resize);
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tileUrl, attribution, driverLabel, destinationLabel]);

  useEffect(() => {
    const element = container.current;
    if (element) {
      element.dataset.driverLat = driver.lat.toFixed(6);
      element.dataset.driverLng = driver.lng.toFixed(6);
    }
    marker.current?.setLatLng([driver.lat, driver.lng]);
    if (map.current && !map.current.getBounds().contains([driver.lat, driver.lng])) {
      map.current.panTo([driver.lat, driver.lng]);
    }
  }, [driver.lat, driver.lng]);

  return (
    <div
      ref={container}
      className="tracking-map"
      role="region"
      aria-label={label}
      data-testid="tracking-map"
    />
  );
}
