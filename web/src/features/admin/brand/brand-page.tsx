import "./i18n";
import "./brand.css";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useTranslation } from "@/i18n";
import { useAdmin } from "../shell/admin-context";
import { BrandForm } from "./brand-form-view";
import { valuesOf } from "./brand-form";

/**
 * Managers' Brand page (/{scheme}/admin/brand): name, logo, theme, the main
 * colour and colour1..16, languages, with the storefront previewed live in
 * both themes and a warning where text on a colour would not read.
 */
export function BrandPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const info = useSchemeQuery(scheme);
  useDocumentTitle(`${t("brand.title")} — ${brand}`);
  if (!isManager) {
    return (
      <section className="office-page">
        <h1 className="office-page__title">{t("brand.title")}</h1>
        <p className="muted">{t("brand.managersOnly")}</p>
      </section>
    );
  }
  const data = info.data?.payload;
  return (
    <section className="office-page">
      <h1 className="office-page__title">{t("brand.title")}</h1>
      {data ? (
        <BrandForm key={scheme} scheme={scheme} initial={valuesOf(data)} />
      ) : (
        <p className="muted">{t("brand.loading")}</p>
      )}
    </section>
  );
}
