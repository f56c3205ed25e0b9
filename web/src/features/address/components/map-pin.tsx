import type L from "leaflet";
import { useEffect, useRef } from "react";
import { pinIcon, pinMap, type PinProps, useLatest } from "@/lib/pin-map";
import { MAP_CENTRE_DEBOUNCE_MS, MAP_HEIGHT_PX, MAP_ZOOM } from "../constants";

const icon = pinIcon("map-pin__icon", 32, 42);

/**
 * The delivery pin. The pin marks the map centre: pan the map (mouse, touch or
 * arrow keys), drag the pin or click a spot; the position is reported once the
 * map has been still for 300 ms. The position is also on the element as
 * data-lat / data-lng.
 */
export default function MapPin({ lat, lng, onChange, tileUrl, attribution, label }: PinProps) {
  const container = useRef<HTMLDivElement>(null);
  const onChangeRef = useLatest(onChange);
  // The starting position; afterwards the map is the source of truth (kept here
  // so that a map rebuilt for late-arriving tile settings keeps the pin).
  const position = useRef<[number, number]>([lat, lng]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const mark = ([pinLat, pinLng]: [number, number]) => {
      position.current = [pinLat, pinLng];
      element.dataset.lat = pinLat.toFixed(6);
      element.dataset.lng = pinLng.toFixed(6);
    };
    mark(position.current);
    const { map, marker, dispose } = pinMap(element, {
      centre: position.current,
      zoom: MAP_ZOOM,
      keyboard: true,
      tileUrl,
      attribution,
      label,
      icon,
    });

    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const centre = map.getCenter();
        marker.setLatLng(centre);
        mark([centre.lat, centre.lng]);
        onChangeRef.current(centre.lat, centre.lng);
      }, MAP_CENTRE_DEBOUNCE_MS);
    };
    // The pin rides on the centre while the map moves.
    map.on("move", () => marker.setLatLng(map.getCenter()));
    map.on("moveend", settle);
    map.on("click", (event: L.LeafletMouseEvent) => map.panTo(event.latlng));
    marker.on("dragend", () => map.setView(marker.getLatLng(), map.getZoom(), { animate: false }));

    return () => {
      clearTimeout(timer);
      dispose();
    };
  }, [tileUrl, attribution, label, onChangeRef]);

  return (
    <div
      ref={container}
      className="address-map"
      style={{ height: MAP_HEIGHT_PX }}
      role="application"
      aria-label={label}
      data-testid="address-map"
    />
  );
}
