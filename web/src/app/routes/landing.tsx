import { useEffect } from "react";
import { useTranslation } from "@/i18n";
import { PlainLayout } from "@/components/layout/plain-layout";
import { LandingPage } from "@/features/landing/components/landing-page";

export function LandingRoute() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t("app.name");
  }, [t]);
  return (
    <PlainLayout>
      <LandingPage />
    </PlainLayout>
  );
}
