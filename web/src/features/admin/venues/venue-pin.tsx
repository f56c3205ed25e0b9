import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";

interface VenuePinProps {
  lat: number;
  lng: number;
  onChange: (lat: number, lng: number) => void;
  tileUrl: string;
  attribution: string;
  label: string;
}

const pinIcon = L.divIcon({
  className: "venue-pin__icon",
  html: '<svg viewBox="0 0 24 32" width="28" height="38" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="currentColor"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>',
  iconSize: [28, 38],
  iconAnchor: [14, 38],
});

/** The venue's pin: drag it or click the map to move the venue (its position is on the element as data-lat/lng). */
export default function VenuePin({ lat, lng, onChange, tileUrl, attribution, label }: VenuePinProps) {
  const element = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const start = useRef<[number, number]>([lat, lng]);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const map = L.map(el, { center: start.current, zoom: 15 });
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    else if (attribution) map.attributionControl.addAttribution(attribution);
    const marker = L.marker(start.current, {
      draggable: true,
      icon: pinIcon,
      title: label,
      alt: label,
    }).addTo(map);
    const moved = (p: L.LatLng) => {
      el.dataset.lat = p.lat.toFixed(6);
      el.dataset.lng = p.lng.toFixed(6);
      onChangeRef.current(p.lat, p.lng);
    };
    marker.on("dragend", () => moved(marker.getLatLng()));
    map.on("click", (e: L.LeafletMouseEvent) => {
      marker.setLatLng(e.latlng);
      moved(e.latlng);
    });
    const resize = setTimeout(() => map.invalidateSize(), 0);
    return () => {
      clearTimeout(resize);
      map.remove();
    };
  }, [tileUrl, attribution, label]);

  return <div ref={element} className="venue-pin" role="application" aria-label={label} />;
}
