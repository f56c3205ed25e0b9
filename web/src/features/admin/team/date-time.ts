import { useTranslation } from "@/i18n";

/** A date and time in the page's language (the team and outbox tables). */
export function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (iso: string) => format.format(new Date(iso));
}
