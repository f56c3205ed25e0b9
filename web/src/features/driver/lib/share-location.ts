import { useEffect, useRef } from "react";

/** How often a driver on the way reports their position (docs/architecture.md §9, issue 12). */
export const SHARE_EVERY_MS = 10_000;

export type Send = (lat: number, lng: number) => Promise<void>;

/**
 * While `active`, watches the device's position and sends the latest one at
 * once and then every SHARE_EVERY_MS, through `send`. Stops (no watch, no
 * timer) when it is no longer active: only while an order is on its way.
 * `onError` hears of a refused permission or a failed send.
 */
export function useShareLocation(active: boolean, send: Send, onError: (error: unknown) => void) {
  const latest = useRef<{ lat: number; lng: number } | null>(null);
  const sendRef = useRef(send);
  const errorRef = useRef(onError);
  useEffect(() => {
    sendRef.current = send;
    errorRef.current = onError;
  });

  useEffect(() => {
    if (!active || typeof navigator === "undefined" || !navigator.geolocation) return;
    let sentFirst = false;
    const push = () => {
      const at = latest.current;
      if (at) sendRef.current(at.lat, at.lng).catch((e: unknown) => errorRef.current(e));
    };
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        latest.current = { lat: p.coords.latitude, lng: p.coords.longitude };
        if (!sentFirst) {
          sentFirst = true;
          push();
        }
      },
      (e) => errorRef.current(e),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    const timer = window.setInterval(push, SHARE_EVERY_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(timer);
    };
  }, [active]);
}
