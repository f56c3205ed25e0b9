import { useTranslation } from "@/i18n";
import { clientTextKey, isApiError } from "@/lib/api/api-error";

/** The text to show for a failure: the server's own (already translated), or ours (fallbacks, code 2061). */
export function useErrorMessage() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (isApiError(error)) {
      const key = clientTextKey(error);
      return key ? t(key) : error.message;
    }
    return t("errors.generic");
  };
}
