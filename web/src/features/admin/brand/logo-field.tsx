import { useId, useState } from "react";
import { FormAlert } from "@/components/ui/form/form-alert";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import { useTranslation } from "@/i18n";
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "@/lib/api/upload-image";
import { useUploadLogo } from "./api";

interface LogoFieldProps {
  scheme: string;
  name: string;
  logoUrl: string;
  /** A new logo (its url and upload id), or none ("", 0). */
  onChange: (url: string, id: number) => void;
}

/** The logo: upload (checked and re-encoded by the server), its preview, or removal. */
export function LogoField({ scheme, name, logoUrl, onChange }: LogoFieldProps) {
  const { t } = useTranslation();
  const upload = useUploadLogo(scheme);
  const [tooLarge, setTooLarge] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setTooLarge(file.size > MAX_IMAGE_BYTES);
    if (file.size > MAX_IMAGE_BYTES) return;
    try {
      const saved = await upload.mutateAsync(file);
      onChange(saved.url, saved.id);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <div className="form-field">
      <span className="form-field__label">{t("brand.logo")}</span>
      <div className="brand-logo">
        <span role="img" aria-label={t("brand.logoPreview")} data-testid="logo-preview">
          <SchemeLogo name={name || "?"} logoUrl={logoUrl} size={64} />
        </span>
        <label className="button button--ghost brand-logo__pick">
          {upload.isPending
            ? t("brand.logoUploading")
            : logoUrl
              ? t("brand.logoReplace")
              : t("brand.logoChoose")}
          <input
            className="brand-logo__file"
            type="file"
            accept={IMAGE_ACCEPT}
            aria-describedby={hintId}
            disabled={upload.isPending}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
        {logoUrl ? (
          <button type="button" className="button button--ghost" onClick={() => onChange("", 0)}>
            {t("brand.logoRemove")}
          </button>
        ) : null}
      </div>
      <p id={hintId} className="form-field__hint">
        {logoUrl ? t("brand.logoHint") : `${t("brand.noLogo")} ${t("brand.logoHint")}`}
      </p>
      {tooLarge ? (
        <p role="alert" className="form-field__error">
          {t("brand.logoTooLarge")}
        </p>
      ) : null}
      <FormAlert error={upload.error} />
    </div>
  );
}
