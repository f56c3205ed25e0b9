import { useTranslation } from "@/i18n";

/** The first focusable element: jumps keyboard users past the header. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("app.skipToContent")}
    </a>
  );
}
