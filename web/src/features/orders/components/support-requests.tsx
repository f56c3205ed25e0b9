import { SupportStatusBadge, SupportThread } from "@/components/ui/support-thread";
import { useTranslation } from "@/i18n";
import { formatTime } from "@/lib/time-format";
import type { OrderDetail } from "../api/get-order";

/**
 * The customer's support requests about this order, oldest first: what they
 * asked, its status, and the venue's replies (also e-mailed to them).
 */
export function SupportRequests({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const requests = order.support_requests ?? [];
  if (requests.length === 0) return null;
  const venue = order.venue?.name ?? "";
  const when = (iso: string) => formatTime(iso, i18n.language);
  return (
    <ul className="support-requests" aria-label={t("support.yourRequests")}>
      {requests.map((r) => (
        <li key={r.id} className="support-requests__item" data-testid="support-request">
          <p className="support-requests__head">
            <strong>{t(`support.${r.kind}`)}</strong>
            <SupportStatusBadge status={r.status} />
          </p>
          <p className="support-requests__asked muted small">
            {t("support.askedAt", { time: when(r.created_at) })}
          </p>
          <p className="support-requests__text">{r.description}</p>
          {r.messages.some((m) => m.message) ? null : (
            <p className="muted small">{t("support.noReplyYet", { venue })}</p>
          )}
          <SupportThread entries={r.messages} replier={() => venue} when={when} />
        </li>
      ))}
    </ul>
  );
}
