import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormDialogActions } from "@/components/ui/form-dialog-actions";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useTranslation } from "@/i18n";
import type { OfferDoc, usePromotionWrites } from "./api";
import { DiscountFields, Field, LimitField, WindowFields } from "./fields";
import { fieldError } from "./format";

const EMPTY: OfferDoc = {
  ref: "",
  title: "",
  color: "#e4572e",
  image_url: "",
  button_text: "",
  button_kind: 1,
  reward: { kind: "fixed", amount: 300, min_spend: 0 },
};

/** A ref for a new offer from its title ("Lunch deal" → "lunch-deal"), unique among refs. */
function refFor(title: string, taken: string[]): string {
  const base =
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "offer";
  let ref = base;
  for (let n = 2; taken.includes(ref); n++) ref = `${base}-${n}`;
  return ref;
}

/**
 * An offer card's form: the card (title, button text, colour, picture), how
 * it applies (by itself or claimed with a tap), its reward, window and
 * per-customer limit. Saved, the storefront's offers show it at once.
 */
export function OfferDialog(props: {
  open: boolean;
  offer: OfferDoc | null;
  refs: string[];
  currency: string;
  save: ReturnType<typeof usePromotionWrites>["offer"];
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<OfferDoc>(props.offer ?? EMPTY);
  const { save } = props;
  const err = (name: string) => fieldError(save.error, `offer.${name}`);
  const hide = () => {
    save.reset();
    props.onHide();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const ref = draft.ref || refFor(draft.title, props.refs);
    save.mutate({ ...draft, ref, title: draft.title.trim() }, { onSuccess: hide });
  };
  const general = save.error && !Object.keys((save.error as { fields?: object }).fields ?? {}).length;
  return (
    <Dialog
      open={props.open}
      onHide={hide}
      className="promotions-dialog"
      title={props.offer ? t("promotions.editOffer") : t("promotions.newOffer")}
      footer={
        <FormDialogActions
          form="offer-form"
          onCancel={hide}
          submitLabel={t("promotions.save")}
          pending={save.isPending}
        />
      }
    >
      <form id="offer-form" noValidate onSubmit={onSubmit}>
        {general ? <FormAlert error={save.error} /> : null}
        <Field id="offer-title" label={t("promotions.offerTitle")} error={err("title") ?? err("ref")}>
          <input
            id="offer-title"
            className="form-field__input"
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          />
        </Field>
        <div className="promotions__grid">
          <Field id="offer-button" label={t("promotions.buttonText")} error={err("button_text")}>
            <input
              id="offer-button"
              className="form-field__input"
              value={draft.button_text ?? ""}
              onChange={(e) => setDraft({ ...draft, button_text: e.target.value })}
            />
          </Field>
          <Field id="offer-kind" label={t("promotions.applies")} error={err("button_kind")}>
            <select
              id="offer-kind"
              className="form-field__input"
              value={draft.button_kind}
              onChange={(e) => setDraft({ ...draft, button_kind: Number(e.target.value) })}
            >
              <option value={0}>{t("promotions.autoApply")}</option>
              <option value={1}>{t("promotions.claim")}</option>
            </select>
          </Field>
          <Field id="offer-colour" label={t("promotions.colour")} error={err("color")}>
            <span className="promotions__colour">
              <input
                type="color"
                aria-label={t("promotions.colourPicker")}
                value={/^#[0-9a-f]{6}$/i.test(draft.color ?? "") ? draft.color : "#e4572e"}
                onChange={(e) => setDraft({ ...draft, color: e.target.value })}
              />
              <input
                id="offer-colour"
                className="form-field__input"
                value={draft.color ?? ""}
                onChange={(e) => setDraft({ ...draft, color: e.target.value })}
              />
            </span>
          </Field>
        </div>
        <Field
          id="offer-image"
          label={t("promotions.image")}
          error={err("image_url")}
          hint={t("promotions.imageHint")}
        >
          <input
            id="offer-image"
            className="form-field__input"
            inputMode="url"
            value={draft.image_url ?? ""}
            onChange={(e) => setDraft({ ...draft, image_url: e.target.value.trim() })}
          />
        </Field>
        <DiscountFields
          idPrefix="offer"
          value={draft.reward}
          onChange={(reward) => setDraft({ ...draft, reward })}
          currency={props.currency}
          error={save.error}
          path="offer.reward"
        />
        <WindowFields
          idPrefix="offer"
          from={draft.valid_from}
          until={draft.valid_until}
          onChange={(valid_from, valid_until) => setDraft({ ...draft, valid_from, valid_until })}
          error={save.error}
          path="offer"
        />
        <LimitField
          id="offer-per-customer"
          label={t("promotions.perCustomer")}
          value={draft.max_uses_per_customer}
          onChange={(max_uses_per_customer) => setDraft({ ...draft, max_uses_per_customer })}
          error={err("max_uses_per_customer")}
        />
      </form>
    </Dialog>
  );
}
