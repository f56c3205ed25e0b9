import "./i18n";
import "./brand.css";
import { useQuery } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useTranslation } from "@/i18n";
import { useAdmin } from "../shell/admin-context";
import { BrandForm } from "./brand-form-view";
import { valuesOf } from "./brand-form";
import type { Tipping } from "./tipping";
import { TippingSection } from "./tipping-section";

/**
 * Managers' Brand page (/{scheme}/admin/brand): name, logo, theme, the main
 * colour and colour1..16, languages, with the storefront previewed live in
 * both themes and a warning where text on a colour would not read.
 */
export function BrandPage() {
  const { t } = useTranslation();
  const { scheme, brand, isManager } = useAdmin();
  const info = useSchemeQuery(scheme);
  // reply_to is not public (venue/info leaves it out): the manager's own
  // call has it. Should it fail, the form goes on without the field.
  const doc = useQuery({
    queryKey: ["scheme-document", scheme],
    queryFn: async () => (await call("admin/scheme/document", { filter: { business_slug: scheme } })).payload,
    enabled: isManager,
    retry: false,
  });
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
      {data && !doc.isPending ? (
        <>
          <BrandForm key={scheme} scheme={scheme} initial={valuesOf(data, replyToOf(doc.data))} />
          <TippingSection key={`tipping-${scheme}`} scheme={scheme} initial={tippingOf(doc.data)} />
        </>
      ) : (
        <p className="muted">{t("brand.loading")}</p>
      )}
    </section>
  );
}

function replyToOf(doc: unknown): string | null {
  if (!doc || typeof doc !== "object") return null;
  const v = (doc as { reply_to?: unknown }).reply_to;
  return typeof v === "string" ? v : "";
}

/** The scheme's tipping as its first venue has it (the editor sets every venue's). */
function tippingOf(doc: unknown): Tipping {
  const venues = (doc as { venues?: Array<{ tipping?: Partial<Tipping> }> } | undefined)?.venues;
  const t = venues?.[0]?.tipping ?? {};
  return {
    enabled: t.enabled ?? false,
    percents: t.percents?.length ? t.percents : [10, 12, 15],
    default_percent: t.default_percent ?? 12,
    allow_custom: t.allow_custom ?? true,
  };
}
