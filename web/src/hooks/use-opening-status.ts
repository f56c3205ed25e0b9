import { useEffect, useState } from "react";
import { useTranslation } from "@/i18n";
import type { Store } from "@/lib/api/types";
import { openingStatus, opensAtText } from "@/lib/opening-hours";

export interface OpeningLabel {
  open: boolean;
  /** "Opens today at 11:00" while closed; null when open or never opening. */
  opensAt: string | null;
}

/** Open or closed now in the venue's time zone, re-checked every minute. */
export function useOpeningStatus(store: Store | undefined): OpeningLabel {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  if (!store) return { open: false, opensAt: null };
  const status = openingStatus(store, now);
  if (status.open) return { open: true, opensAt: null };
  return { open: false, opensAt: status.next ? opensAtText(status.next, t) : null };
}
