import type L from "leaflet";
import { useEffect, useRef } from "react";
import { pinIcon, pinMap, type PinProps, useLatest } from "@/lib/pin-map";

const icon = pinIcon("venue-pin__icon", 28, 38);

/** The venue's pin: drag it or click the map to move the venue (its position is on the element as data-lat/lng). */
export default function VenuePin({ lat, lng, onChange, tileUrl, attribution, label }: PinProps) {
  const element = useRef<HTMLDivElement>(null);
  const onChangeRef = useLatest(onChange);
  const start = useRef<[number, number]>([lat, lng]);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const { map, marker, dispose } = pinMap(el, {
      centre: start.current,
      zoom: 15,
      tileUrl,
      attribution,
      label,
      icon,
    });
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
    return dispose;
  }, [tileUrl, attribution, label, onChangeRef]);

  return <div ref={element} className="venue-pin" role="application" aria-label={label} />;
}
