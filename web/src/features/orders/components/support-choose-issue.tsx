import { useId, useState, type FormEvent, type RefObject } from "react";
import { useTranslation } from "@/i18n";
import { SUPPORT_KINDS, type SupportKind } from "../api/support";

/** Step 1 of the support flow: which kind of issue. */
export function ChooseIssue({
  heading,
  kind,
  onNext,
  onCancel,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  kind: SupportKind | null;
  onNext: (kind: SupportKind) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<SupportKind | null>(kind);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    onNext(chosen);
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="support-flow__kinds" aria-describedby={missing ? `${id}-error` : undefined}>
        <legend>
          <h3 className="support-flow__title" tabIndex={-1} ref={heading}>
            {t("support.chooseTitle")}
          </h3>
        </legend>
        {SUPPORT_KINDS.map((value) => (
          <label key={value} className="support-flow__kind">
            <input
              type="radio"
              name="kind"
              value={value}
              checked={chosen === value}
              onChange={() => {
                setChosen(value);
                setMissing(false);
              }}
            />
            <span>{t(`support.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {missing ? (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {t("support.chooseRequired")}
        </p>
      ) : null}
      <div className="support-flow__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t("support.cancel")}
        </button>
        <button type="submit" className="button button--primary">
          {t("support.next")}
        </button>
      </div>
    </form>
  );
}
