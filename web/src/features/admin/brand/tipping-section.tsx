import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useTranslation } from "@/i18n";
import { call } from "@/lib/api/client";
import { parsePercents, type Tipping } from "./tipping";

/**
 * Tipping at checkout for every venue of the scheme (admin/scheme/update's
 * `tipping`, docs/architecture.md §10): on or off, up to five percent presets, the
 * one chosen at first, and whether a customer may type their own amount. Saved on
 * its own, apart from the brand's form.
 */
export function TippingSection({ scheme, initial }: { scheme: string; initial: Tipping }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [text, setText] = useState(initial.percents.join(", "));
  const [chosen, setChosen] = useState(initial.default_percent);
  const [custom, setCustom] = useState(initial.allow_custom);
  const [saved, setSaved] = useState(false);
  const percents = parsePercents(text);
  const fallback = percents?.includes(chosen) ? chosen : (percents?.[0] ?? 0);
  const save = useMutation({
    mutationFn: async (tipping: Tipping) =>
      (await call("admin/scheme/update", { data: { business_slug: scheme, tipping } })).payload,
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: ["scheme-document", scheme] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (!percents) return;
    save.mutate({ enabled, percents, default_percent: fallback, allow_custom: custom });
  };
  return (
    <form className="brand-section tipping" aria-labelledby="tipping-title" onSubmit={submit} noValidate>
      <h2 id="tipping-title" className="brand-section__title">
        {t("brand.tipping.title")}
      </h2>
      <p className="muted">{t("brand.tipping.hint")}</p>
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t("brand.tipping.enabled")}
      </label>
      <div className={`form-field${percents ? "" : " form-field--invalid"}`}>
        <label htmlFor="tipping-percents" className="form-field__label">
          {t("brand.tipping.percents")}
        </label>
        <input
          id="tipping-percents"
          className="form-field__input"
          inputMode="numeric"
          value={text}
          maxLength={40}
          aria-invalid={percents ? undefined : true}
          aria-describedby="tipping-percents-help"
          onChange={(e) => setText(e.target.value)}
        />
        <p
          id="tipping-percents-help"
          className={percents ? "muted small" : "form-field__error"}
          role={percents ? undefined : "alert"}
        >
          {percents ? t("brand.tipping.percentsHelp") : t("brand.tipping.percentsInvalid")}
        </p>
      </div>
      {percents ? (
        <fieldset className="tipping__default">
          <legend>{t("brand.tipping.default")}</legend>
          {percents.map((p) => (
            <label key={p} className="checkbox">
              <input
                type="radio"
                name="tipping-default"
                checked={fallback === p}
                onChange={() => setChosen(p)}
              />
              {t("brand.tipping.percent", { percent: p })}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" checked={custom} onChange={(e) => setCustom(e.target.checked)} />
        {t("brand.tipping.custom")}
      </label>
      {save.error ? (
        <p role="alert" className="alert alert--error">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="brand-section__actions">
        <button type="submit" className="button button--primary" disabled={!percents || save.isPending}>
          {t("brand.tipping.save")}
        </button>
        <span role="status" className="muted">
          {saved ? t("brand.tipping.saved") : ""}
        </span>
      </div>
    </form>
  );
}
