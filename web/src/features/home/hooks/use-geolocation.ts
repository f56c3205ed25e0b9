import { useEffect, useState } from "react";
import type { LatLng } from "@/lib/distance";

/** The browser's position, asked for once when `enabled`; null until (or unless) it is granted. */
export function useGeolocation(enabled: boolean): LatLng | null {
  const [position, setPosition] = useState<LatLng | null>(null);
  useEffect(() => {
    if (!enabled || typeof navigator === "undefined" || !navigator.geolocation) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => live && setPosition({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => undefined, // refused or unavailable: the list simply has no distances
      { maximumAge: 300_000, timeout: 10_000 },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return position;
}
