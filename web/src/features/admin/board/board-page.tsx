import "../i18n";
import { useParams } from "react-router";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useTranslation } from "@/i18n";
import type { AdminVenue } from "../api/venues";
import { BoardPrinters } from "../printers/board-printers";
import { useAdmin } from "../shell/admin-context";
import { VenueControls } from "../venue-controls/venue-controls";
import { useVenueControls } from "../venue-ops/api";
import { useBoardOrders } from "./api";
import { BoardColumns } from "./board-columns";
import { useBoardStream } from "./board-stream";
import { ConnectionBadge, SoundControl } from "./board-toolbar";
import { AcceptDialog, RejectDialog } from "./decision-dialogs";
import { DispatchDialog } from "./dispatch-dialog";
import { useServerNow } from "./format";
import { KitchenTicket } from "./kitchen-ticket";
import { DEFAULT_ETA } from "./lifecycle";
import { OrderDetail } from "./order-detail";
import { useBoardActions } from "./use-board-actions";
import { useBoardArrivals } from "./use-board-arrivals";
import "./board.css";

/** /{scheme}/admin/board/{venue}: the live order board of one venue. */
export function BoardPage() {
  const { venue: slug = "" } = useParams();
  const { scheme, brand, venues } = useAdmin();
  const venue = venues.find((v) => v.venue_slug === slug);
  if (!venue) {
    return <MissingVenue brand={brand} />;
  }
  // A new venue is a new board: its own stream, bell and memory of orders seen.
  return <Board key={venue.venue_slug} scheme={scheme} venue={venue} />;
}

function MissingVenue({ brand }: { brand: string }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t("office.board")} — ${brand}`);
  return (
    <section className="office-page">
      <h1 className="office-page__title">{t("notFound.title")}</h1>
      <p className="muted">{t("office.notFound")}</p>
    </section>
  );
}

function Board({ scheme, venue }: { scheme: string; venue: AdminVenue }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useBoardOrders(scheme, venue.venue_slug);
  const connection = useBoardStream(scheme, venue.venue_slug, query.data?.meta.last_event_id);
  const now = useServerNow(query.data?.skew);
  // Auto-print and the default prep time are the venue's controls (shared with <VenueControls/>).
  const controls = useVenueControls(scheme, venue.venue_slug).data;
  const board = useBoardActions(scheme, venue.venue_slug, controls?.auto_print ?? false);
  const orders = query.data?.orders ?? [];
  const waiting = useBoardArrivals(query.data?.orders, venue.venue_slug, connection === "reconnecting");

  const base = `${t("office.board")} — ${venue.name}`;
  useDocumentTitle(waiting > 0 ? `(${waiting}) ${base}` : base);

  const { decision } = board;
  const open = board.openId === null ? null : (orders.find((o) => o.id === board.openId) ?? null);
  const errorIn = (place: typeof board.errorIn) => (board.errorIn === place ? board.error : null);

  return (
    <section className="board" aria-labelledby="board-title">
      <div className="board__toolbar">
        <h1 id="board-title" className="board__title">
          {t("board.heading", { venue: venue.name })}
        </h1>
        <ConnectionBadge connection={connection} />
        <SoundControl />
        <BoardPrinters scheme={scheme} venue={venue.venue_slug} timeZone={venue.time_zone} />
        {/* Venue operations (busy, pause, auto-accept, sold out) mount here. */}
        <div className="board__venue-controls">
          <VenueControls scheme={scheme} venue={venue} />
        </div>
      </div>
      {errorIn("board") ? (
        <p role="alert" className="alert alert--error board__alert">
          {errorMessage(board.error)}
        </p>
      ) : null}
      {query.data === undefined ? (
        query.isError ? (
          <div role="alert" className="alert alert--error">
            <p>{errorMessage(query.error)}</p>
            <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
              {t("common.retry")}
            </button>
          </div>
        ) : (
          <p className="muted">{t("board.loading")}</p>
        )
      ) : (
        <BoardColumns
          orders={orders}
          actions={board.actions}
          now={now}
          autoRejectMinutes={query.data.meta.auto_reject_minutes}
          timeZone={venue.time_zone}
        />
      )}
      <AcceptDialog
        key={decision?.kind === "accept" ? decision.order.id : "none"}
        order={decision?.kind === "accept" ? decision.order : null}
        defaultEta={controls?.auto_accept_minutes || DEFAULT_ETA}
        busy={board.busy}
        error={errorIn("dialog")}
        onHide={board.closeDecision}
        onAccept={board.accept}
      />
      <RejectDialog
        key={decision?.kind === "reject" ? `${decision.order.id}-${decision.cancel}` : "none"}
        order={decision?.kind === "reject" ? decision.order : null}
        cancel={decision?.kind === "reject" && decision.cancel}
        busy={board.busy}
        error={errorIn("dialog")}
        onHide={board.closeDecision}
        onReject={board.reject}
      />
      <DispatchDialog
        key={decision?.kind === "dispatch" ? decision.order.id : "none"}
        order={decision?.kind === "dispatch" ? decision.order : null}
        scheme={scheme}
        busy={board.busy}
        error={errorIn("dialog")}
        onHide={board.closeDecision}
        onDispatch={board.dispatch}
      />
      <OrderDetail
        order={open}
        scheme={scheme}
        actions={board.actions}
        error={errorIn("detail")}
        timeZone={venue.time_zone}
        now={now}
        onHide={board.closeDetail}
      />
      {board.printing ? (
        <KitchenTicket order={board.printing} venueName={venue.name} timeZone={venue.time_zone} now={now} />
      ) : null}
    </section>
  );
}
