import { useTranslation } from "@/i18n";
import { PlainLayout } from "@/components/layout/plain-layout";
import { LandingPage } from "@/features/landing/components/landing-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

export function LandingRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("app.name"));
  return (
    <PlainLayout>
      <LandingPage />
    </PlainLayout>
  );
}
