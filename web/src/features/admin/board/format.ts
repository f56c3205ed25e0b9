import { useEffect, useState } from "react";

/** "14:05" in the venue's zone and the page's language. */
export function clockAt(iso: string | null | undefined, language: string, timeZone: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  try {
    return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit", timeZone }).format(d);
  } catch {
    return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" }).format(d);
  }
}

/** The time, re-read every `every` ms (waiting times and warnings move on without events). */
export function useNow(every = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(id);
  }, [every]);
  return now;
}

/**
 * The server's time, moving on: the device's clock plus the skew of the
 * board's first answer (a device's clock drifts slowly; taking each answer's
 * would also undo a test's fast-forwarded clock).
 */
export function useServerNow(skew: number | undefined): number {
  const [first, setFirst] = useState<number | null>(null);
  if (first === null && skew !== undefined) setFirst(skew);
  return useNow() + (first ?? 0);
}
