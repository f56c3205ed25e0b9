import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";

/** A pin component's props: where it starts, who hears where it goes, the map's tiles and its name. */
export interface PinProps {
  lat: number;
  lng: number;
  onChange: (lat: number, lng: number) => void;
  /** From general/shake-hand maps; without tiles the pin still works. */
  tileUrl: string;
  attribution: string;
  label: string;
}

/**
 * The latest onChange, for a map built once: the map's handlers call
 * `ref.current` and never see a stale callback, and a new callback does not
 * rebuild the map.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

/**
 * An inline SVG pin of width × height px, its tip on the position (Leaflet's
 * default marker images do not survive bundling). `className` styles it
 * (its colour is currentColor).
 */
export function pinIcon(className: string, width: number, height: number): L.DivIcon {
  return L.divIcon({
    className,
    html: `<svg viewBox="0 0 24 32" width="${width}" height="${height}" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="currentColor"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>`,
    iconSize: [width, height],
    iconAnchor: [width / 2, height],
  });
}

export interface PinMapOptions {
  centre: [number, number];
  zoom: number;
  /** Without tiles (none configured) the map and its pin still work; the attribution is still shown. */
  tileUrl: string;
  attribution: string;
  /** The pin's title and alt text. */
  label: string;
  icon: L.DivIcon;
  keyboard?: boolean;
}

/**
 * A map in `element` centred on a draggable pin, the map picker of the
 * address dialog and the back office's venue form (each wires its own
 * events). The map is sized once the surrounding layout has settled; `dispose`
 * removes it.
 */
export function pinMap(element: HTMLElement, options: PinMapOptions) {
  const { centre, zoom, tileUrl, attribution, label, icon, keyboard } = options;
  const map = L.map(
    element,
    keyboard === undefined ? { center: centre, zoom } : { center: centre, zoom, keyboard },
  );
  if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
  else if (attribution) map.attributionControl.addAttribution(attribution);
  const marker = L.marker(centre, { draggable: true, icon, title: label, alt: label }).addTo(map);
  // The dialog or form may still be laying out when the map is created.
  const resize = setTimeout(() => map.invalidateSize(), 0);
  const dispose = () => {
    clearTimeout(resize);
    map.remove();
  };
  return { map, marker, dispose };
}
