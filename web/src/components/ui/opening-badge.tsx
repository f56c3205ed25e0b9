import { useTranslation } from "@/i18n";
import type { OpeningLabel } from "@/hooks/use-opening-status";

/** "Open", "Paused" or "Closed": whether the venue takes ASAP orders now. */
export function OpeningBadge({ status }: { status: OpeningLabel }) {
  const { t } = useTranslation();
  const kind = status.asap ? "open" : status.open ? "paused" : "closed";
  return (
    <span className={`badge badge--${kind}`} data-testid="opening-badge">
      {t(`home.${kind}`)}
    </span>
  );
}
