import { useState, type FormEvent } from "react";
import { CurrencyInput } from "@/components/ui/currency-input";
import { FormAlert } from "@/components/ui/form/form-alert";
import { useTranslation } from "@/i18n";
import type { LoyaltyDoc, usePromotionWrites } from "./api";
import { Field } from "./fields";
import { fieldError } from "./format";

/** The stamp card: the spend that earns a stamp (0: no stamps), stamps per reward, and the reward. */
export function LoyaltyForm(props: {
  loyalty: LoyaltyDoc;
  currency: string;
  save: ReturnType<typeof usePromotionWrites>["loyalty"];
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LoyaltyDoc>(props.loyalty);
  const { save } = props;
  const err = (name: string) => fieldError(save.error, `loyalty.${name}`);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ ...draft, reward_title: draft.reward_title.trim() });
  };
  const general = save.error && !Object.keys((save.error as { fields?: object }).fields ?? {}).length;
  return (
    <form className="promotions__loyalty" noValidate onSubmit={onSubmit} aria-labelledby="loyalty-title">
      <h2 id="loyalty-title" className="team__heading">
        {t("promotions.loyalty")}
      </h2>
      <p className="muted">{t("promotions.loyaltyHint")}</p>
      {general ? <FormAlert error={save.error} /> : null}
      <div className="promotions__grid">
        <Field id="loyalty-threshold" label={t("promotions.stampThreshold")} error={err("stamp_threshold")}>
          <CurrencyInput
            id="loyalty-threshold"
            value={draft.stamp_threshold}
            currency={props.currency}
            onChange={(stamp_threshold) => setDraft({ ...draft, stamp_threshold })}
          />
        </Field>
        <Field
          id="loyalty-per-reward"
          label={t("promotions.stampsPerReward")}
          error={err("stamps_per_reward")}
        >
          <input
            id="loyalty-per-reward"
            className="form-field__input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={draft.stamps_per_reward || ""}
            onChange={(e) =>
              setDraft({ ...draft, stamps_per_reward: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })
            }
          />
        </Field>
        <Field id="loyalty-reward" label={t("promotions.rewardTitle")} error={err("reward_title")}>
          <input
            id="loyalty-reward"
            className="form-field__input"
            value={draft.reward_title}
            onChange={(e) => setDraft({ ...draft, reward_title: e.target.value })}
          />
        </Field>
      </div>
      <div className="promotions__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t("promotions.saveLoyalty")}
        </button>
        {save.isSuccess ? (
          <span role="status" className="promotions__saved">
            {t("promotions.saved")}
          </span>
        ) : null}
      </div>
    </form>
  );
}
