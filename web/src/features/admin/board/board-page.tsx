import "../i18n";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { useErrorMessage } from "@/hooks/use-error-message";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useTranslation } from "@/i18n";
import type { AdminVenue } from "../api/venues";
import { useAdmin } from "../shell/admin-context";
import { VenueControls } from "../venue-controls/venue-controls";
import { useVenueControls } from "../venue-ops/api";
import { useBoardOrders, useTransition, type BoardOrder, type OrderStatus } from "./api";
import { useBellState, useEnableAlerts, useRinging } from "./bell";
import { useBoardStream, type Connection } from "./board-stream";
import { AcceptDialog, RejectDialog } from "./decision-dialogs";
import { useNow } from "./format";
import { KitchenTicket } from "./kitchen-ticket";
import { COLUMNS, columnOf, DEFAULT_ETA, type Column } from "./lifecycle";
import { OrderCard, type OrderActions } from "./order-card";
import { OrderDetail } from "./order-detail";
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
  const transition = useTransition(scheme, venue.venue_slug);
  // The server's clock as of the board's first answer (a device's clock drifts slowly; taking
  // each answer's would also undo a test's fast-forwarded clock).
  const [skew, setSkew] = useState<number | null>(null);
  if (skew === null && query.data) setSkew(query.data.skew);
  const now = useNow() + (skew ?? 0);
  // Auto-print and the default prep time are the venue's controls (shared with <VenueControls/>).
  const controls = useVenueControls(scheme, venue.venue_slug).data;
  const orders = query.data?.orders ?? [];
  const autoReject = query.data?.meta.auto_reject_minutes ?? 0;
  const pending = orders.filter((o) => o.status === "pending");

  const [accepting, setAccepting] = useState<BoardOrder | null>(null);
  const [rejecting, setRejecting] = useState<{ order: BoardOrder; cancel: boolean } | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [printing, setPrinting] = useState<BoardOrder | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);

  // New paid orders since the board opened: ring, and tell a hidden tab.
  const seen = useRef<Set<number> | null>(null);
  const [arrivals, setArrivals] = useState(0);
  useEffect(() => {
    if (!query.data) return;
    const waiting = query.data.orders.filter((o) => o.status === "pending");
    if (seen.current === null) {
      seen.current = new Set(waiting.map((o) => o.id));
      return;
    }
    const fresh = waiting.filter((o) => !seen.current!.has(o.id));
    if (fresh.length === 0) return;
    fresh.forEach((o) => seen.current!.add(o.id));
    setArrivals((n) => n + fresh.length);
    if (document.hidden && typeof Notification !== "undefined" && Notification.permission === "granted") {
      try {
        new Notification(t("board.notifyTitle", { count: waiting.length }), {
          body: fresh.map((o) => `#${o.order_number}`).join(", "),
          tag: `board-${venue.venue_slug}`,
        });
      } catch {
        // Some browsers allow notifications from a service worker only; the title still counts.
      }
    }
  }, [query.data, t, venue.venue_slug]);
  useRinging({ waiting: pending.length > 0, trigger: arrivals, down: connection === "reconnecting" });

  const base = `${t("office.board")} — ${venue.name}`;
  useDocumentTitle(pending.length > 0 ? `(${pending.length}) ${base}` : base);

  // Print the kitchen ticket once it is rendered (print CSS shows only it).
  useEffect(() => {
    if (!printing) return;
    const id = requestAnimationFrame(() => {
      window.print();
      setPrinting(null);
    });
    return () => cancelAnimationFrame(id);
  }, [printing]);

  const run = (
    order: BoardOrder,
    status: OrderStatus,
    extra: { eta_minutes?: number; reason?: string } = {},
  ) =>
    transition.mutateAsync({ order_id: order.id, status, ...extra }).then(
      (updated) => {
        setActionError(null);
        return { ...order, ...updated } as BoardOrder;
      },
      (error: unknown) => {
        setActionError(error);
        throw error;
      },
    );

  const actions: OrderActions = {
    busy: transition.isPending,
    accept: (order) => {
      transition.reset();
      setAccepting(order);
    },
    reject: (order) => {
      transition.reset();
      setRejecting({ order, cancel: false });
    },
    cancel: (order) => {
      transition.reset();
      setRejecting({ order, cancel: true });
    },
    step: (order, status) => void run(order, status).catch(() => undefined),
    open: (order) => setOpenId(order.id),
    print: (order) => setPrinting(order),
  };
  const open = openId === null ? null : (orders.find((o) => o.id === openId) ?? null);
  const byColumn = (column: Column) => orders.filter((o) => columnOf(o.status) === column);

  return (
    <section className="board" aria-labelledby="board-title">
      <div className="board__toolbar">
        <h1 id="board-title" className="board__title">
          {t("board.heading", { venue: venue.name })}
        </h1>
        <ConnectionBadge connection={connection} />
        <SoundControl />
        {/* Venue operations (busy, pause, auto-accept, sold out) mount here. */}
        <div className="board__venue-controls">
          <VenueControls scheme={scheme} venue={venue} />
        </div>
      </div>
      {actionError ? (
        <p role="alert" className="alert alert--error board__alert">
          {errorMessage(actionError)}
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
        <div className="board__columns">
          {COLUMNS.map((column) => {
            const list = byColumn(column);
            return (
              <section
                key={column}
                className={`board-column board-column--${column}`}
                aria-labelledby={`col-${column}`}
              >
                <h2 id={`col-${column}`} className="board-column__title">
                  {t(`board.columns.${column}`)} <span className="board-column__count">{list.length}</span>
                </h2>
                {list.length === 0 ? (
                  <p className="board-column__empty muted">{t("board.empty")}</p>
                ) : (
                  <div className="board-column__cards" data-testid={`column-${column}`}>
                    {list.map((order) => (
                      <OrderCard
                        key={order.id}
                        order={order}
                        actions={actions}
                        now={now}
                        autoRejectMinutes={autoReject}
                        timeZone={venue.time_zone}
                      />
                    ))}
                  </div>
                )}
              </section>
            );
          })}
        </div>
      )}
      <AcceptDialog
        key={accepting?.id ?? "none"}
        order={accepting}
        defaultEta={controls?.auto_accept_minutes || DEFAULT_ETA}
        busy={transition.isPending}
        error={transition.error}
        onHide={() => setAccepting(null)}
        onAccept={(minutes) => {
          if (!accepting) return;
          void run(accepting, "accepted", { eta_minutes: minutes }).then(
            (accepted) => {
              setAccepting(null);
              if (controls?.auto_print) setPrinting(accepted);
            },
            () => undefined,
          );
        }}
      />
      <RejectDialog
        key={rejecting ? `${rejecting.order.id}-${rejecting.cancel}` : "none"}
        order={rejecting?.order ?? null}
        cancel={rejecting?.cancel ?? false}
        busy={transition.isPending}
        error={transition.error}
        onHide={() => setRejecting(null)}
        onReject={(reason) => {
          if (!rejecting) return;
          void run(rejecting.order, rejecting.cancel ? "cancelled" : "rejected", { reason }).then(
            () => setRejecting(null),
            () => undefined,
          );
        }}
      />
      <OrderDetail
        order={open}
        scheme={scheme}
        actions={actions}
        timeZone={venue.time_zone}
        onHide={() => setOpenId(null)}
      />
      {printing ? <KitchenTicket order={printing} venueName={venue.name} timeZone={venue.time_zone} /> : null}
    </section>
  );
}

function ConnectionBadge({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  return (
    <p
      className={`board-connection board-connection--${connection}`}
      role="status"
      data-testid="board-connection"
    >
      <span className="board-connection__dot" aria-hidden="true" />
      {t(`board.connection.${connection}`)}
    </p>
  );
}

function SoundControl() {
  const { t } = useTranslation();
  const state = useBellState();
  const enable = useEnableAlerts();
  return (
    <div
      className="board-sound"
      data-testid="board-bell"
      data-enabled={state.enabled}
      data-rings-order={state.order}
      data-rings-reconnecting={state.reconnecting}
    >
      {state.enabled ? (
        <span className="board-sound__on">{t("board.soundOn")}</span>
      ) : (
        <button
          type="button"
          className="button button--primary board-sound__enable"
          onClick={() => void enable()}
        >
          {t("board.enableSound")}
        </button>
      )}
    </div>
  );
}
