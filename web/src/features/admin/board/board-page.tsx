import "../i18n";
import { useParams } from "react-router";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useTranslation } from "@/i18n";
import { useAdmin } from "../shell/admin-context";
import { VenueControls } from "../venue-controls/venue-controls";
import "./board.css";

/** /{scheme}/admin/board/{venue}: the live order board of one venue. */
export function BoardPage() {
  const { t } = useTranslation();
  const { venue: slug = "" } = useParams();
  const { scheme, brand, venues } = useAdmin();
  const venue = venues.find((v) => v.venue_slug === slug);
  useDocumentTitle(`${t("office.board")} — ${venue?.name ?? brand}`);
  if (!venue) {
    return (
      <section className="office-page">
        <h1 className="office-page__title">{t("notFound.title")}</h1>
        <p className="muted">{t("office.notFound")}</p>
      </section>
    );
  }
  return (
    <section className="board" aria-labelledby="board-title">
      <div className="board__toolbar">
        <h1 id="board-title" className="board__title">
          {t("board.heading", { venue: venue.name })}
        </h1>
        {/* Venue operations (busy, pause, auto-accept, sold out) mount here. */}
        <div className="board__venue-controls">
          <VenueControls scheme={scheme} venue={venue} />
        </div>
      </div>
    </section>
  );
}
