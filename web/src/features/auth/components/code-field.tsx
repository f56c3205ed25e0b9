import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "@/i18n";
import { CODE_LENGTH } from "../schemas";
import { TextField } from "@/components/ui/form/text-field";

/** The 6-digit code from the e-mail: one numeric field the phone can fill from the message. */
export function CodeField({
  id,
  registration,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t("auth.code")}
      className="form-field--code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH + 2}
      placeholder="••••••"
      hint={t("auth.codeHint")}
      registration={registration}
      error={error}
    />
  );
}
