import type { ReactNode } from "react";
import { useTranslation } from "@/i18n";

interface PlaceholderScreenProps {
  title: string;
  children?: ReactNode;
}

/** A themed screen with its heading, for screens that later issues fill in. */
export function PlaceholderScreen({ title, children }: PlaceholderScreenProps) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      {children ?? <p className="muted">{t("common.comingSoon")}</p>}
    </section>
  );
}
