import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useTranslation } from "@/i18n";
import type { BoardOrder } from "./api";
import { DEFAULT_ETA, ETA_PRESETS, isDelivery } from "./lifecycle";

/** Accept with an expected preparation time (minutes presets → eta_minutes). */
export function AcceptDialog({
  order,
  defaultEta = DEFAULT_ETA,
  busy,
  error,
  onAccept,
  onHide,
}: {
  order: BoardOrder | null;
  defaultEta?: number;
  busy: boolean;
  error: unknown;
  onAccept: (minutes: number) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState(defaultEta);
  const presets = ETA_PRESETS.includes(defaultEta)
    ? ETA_PRESETS
    : [...ETA_PRESETS, defaultEta].sort((a, b) => a - b);
  return (
    <Dialog
      open={order !== null}
      onHide={onHide}
      title={order ? t("board.acceptTitle", { number: order.order_number }) : ""}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onHide}>
            {t("common.cancel")}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => onAccept(minutes)}
            data-testid="accept-confirm"
          >
            {t("board.acceptIn", { count: minutes })}
          </button>
        </>
      }
    >
      <FormAlert error={error} />
      <fieldset className="board-choices">
        <legend>{t(order && isDelivery(order) ? "board.etaDelivery" : "board.etaPickup")}</legend>
        <div className="board-choices__options">
          {presets.map((m) => (
            <label key={m} className="board-choice">
              <input
                type="radio"
                name="eta"
                value={m}
                checked={minutes === m}
                onChange={() => setMinutes(m)}
                data-autofocus={m === minutes ? "" : undefined}
              />
              <span>{t("board.minutes", { count: m })}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}

const REASONS = ["busy", "unavailable", "closing", "other"] as const;

/** Reject (or cancel an accepted order) with a reason; the server refunds the payment. */
export function RejectDialog({
  order,
  cancel,
  busy,
  error,
  onReject,
  onHide,
}: {
  order: BoardOrder | null;
  /** An accepted order is cancelled, not rejected. */
  cancel: boolean;
  busy: boolean;
  error: unknown;
  onReject: (reason: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<(typeof REASONS)[number]>("busy");
  const [other, setOther] = useState("");
  const text = reason === "other" ? other.trim() : t(`board.reasons.${reason}`);
  return (
    <Dialog
      open={order !== null}
      onHide={onHide}
      role="alertdialog"
      title={
        order ? t(cancel ? "board.cancelTitle" : "board.rejectTitle", { number: order.order_number }) : ""
      }
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onHide}>
            {t("board.keep")}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy || text === ""}
            onClick={() => onReject(text.slice(0, 500))}
            data-testid="reject-confirm"
          >
            {t(cancel ? "board.cancelOrder" : "board.reject")}
          </button>
        </>
      }
    >
      <FormAlert error={error} />
      <p className="muted">{t("board.refundNote")}</p>
      <fieldset className="board-choices">
        <legend>{t("board.reason")}</legend>
        <div className="board-choices__options board-choices__options--column">
          {REASONS.map((r) => (
            <label key={r} className="board-choice">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              <span>{t(`board.reasons.${r}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {reason === "other" ? (
        <label className="board-reason-text">
          <span>{t("board.reasonText")}</span>
          <textarea maxLength={500} rows={3} value={other} onChange={(e) => setOther(e.target.value)} />
        </label>
      ) : null}
    </Dialog>
  );
}
