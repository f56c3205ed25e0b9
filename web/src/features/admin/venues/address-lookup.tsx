import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "@/i18n";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { call, type ApiPayload } from "@/lib/api/client";
import { useShakeHand } from "@/lib/api/get-shake-hand";

const MapPin = lazy(() => import("./venue-pin"));

type PlaceDetail = ApiPayload<"address/find-address-detail">;

/** address/find-address: the configured geocoder's suggestions (GB and PL). */
function usePlaceSuggestions(query: string, session: string) {
  return useQuery({
    queryKey: ["admin-find-address", query],
    queryFn: async ({ signal }) =>
      (await call("address/find-address", { filter: { query, session_token: session } }, { signal }))
        .payload ?? [],
    enabled: query.trim() !== "",
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

async function findAddressDetail(placeId: string, session: string): Promise<PlaceDetail> {
  return (
    await call("address/find-address-detail", { filter: { place_id: placeId, session_token: session } })
  ).payload;
}

interface Props {
  lat: number;
  lng: number;
  onFound: (detail: PlaceDetail) => void;
  onMove: (lat: number, lng: number) => void;
}

/** The venue's address through the configured geocoder (address/find-address), and its pin on the map. */
export function AddressLookup({ lat, lng, onFound, onMove }: Props) {
  const { t } = useTranslation();
  const shake = useShakeHand();
  const [query, setQuery] = useState("");
  const [session] = useState(() => crypto.randomUUID());
  const debounced = useDebouncedValue(query, 300);
  const suggestions = usePlaceSuggestions(debounced.trim().length >= 3 ? debounced : "", session);
  const [pinKey, setPinKey] = useState(0);
  return (
    <div className="venues-address">
      <label className="venues-field">
        <span>{t("venues.findAddress")}</span>
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </label>
      {query.trim().length >= 3 && suggestions.data?.length ? (
        <ul className="venues-address__results">
          {suggestions.data.map((s) => (
            <li key={s.place_id}>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() =>
                  void findAddressDetail(s.place_id, session).then((d) => {
                    onFound(d);
                    setQuery("");
                    setPinKey((k) => k + 1); // re-centre the map on the new place
                  })
                }
              >
                {s.description}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Suspense fallback={<div className="venue-pin" />}>
        <MapPin
          key={pinKey}
          lat={lat}
          lng={lng}
          onChange={onMove}
          tileUrl={shake.data?.payload.maps.tile_url ?? ""}
          attribution={shake.data?.payload.maps.attribution ?? ""}
          label={t("venues.pin")}
        />
      </Suspense>
      <p className="muted small">{t("venues.position", { lat: lat.toFixed(5), lng: lng.toFixed(5) })}</p>
    </div>
  );
}
