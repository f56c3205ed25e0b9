import { useTranslation } from "@/i18n";
import { Dialog } from "./dialog";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in the app's Dialog (instead of window.confirm). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onHide={onCancel}
      title={title}
      role="alertdialog"
      className="dialog--confirm"
      footer={
        <>
          {/* The least destructive action first: it takes the focus when the dialog opens. */}
          <button type="button" className="button button--ghost" onClick={onCancel} data-autofocus>
            {t("common.cancel")}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm}>
            {confirmLabel ?? t("common.confirm")}
          </button>
        </>
      }
    >
      <p className="dialog__message">{message}</p>
    </Dialog>
  );
}
