import { useTranslation } from "@/i18n";
import { useOnline } from "@/hooks/use-online";

/** The id the checkout button points at (aria-describedby) while it is disabled offline. */
export const OFFLINE_NOTICE_ID = "offline-notice";

/**
 * Says, while the browser is offline, that the page is what the service
 * worker kept and that ordering needs a connection. The polite live region is
 * always there, so going offline (or back online) is announced, not only shown.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className="offline-notice-region">
      {!online && (
        <div className="container">
          <p id={OFFLINE_NOTICE_ID} className="offline-notice" data-testid="offline-notice">
            {t("offline.notice")}
          </p>
        </div>
      )}
    </div>
  );
}
