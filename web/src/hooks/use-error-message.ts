import { useTranslation } from "@/i18n";
import { isApiError } from "@/lib/api/api-error";

/** The text to show for a failure: the server's own (already translated) or our fallback. */
export function useErrorMessage() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (isApiError(error)) return error.fallback ? t(`errors.${error.fallback}`) : error.message;
    return t("errors.generic");
  };
}
