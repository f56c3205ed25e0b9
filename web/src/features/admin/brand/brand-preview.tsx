import type { CSSProperties } from "react";
import { SchemeLogo } from "@/components/ui/scheme-logo";
import { ThemedRoot } from "@/components/ui/themed-root";
import { useTranslation } from "@/i18n";
import { HEX, themeOf, type BrandValues } from "./brand-form";

/**
 * The storefront in small, as the values would paint it: the header with the
 * logo, the brand band, an item card with its "New" badge and button, and a
 * link, in the light and the dark theme side by side. It reads the same CSS
 * variables as the storefront (ThemedRoot), so what it shows is what customers get.
 */
export function BrandPreview({ values }: { values: BrandValues }) {
  const { t } = useTranslation();
  // The preview sits inside the back office's own themed root: a slot the
  // form leaves empty must not show the scheme's saved colour from outside.
  const unset: Record<string, string> = {};
  values.colours.forEach((c, i) => {
    if (!HEX.test(c)) unset[`--colour-${i + 1}`] = unset[`--on-colour-${i + 1}`] = "initial";
  });
  return (
    <section className="brand-preview" aria-labelledby="brand-preview-title">
      <h2 id="brand-preview-title" className="brand-page__heading">
        {t("brand.preview")}
      </h2>
      <div className="brand-preview__pair">
        {([1, 0] as const).map((theme) => {
          const name = theme === 1 ? t("brand.previewLight") : t("brand.previewDark");
          return (
            <figure
              key={theme}
              className="brand-preview__frame"
              aria-label={t("brand.previewLabel", { theme: name })}
              data-testid={`brand-preview-${theme === 1 ? "light" : "dark"}`}
            >
              <figcaption className="brand-preview__caption">{name}</figcaption>
              <ThemedRoot scheme={themeOf(values, theme)}>
                <div className="brand-preview__page" style={unset as CSSProperties}>
                  <div className="brand-preview__header">
                    <SchemeLogo name={values.name || "?"} logoUrl={values.logoUrl} size={28} />
                    <span className="brand-preview__name">{values.name}</span>
                  </div>
                  <div className="brand-hero brand-preview__band">{t("brand.previewTagline")}</div>
                  <div className="brand-preview__card">
                    <div>
                      <span className="brand-preview__new">{t("brand.previewNew")}</span>
                      <p className="brand-preview__item">{t("brand.previewItem")}</p>
                      <p className="brand-preview__desc">{t("brand.previewItemDescription")}</p>
                    </div>
                    <span className="button button--primary brand-preview__add">{t("brand.previewAdd")}</span>
                  </div>
                  <span className="brand-preview__link">{t("brand.previewLink")}</span>
                </div>
              </ThemedRoot>
            </figure>
          );
        })}
      </div>
    </section>
  );
}
