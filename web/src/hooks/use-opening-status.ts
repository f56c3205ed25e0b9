import { useEffect, useState } from "react";
import { useTranslation } from "@/i18n";
import type { Store } from "@/lib/api/types";
import { opensAtText } from "@/lib/opening-hours";
import { formatTime } from "@/lib/time-format";
import { venueAvailability } from "@/lib/venue-status";

export interface OpeningLabel {
  /** Within its opening hours. */
  open: boolean;
  /** Takes ASAP orders now: open and not paused (docs/architecture.md §9). */
  asap: boolean;
  /** "2:30 PM" while paused (the venue's clock); null otherwise. */
  pausedUntil: string | null;
  /** "Opens today at 11:00 AM" while closed; null when open or never opening. */
  opensAt: string | null;
}

/** Open, paused or closed now in the venue's time zone, re-checked every minute. */
export function useOpeningStatus(store: Store | undefined): OpeningLabel {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  if (!store) return { open: false, asap: false, pausedUntil: null, opensAt: null };
  const status = venueAvailability(store, now);
  switch (status.state) {
    case "open":
      return { open: true, asap: true, pausedUntil: null, opensAt: null };
    case "paused":
      return {
        open: true,
        asap: false,
        pausedUntil: formatTime(status.until, i18n.language, { timeZone: store.time_zone, now }),
        opensAt: null,
      };
    case "closed":
      return {
        open: false,
        asap: false,
        pausedUntil: null,
        opensAt: status.next ? opensAtText(status.next, t, i18n.language) : null,
      };
  }
}
