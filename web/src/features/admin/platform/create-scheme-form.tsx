import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/ui/form/form-alert";
import { SubmitButton, TextField } from "@/components/ui/form/text-field";
import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";
import { call } from "@/lib/api/client";
import {
  countryDefaults,
  CURRENCIES,
  LANGUAGES,
  schemeProblems,
  slugFrom,
  type SchemeFormValues,
} from "./scheme-form";

const EMPTY: SchemeFormValues = {
  business_slug: "",
  name: "",
  country: "GB",
  manager_email: "",
  ...countryDefaults("GB"),
};

type Field = keyof SchemeFormValues;

/**
 * Creates a scheme (platform/schemes/create) and invites its first manager.
 * Problems are shown on their fields: the form's own checks as you submit, then
 * the server's (a taken address), in the page's language.
 */
export function CreateSchemeForm({ token, onCreated }: { token: string; onCreated: () => void }) {
  const { t, i18n } = useTranslation();
  const [v, setV] = useState<SchemeFormValues>(EMPTY);
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ name: string; email: string } | null>(null);

  const set = (patch: Partial<SchemeFormValues>) => setV((old) => ({ ...old, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    setFormError(null);
    const problems = schemeProblems(v);
    setErrors(Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, t(key)])));
    if (Object.keys(problems).length > 0) {
      document.getElementById(`platform-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await call(
        "platform/schemes/create",
        {
          data: {
            ...v,
            business_slug: v.business_slug.trim(),
            name: v.name.trim(),
            manager_email: v.manager_email.trim(),
            lang: i18n.language,
          },
        },
        { token },
      );
      setDone({ name: v.name.trim(), email: v.manager_email.trim() });
      setV(EMPTY);
      setSlugTouched(false);
      onCreated();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : {};
      const known = Object.keys(fields).filter((k) => k in EMPTY);
      setErrors(Object.fromEntries(known.map((k) => [k, fields[k]])));
      if (known.length === 0 || known.length < Object.keys(fields).length) setFormError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="platform__create"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="platform-create-title"
    >
      <h2 id="platform-create-title" className="platform__heading">
        {t("platform.createTitle")}
      </h2>
      <p className="muted">{t("platform.createHint")}</p>
      {done ? (
        <p role="status" className="alert alert--info">
          {t("platform.created_ok", done)}
        </p>
      ) : null}
      <FormAlert error={formError} />
      <div className="platform__fields">
        <TextField
          id="platform-name"
          label={t("platform.name")}
          value={v.name}
          error={errors.name}
          onChange={(e) =>
            set({ name: e.target.value, ...(slugTouched ? {} : { business_slug: slugFrom(e.target.value) }) })
          }
        />
        <TextField
          id="platform-business_slug"
          label={t("platform.slug")}
          value={v.business_slug}
          error={errors.business_slug}
          hint={t("platform.slugHint", { slug: v.business_slug || "…" })}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => {
            setSlugTouched(true);
            set({ business_slug: e.target.value });
          }}
        />
        <div className="form-field">
          <label htmlFor="platform-country" className="form-field__label">
            {t("platform.country")}
          </label>
          <select
            id="platform-country"
            value={v.country}
            onChange={(e) => {
              const country = e.target.value as "GB" | "PL";
              set({ country, ...countryDefaults(country) });
            }}
          >
            {(["GB", "PL"] as const).map((c) => (
              <option key={c} value={c}>
                {t(`platform.countries.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="platform-currency" className="form-field__label">
            {t("platform.currency")}
          </label>
          <select
            id="platform-currency"
            value={v.currency}
            onChange={(e) => set({ currency: e.target.value })}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <fieldset
          className={`form-field platform__languages${errors.languages ? " form-field--invalid" : ""}`}
          aria-describedby={errors.languages ? "platform-languages-error" : undefined}
        >
          <legend className="form-field__label">{t("platform.languages")}</legend>
          {LANGUAGES.map((l, i) => (
            <label key={l} className="platform__check">
              <input
                id={i === 0 ? "platform-languages" : undefined}
                type="checkbox"
                checked={v.languages.includes(l)}
                onChange={(e) =>
                  set({
                    languages: e.target.checked ? [...v.languages, l] : v.languages.filter((x) => x !== l),
                  })
                }
              />
              {l}
            </label>
          ))}
          {errors.languages ? (
            <p id="platform-languages-error" className="form-field__error" role="alert">
              {errors.languages}
            </p>
          ) : null}
        </fieldset>
        <TextField
          id="platform-manager_email"
          type="email"
          label={t("platform.managerEmail")}
          autoComplete="off"
          value={v.manager_email}
          error={errors.manager_email}
          onChange={(e) => set({ manager_email: e.target.value })}
        />
      </div>
      <SubmitButton busy={busy}>{t("platform.create")}</SubmitButton>
    </form>
  );
}
