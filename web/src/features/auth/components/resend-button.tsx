import { useState } from "react";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { AuthCode } from "../codes";
import { useCountdown } from "../hooks/use-countdown";
import { FormAlert } from "@/components/ui/form/form-alert";

/** One resend a minute (the server's limit too); the first code was sent just now. */
export const RESEND_SECONDS = 60;

interface ResendButtonProps {
  /** Sends a new code (false: nothing sent, e.g. no address yet); failures show under the button. */
  onResend: () => Promise<boolean>;
  /** Seconds until the first resend (the first code was sent just now). */
  initialSeconds?: number;
}

export function ResendButton({ onResend, initialSeconds = RESEND_SECONDS }: ResendButtonProps) {
  const { t } = useTranslation();
  const [left, restart] = useCountdown(initialSeconds);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const resend = async () => {
    setBusy(true);
    setSent(false);
    setError(null);
    try {
      if (await onResend()) {
        setSent(true);
        restart(RESEND_SECONDS);
      }
    } catch (e) {
      setError(e);
      // Limited: wait as long as the server says (Retry-After), or a minute.
      if (isApiError(e) && e.code === AuthCode.RateLimited) restart(e.retryAfter ?? RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="resend">
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={busy || left > 0}
        onClick={() => void resend()}
        data-testid="resend-code"
      >
        {left > 0 ? t("auth.resendIn", { seconds: left }) : t("auth.resend")}
      </button>
      <p role="status" className="resend__status">
        {sent ? t("auth.resent") : ""}
      </p>
      <FormAlert error={error} />
    </div>
  );
}
