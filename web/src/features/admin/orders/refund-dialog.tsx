import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useTranslation } from "@/i18n";
import { formatCurrency } from "@/lib/currency";
import { newIdempotencyKey } from "@/lib/idempotency-key";
import { MoneyInput } from "../venues/money-input";
import { cardOf, useRefund, type AdminOrder } from "./api";

/** The longest reason the server takes (characters). */
const MAX_REASON = 500;

type Step = "edit" | "confirm";

/**
 * The Refund dialog of one order: all that is left or part of it (typed with
 * the currency input), a reason the customer reads in their e-mail, then a
 * confirmation that names the amount and the card. One idempotency key per
 * dialog: a second click, or a retry after a lost answer, is the same refund.
 * onDone gets the amount refunded and whether the provider has made it yet.
 */
export function RefundDialog({
  scheme,
  order,
  onHide,
  onDone,
}: {
  scheme: string;
  order: AdminOrder;
  onHide: () => void;
  onDone: (amount: number, done: boolean) => void;
}) {
  const { t } = useTranslation();
  const left = order.refundable;
  const currency = order.pricing.currency;
  const money = (n: number) => formatCurrency(n, currency);
  const [key] = useState(newIdempotencyKey);
  const [whole, setWhole] = useState(true);
  const [amount, setAmount] = useState(0);
  const [reason, setReason] = useState("");
  const [step, setStep] = useState<Step>("edit");
  const [shown, setShown] = useState(false);
  const refund = useRefund(scheme);

  const chosen = whole ? left : amount;
  const amountError =
    chosen <= 0
      ? t("orders.refund.amountMissing")
      : chosen > left
        ? t("orders.refund.tooMuch", { left: money(left) })
        : "";
  const reasonError = reason.trim() === "" ? t("orders.refund.reasonMissing") : "";
  const card = cardOf(order);

  const review = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (amountError || reasonError) return;
    setStep("confirm");
  };
  const confirm = () => {
    if (refund.isPending) return;
    refund.mutate(
      { order_id: order.id, amount: chosen, reason: reason.trim(), idempotency_key: key },
      { onSuccess: (r) => onDone(r.amount, r.status === "done") },
    );
  };

  return (
    <Dialog
      open
      onHide={onHide}
      persistent={refund.isPending}
      className="refund-dialog"
      title={t("orders.refund.title", { number: order.order_number })}
      footer={
        step === "edit" ? (
          <div className="refund-dialog__actions">
            <button type="button" className="button button--ghost" onClick={onHide}>
              {t("orders.refund.cancel")}
            </button>
            <button type="submit" form="refund-form" className="button button--primary">
              {t("orders.refund.review")}
            </button>
          </div>
        ) : (
          <div className="refund-dialog__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={refund.isPending}
              onClick={() => setStep("edit")}
            >
              {t("orders.refund.back")}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={refund.isPending}
              aria-busy={refund.isPending || undefined}
              onClick={confirm}
            >
              {refund.isPending
                ? t("orders.refund.working")
                : t("orders.refund.confirm", { amount: money(chosen) })}
            </button>
          </div>
        )
      }
    >
      <FormAlert error={refund.error} />
      <p className="refund-dialog__left">
        {t("orders.refund.left", { left: money(left), paid: money(order.paid) })}
      </p>
      {step === "edit" ? (
        <form id="refund-form" className="refund-dialog__form" onSubmit={review} noValidate>
          <fieldset className="refund-dialog__choice">
            <legend>{t("orders.refund.howMuch")}</legend>
            <label>
              <input type="radio" name="refund-whole" checked={whole} onChange={() => setWhole(true)} />{" "}
              {t("orders.refund.all", { amount: money(left) })}
            </label>
            <label>
              <input type="radio" name="refund-whole" checked={!whole} onChange={() => setWhole(false)} />{" "}
              {t("orders.refund.part")}
            </label>
          </fieldset>
          {whole ? null : (
            <MoneyInput
              label={t("orders.refund.amount")}
              currency={currency}
              value={amount}
              onChange={setAmount}
            />
          )}
          {shown && amountError ? (
            <p className="form-field__error" role="alert">
              {amountError}
            </p>
          ) : null}
          <label className="refund-dialog__reason">
            <span>{t("orders.refund.reason")}</span>
            <textarea
              value={reason}
              maxLength={MAX_REASON}
              rows={3}
              aria-invalid={(shown && reasonError !== "") || undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            <small className="muted">{t("orders.refund.reasonHint")}</small>
          </label>
          {shown && reasonError ? (
            <p className="form-field__error" role="alert">
              {reasonError}
            </p>
          ) : null}
        </form>
      ) : (
        <div className="refund-dialog__confirm">
          <p>
            <strong>
              {t(card ? "orders.refund.confirmTo" : "orders.refund.confirmText", {
                amount: money(chosen),
                card,
                number: order.order_number,
              })}
            </strong>
          </p>
          <p className="muted">{t("orders.refund.reasonShown", { reason: reason.trim() })}</p>
          <p className="muted">{t("orders.refund.mailNote", { email: order.customer.email })}</p>
        </div>
      )}
    </Dialog>
  );
}
