import { useTranslation } from "@/i18n";

/**
 * The back office's pager for a list newest first (Activity, Outbox): Newer, "Page 2
 * of 5", Older. Nothing when everything fits on one page.
 */
export function Pager(props: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <nav className="office-pager" aria-label={t("office.pages")}>
      <button
        type="button"
        className="button button--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("office.newer")}
      </button>
      <span>{t("office.page", { page, pages })}</span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("office.older")}
      </button>
    </nav>
  );
}
