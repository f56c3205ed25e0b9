import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "@geoman-io/leaflet-geoman-free";
import "@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css";
import { useEffect, useRef } from "react";
import type { DeliveryZone, GeoPolygon } from "./venue-model";

interface ZonesMapProps {
  centre: { lat: number; lng: number };
  zones: DeliveryZone[];
  /** A polygon drawn on the map. */
  onDraw: (polygon: GeoPolygon) => void;
  /** A zone's polygon reshaped on the map. */
  onReshape: (index: number, polygon: GeoPolygon) => void;
  tileUrl: string;
  attribution: string;
  label: string;
  /** The interface language: the drawing tools' tooltips follow it. */
  language: string;
}

function polygonOf(layer: L.Layer): GeoPolygon | null {
  const g = (layer as L.Polygon).toGeoJSON().geometry;
  return g.type === "Polygon" ? { type: "Polygon", coordinates: g.coordinates as number[][][] } : null;
}

type Handlers = { current: { onReshape: (index: number, polygon: GeoPolygon) => void } };

/** Radius zones as circles around the venue, polygons reshapeable; the map fitted to them. */
function drawZones(
  m: L.Map | null,
  group: L.FeatureGroup,
  zones: DeliveryZone[],
  centre: { lat: number; lng: number },
  handlers: Handlers,
) {
  group.clearLayers();
  zones.forEach((z, index) => {
    const style = { weight: 2, fillOpacity: 0.12 };
    if (z.polygon) {
      const rings = z.polygon.coordinates.map((ring) => ring.map(([lng = 0, lat = 0]) => L.latLng(lat, lng)));
      const layer = L.polygon(rings, style).bindTooltip(z.name);
      layer.on("pm:edit", () => {
        const p = polygonOf(layer);
        if (p) handlers.current.onReshape(index, p);
      });
      group.addLayer(layer);
    } else if (z.radius_m) {
      group.addLayer(
        L.circle([centre.lat, centre.lng], { ...style, radius: z.radius_m, pmIgnore: true }).bindTooltip(
          z.name,
        ),
      );
    }
  });
  const bounds = group.getBounds();
  if (bounds.isValid()) m?.fitBounds(bounds.pad(0.1));
}

/**
 * The venue's zones on a map (docs/architecture.md §10): radius zones as circles
 * around the venue, polygons drawn and reshaped with Leaflet-Geoman.
 */
export default function ZonesMap({
  centre,
  zones,
  onDraw,
  onReshape,
  tileUrl,
  attribution,
  label,
  language,
}: ZonesMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<L.FeatureGroup | null>(null);
  const handlers = useRef({ onDraw, onReshape });
  useEffect(() => {
    handlers.current = { onDraw, onReshape };
  }, [onDraw, onReshape]);
  // The zones as last drawn: a map made again (the tiles' address known later, another
  // language) draws them at once, not only at the next change of the zones.
  const drawn = useRef({ zones, centre });
  useEffect(() => {
    drawn.current = { zones, centre };
  }, [zones, centre]);

  useEffect(() => {
    if (!element.current) return;
    const m = L.map(element.current, { center: [centre.lat, centre.lng], zoom: 13 });
    if (tileUrl) L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(m);
    else if (attribution) m.attributionControl.addAttribution(attribution);
    L.circleMarker([centre.lat, centre.lng], { radius: 6, weight: 2 }).addTo(m);
    layers.current = L.featureGroup().addTo(m);
    m.pm.addControls({
      position: "topleft",
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawRectangle: true,
      drawCircle: false,
      drawText: false,
      cutPolygon: false,
      rotateMode: false,
      removalMode: false,
      dragMode: false,
    });
    m.pm.setLang(language.startsWith("pl") ? "pl" : "en");
    // Geoman's buttons are links named only by their container's title: give them names.
    element.current.querySelectorAll(".leaflet-buttons-control-button").forEach((button) => {
      const title = button.parentElement?.getAttribute("title") ?? "";
      button.setAttribute("aria-label", title);
    });
    m.on("pm:create", (e: { layer: L.Layer }) => {
      const polygon = polygonOf(e.layer);
      e.layer.remove();
      if (polygon) handlers.current.onDraw(polygon);
    });
    map.current = m;
    drawZones(m, layers.current, drawn.current.zones, drawn.current.centre, handlers);
    const resize = setTimeout(() => m.invalidateSize(), 0);
    return () => {
      clearTimeout(resize);
      m.remove();
      map.current = null;
    };
  }, [centre.lat, centre.lng, tileUrl, attribution, language]);

  useEffect(() => {
    const at = { lat: centre.lat, lng: centre.lng };
    if (layers.current) drawZones(map.current, layers.current, zones, at, handlers);
  }, [zones, centre.lat, centre.lng]);

  return <div ref={element} className="zones-map" role="application" aria-label={label} />;
}
