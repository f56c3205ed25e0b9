import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormDialogActions } from "@/components/ui/form-dialog-actions";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useTranslation } from "@/i18n";
import type { PromoCodeDoc, usePromotionWrites } from "./api";
import { DiscountFields, Field, LimitField, WindowFields } from "./fields";
import { fieldError } from "./format";

const EMPTY: PromoCodeDoc = { code: "", kind: "percent", percent_bp: 1000, amount: 0, min_spend: 0 };

/**
 * A promo code's form (new, or an existing one whose code stays): its discount,
 * minimum spend, validity window and use limits. Saved, it applies to the next
 * order at once.
 */
export function PromoDialog(props: {
  open: boolean;
  code: PromoCodeDoc | null;
  currency: string;
  save: ReturnType<typeof usePromotionWrites>["promo"];
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PromoCodeDoc>(props.code ?? EMPTY);
  const { save } = props;
  const editing = props.code !== null;
  const err = (name: string) => fieldError(save.error, `promo_code.${name}`);
  const hide = () => {
    save.reset();
    props.onHide();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...draft, code: draft.code.trim() }, { onSuccess: hide });
  };
  const general = save.error && !Object.keys((save.error as { fields?: object }).fields ?? {}).length;
  return (
    <Dialog
      open={props.open}
      onHide={hide}
      className="promotions-dialog"
      title={editing ? t("promotions.editCode", { code: draft.code }) : t("promotions.newCode")}
      footer={
        <FormDialogActions
          form="promo-form"
          onCancel={hide}
          submitLabel={t("promotions.save")}
          pending={save.isPending}
        />
      }
    >
      <form id="promo-form" noValidate onSubmit={onSubmit}>
        {general ? <FormAlert error={save.error} /> : null}
        <Field
          id="promo-code"
          label={t("promotions.code")}
          error={err("code")}
          hint={t("promotions.codeHint")}
        >
          <input
            id="promo-code"
            className="form-field__input promotions__code-input"
            value={draft.code}
            disabled={editing}
            autoComplete="off"
            onChange={(e) => setDraft({ ...draft, code: e.target.value.toUpperCase() })}
          />
        </Field>
        <DiscountFields
          idPrefix="promo"
          value={draft}
          onChange={(d) => setDraft({ ...draft, ...d })}
          currency={props.currency}
          error={save.error}
          path="promo_code"
        />
        <WindowFields
          idPrefix="promo"
          from={draft.valid_from}
          until={draft.valid_until}
          onChange={(valid_from, valid_until) => setDraft({ ...draft, valid_from, valid_until })}
          error={save.error}
          path="promo_code"
        />
        <div className="promotions__grid">
          <LimitField
            id="promo-max"
            label={t("promotions.maxUses")}
            value={draft.max_uses}
            onChange={(max_uses) => setDraft({ ...draft, max_uses })}
            error={err("max_uses")}
          />
          <LimitField
            id="promo-per-customer"
            label={t("promotions.perCustomer")}
            value={draft.max_uses_per_customer}
            onChange={(max_uses_per_customer) => setDraft({ ...draft, max_uses_per_customer })}
            error={err("max_uses_per_customer")}
          />
        </div>
      </form>
    </Dialog>
  );
}
