import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormAlert } from "@/components/ui/form/form-alert";
import { applyFieldErrors } from "@/components/ui/form/server-errors";
import { isApiError } from "@/lib/api/api-error";
import { TextField } from "@/components/ui/form/text-field";
import { useTranslation } from "@/i18n";
import { COLOUR_ROLES } from "@/lib/theme";
import { useUpdateBrand } from "./api";
import { contrastProblems, EMAIL, HEX, LANGUAGES, mainContrast, type BrandValues } from "./brand-form";
import { BrandPreview } from "./brand-preview";
import { ColourField } from "./colour-field";
import { LogoField } from "./logo-field";

const colour = z.string().regex(HEX, { error: "brand.colourInvalid" });
const schema = z.object({
  name: z.string().trim().min(1, { error: "brand.nameRequired" }).max(100, { error: "brand.nameLong" }),
  logoUrl: z.string(),
  logoId: z.number().nullable(),
  theme: z.union([z.literal(0), z.literal(1)]),
  colour,
  colours: z.array(z.union([z.literal(""), colour])).length(16),
  languages: z.array(z.enum(LANGUAGES)).min(1, { error: "brand.languagesRequired" }),
  replyTo: z
    .string()
    .trim()
    .max(254, { error: "brand.replyToInvalid" })
    .refine((s) => s === "" || EMAIL.test(s), { error: "brand.replyToInvalid" })
    .nullable(),
});

/** The form of the Brand page; saving sends admin/scheme/update once. */
export function BrandForm({ scheme, initial }: { scheme: string; initial: BrandValues }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateBrand(scheme);
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<BrandValues>({
    mode: "onSubmit",
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const { register, handleSubmit, setValue, setError, formState, control } = form;
  const values = { ...initial, ...useWatch({ control }) } as BrandValues;
  const errors = formState.errors;
  const problems = contrastProblems(values);
  const ratio = mainContrast(values.colour);
  const labelOf = (slot: number) =>
    slot === 0
      ? t("brand.mainColour")
      : t("brand.colourN", { n: slot, role: t(`brand.roles.${COLOUR_ROLES[slot - 1]}`) });
  const msg = (key?: string) => (key ? t(key) : undefined);

  const onSubmit = handleSubmit(async (v) => {
    setSaved(false);
    setFormError(null);
    try {
      await update.mutateAsync(v);
      setSaved(true);
    } catch (error) {
      if (isApiError(error) && error.fields.reply_to) {
        setError("replyTo", { type: "server", message: error.fields.reply_to }, { shouldFocus: true });
        const { reply_to: _, ...rest } = error.fields;
        if (Object.keys(rest).length === 0) return;
      }
      if (!applyFieldErrors(error, ["name", "colour", "languages"], setError)) setFormError(error);
    }
  });

  return (
    <div className="brand-page">
      <form
        className="brand-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label={t("brand.title")}
      >
        <FormAlert error={formError} />
        <fieldset className="brand-form__group">
          <legend>{t("brand.identity")}</legend>
          <TextField
            id="brand-name"
            label={t("brand.name")}
            registration={register("name")}
            error={msg(errors.name?.message)}
            autoComplete="organization"
          />
          <LogoField
            scheme={scheme}
            name={values.name}
            logoUrl={values.logoUrl}
            onChange={(url, id) => {
              setValue("logoUrl", url);
              setValue("logoId", id);
            }}
          />
        </fieldset>
        <fieldset className="brand-form__group">
          <legend>{t("brand.theme")}</legend>
          <div className="brand-choices">
            {([1, 0] as const).map((v) => (
              <label key={v}>
                <input
                  type="radio"
                  checked={values.theme === v}
                  onChange={() => setValue("theme", v)}
                  name="theme"
                />
                {v === 1 ? t("brand.themeLight") : t("brand.themeDark")}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="brand-form__group">
          <legend>{t("brand.colours")}</legend>
          <p className="brand-form__hint">{t("brand.mainColourHint")}</p>
          <ColourField
            id="brand-colour"
            label={t("brand.mainColour")}
            value={values.colour}
            error={msg(errors.colour?.message)}
            onChange={(c) => setValue("colour", c)}
          />
          {problems.map((p) => (
            <p
              key={p.slot}
              role="alert"
              className="alert alert--warning brand-contrast"
              data-testid="contrast-warning"
            >
              {t("brand.contrastWarning", { label: labelOf(p.slot), ratio: number.format(p.ratio) })}
            </p>
          ))}
          {problems.length === 0 && ratio !== null ? (
            <p className="brand-form__hint brand-contrast">
              {t("brand.contrastOk", { ratio: number.format(ratio) })}
            </p>
          ) : null}
          <h3 className="brand-page__heading">{t("brand.numbered")}</h3>
          <p className="brand-form__hint">{t("brand.numberedHint")}</p>
          <div className="brand-colours">
            {COLOUR_ROLES.map((role, i) => (
              <ColourField
                key={role}
                id={`brand-colour-${i + 1}`}
                label={labelOf(i + 1)}
                value={values.colours[i] ?? ""}
                fallback={values.colour}
                error={msg(errors.colours?.[i]?.message)}
                onChange={(c) => setValue(`colours.${i}`, c)}
              />
            ))}
          </div>
        </fieldset>
        {values.replyTo !== null ? (
          <fieldset className="brand-form__group">
            <legend>{t("brand.mail")}</legend>
            <p className="brand-form__hint">{t("brand.replyToHint")}</p>
            <TextField
              id="brand-reply-to"
              label={t("brand.replyTo")}
              type="email"
              registration={register("replyTo")}
              error={msg(errors.replyTo?.message)}
              autoComplete="email"
            />
          </fieldset>
        ) : null}
        <fieldset className="brand-form__group">
          <legend>{t("brand.languages")}</legend>
          <p className="brand-form__hint">{t("brand.languagesHint")}</p>
          <div className="brand-choices">
            {LANGUAGES.map((l) => (
              <label key={l}>
                <input type="checkbox" value={l} {...register("languages")} />
                {t(`brand.languageNames.${l}`)}
              </label>
            ))}
          </div>
          {errors.languages ? (
            <p className="form-field__error" role="alert">
              {msg(errors.languages.message)}
            </p>
          ) : null}
        </fieldset>
        <div className="brand-form__actions">
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? t("brand.saving") : t("brand.save")}
          </button>
          {saved ? (
            <p role="status" className="alert alert--success">
              {t("brand.saved")}
            </p>
          ) : null}
        </div>
      </form>
      <BrandPreview values={values} />
    </div>
  );
}
