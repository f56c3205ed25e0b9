import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useTranslation } from "@/i18n";
import { useAdmin } from "../shell/admin-context";
import { useEraseCustomer, type CustomerSummary } from "./api";

/**
 * The erasure's confirmation: what goes and what stays, and the Erase button
 * only once the customer's e-mail address is typed (it cannot be undone).
 */
export function EraseDialog({
  open,
  customer,
  onCancel,
  onErased,
}: {
  open: boolean;
  customer: CustomerSummary;
  onCancel: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const { scheme } = useAdmin();
  const erase = useEraseCustomer(scheme);
  const [typed, setTyped] = useState("");
  const matches = typed.trim().toLowerCase() === customer.email.toLowerCase();
  const close = () => {
    setTyped("");
    erase.reset();
    onCancel();
  };
  return (
    <Dialog
      open={open}
      onHide={close}
      title={t("customers.eraseTitle")}
      role="alertdialog"
      className="dialog--confirm"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={close}>
            {t("common.cancel")}
          </button>
          <button
            type="button"
            className="button button--primary customer__danger-confirm"
            disabled={!matches || erase.isPending}
            onClick={() => erase.mutate(customer.id, { onSuccess: onErased })}
          >
            {t("customers.eraseConfirm")}
          </button>
        </>
      }
    >
      <p>{t("customers.eraseIntro", { email: customer.email })}</p>
      <ul className="customer__erase-list">
        <li>{t("customers.eraseAccount")}</li>
        <li>{t("customers.eraseData")}</li>
        <li>{t("customers.eraseOrders")}</li>
      </ul>
      <p>
        <strong>{t("customers.eraseFinal")}</strong>
      </p>
      <div className="form-field customer__confirm-field">
        <label htmlFor="erase-email" className="form-field__label">
          {t("customers.eraseType", { email: customer.email })}
        </label>
        <input
          id="erase-email"
          className="form-field__input"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          data-autofocus
        />
      </div>
      {erase.error ? <FormAlert error={erase.error} /> : null}
    </Dialog>
  );
}
