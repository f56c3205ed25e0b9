import type { FieldError } from "react-hook-form";
import { useTranslation } from "@/i18n";

/** Client messages are i18n keys; errors set from a server answer are already text. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    return error.type === "server" ? error.message : t(error.message);
  };
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}
