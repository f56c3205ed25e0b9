import { useTranslation } from "@/i18n";

export interface FormDialogActionsProps {
  /** The id of the form in the dialog's body that the submit button sends. */
  form: string;
  onCancel: () => void;
  submitLabel: string;
  /** While a save is under way the submit button is disabled (no second write). */
  pending?: boolean;
}

/** A form dialog's footer: Cancel, then the button that submits the form in the body. */
export function FormDialogActions({ form, onCancel, submitLabel, pending }: FormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {t("common.cancel")}
      </button>
      <button type="submit" form={form} className="button button--primary" disabled={pending}>
        {submitLabel}
      </button>
    </>
  );
}
