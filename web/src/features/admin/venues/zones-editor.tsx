import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "@/i18n";
import { useShakeHand } from "@/lib/api/get-shake-hand";
import { MoneyInput } from "./money-input";
import { zonesFromGeoJSON, zonesToGeoJSON, type DeliveryZone } from "./venue-model";

const ZonesMap = lazy(() => import("./zones-map"));

interface Props {
  zones: DeliveryZone[];
  onChange: (zones: DeliveryZone[]) => void;
  centre: { lat: number; lng: number };
  currency: string;
  slug: string;
}

/** Delivery zones: drawn on the map or a radius, each with its fee, minimum and free-over; GeoJSON in and out. */
export function ZonesEditor({ zones, onChange, centre, currency, slug }: Props) {
  const { t, i18n } = useTranslation();
  const shake = useShakeHand();
  const file = useRef<HTMLInputElement>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const update = (i: number, z: DeliveryZone) => onChange(zones.map((x, j) => (j === i ? z : x)));
  const nextName = () => t("venues.zoneName", { n: zones.length + 1 });

  const exportZones = () => {
    const blob = new Blob([JSON.stringify(zonesToGeoJSON(zones, centre), null, 2)], {
      type: "application/geo+json",
    });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${slug}-zones.geojson`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const importZones = async (f: File | undefined) => {
    if (!f) return;
    try {
      onChange([...zones, ...zonesFromGeoJSON(await f.text())]);
      setImportError(null);
    } catch {
      setImportError(t("venues.geojsonBad"));
    }
  };

  return (
    <div className="zones">
      <Suspense fallback={<div className="zones-map" />}>
        <ZonesMap
          centre={centre}
          zones={zones}
          tileUrl={shake.data?.payload.maps.tile_url ?? ""}
          attribution={shake.data?.payload.maps.attribution ?? ""}
          label={t("venues.zonesMap")}
          language={i18n.language}
          onDraw={(polygon) =>
            onChange([...zones, { name: nextName(), polygon, fee: 0, minimum: 0, free_over: 0 }])
          }
          onReshape={(i, polygon) => {
            const z = zones[i];
            if (z) update(i, { ...z, polygon });
          }}
        />
      </Suspense>
      <p className="muted small">{t("venues.zonesHint")}</p>
      {zones.length === 0 ? <p className="muted">{t("venues.noZones")}</p> : null}
      <ul className="zones__list">
        {zones.map((z, i) => (
          <li key={i} className="zones__item" data-testid={`zone-${i}`}>
            <label className="venues-field">
              <span>{t("venues.zoneNameLabel")}</span>
              <input
                type="text"
                value={z.name}
                maxLength={120}
                onChange={(e) => update(i, { ...z, name: e.target.value })}
              />
            </label>
            <span className="zones__shape">
              {z.polygon
                ? t("venues.polygonPoints", {
                    count: Math.max(0, (z.polygon.coordinates[0]?.length ?? 1) - 1),
                  })
                : null}
            </span>
            {z.polygon ? null : (
              <label className="venues-field">
                <span>{t("venues.radiusM")}</span>
                <input
                  type="number"
                  min={1}
                  value={z.radius_m ?? 0}
                  onChange={(e) => update(i, { ...z, radius_m: Math.round(Number(e.target.value)) })}
                />
              </label>
            )}
            <MoneyInput
              label={t("venues.fee")}
              currency={currency}
              value={z.fee}
              onChange={(fee) => update(i, { ...z, fee })}
            />
            <MoneyInput
              label={t("venues.minimum")}
              currency={currency}
              value={z.minimum}
              onChange={(minimum) => update(i, { ...z, minimum })}
            />
            <MoneyInput
              label={t("venues.freeOver")}
              currency={currency}
              value={z.free_over}
              onChange={(free_over) => update(i, { ...z, free_over })}
            />
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => onChange(zones.filter((_, j) => j !== i))}
            >
              {t("venues.remove")}
              <span className="visually-hidden"> {z.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="zones__tools">
        <button
          type="button"
          className="button button--ghost"
          onClick={() =>
            onChange([...zones, { name: nextName(), radius_m: 3000, fee: 0, minimum: 0, free_over: 0 }])
          }
        >
          {t("venues.addRadius")}
        </button>
        <button type="button" className="button button--ghost" onClick={() => file.current?.click()}>
          {t("venues.importGeojson")}
        </button>
        <input
          ref={file}
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          hidden
          data-testid="geojson-file"
          onChange={(e) => void importZones(e.target.files?.[0])}
        />
        <button
          type="button"
          className="button button--ghost"
          disabled={zones.length === 0}
          onClick={exportZones}
        >
          {t("venues.exportGeojson")}
        </button>
      </div>
      {importError ? (
        <p role="alert" className="alert alert--error">
          {importError}
        </p>
      ) : null}
    </div>
  );
}
