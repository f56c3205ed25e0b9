import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { call } from "@/lib/api/client";
import { boardKey } from "./api";

/**
 * The board's live connection (GET /api/v3/admin/orders/stream): every
 * status and eta event of the venue's paid orders. The stream only says
 * "read again": each event refetches admin/orders/board, so the board
 * always shows the server's answer and an event can never be half applied.
 *
 * It survives a dropped connection: an error, the browser going offline,
 * or a silent stream (no event, not even the server's heartbeat, for
 * SILENCE_MS: a tablet whose Wi-Fi dropped may not notice for minutes)
 * closes it and shows "reconnecting"; it then asks for a new ticket and
 * reopens from the last event id seen (the server replays what was
 * missed), and reads the whole board again, so no order that arrived
 * meanwhile is missed.
 */
export type Connection = "connecting" | "live" | "reconnecting";

export const SILENCE_MS = 40_000; // the server's heartbeat is every 15 s
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 10_000;

export interface BoardStreamOptions {
  scheme: string;
  venue: string;
  /** The event id to start after when none was seen yet (admin/orders/board's last_event_id). */
  startAfter: () => number | undefined;
  onEvent: (kind: string, data: unknown) => void;
  onConnection: (state: Connection) => void;
  /** After a reconnection: read everything again. */
  onResumed: () => void;
}

export function openBoardStream(o: BoardStreamOptions) {
  let source: EventSource | null = null;
  let lastEventId = "";
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let wasDown = false;

  const heard = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => drop(), SILENCE_MS);
  };

  const drop = () => {
    clearTimeout(silenceTimer);
    source?.close();
    source = null;
    if (stopped) return;
    wasDown = true;
    o.onConnection("reconnecting");
    retry();
  };

  const retry = () => {
    if (stopped) return;
    clearTimeout(retryTimer);
    const delay = Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MAX_MS);
    attempt += 1;
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (stopped || source) return;
    let url: URL;
    try {
      const ticket = await call("admin/orders/stream-ticket", {
        data: { business_slug: o.scheme, venue_slug: o.venue },
      });
      url = new URL(ticket.payload.url, window.location.origin);
    } catch {
      wasDown = true;
      o.onConnection("reconnecting");
      retry();
      return;
    }
    if (stopped || source) return;
    const after = lastEventId || String(o.startAfter() ?? "");
    if (after) url.searchParams.set("last_event_id", after);
    const stream = new EventSource(url);
    source = stream;
    stream.onopen = () => {
      attempt = 0;
      heard();
      o.onConnection("live");
      if (wasDown) {
        wasDown = false;
        o.onResumed();
      }
    };
    const listen = (kind: string) =>
      stream.addEventListener(kind, (message: MessageEvent<string>) => {
        heard();
        if (kind === "heartbeat") return;
        if (message.lastEventId) lastEventId = message.lastEventId;
        let data: unknown = null;
        try {
          data = JSON.parse(message.data);
        } catch {
          // The refetch below reads the truth anyway.
        }
        o.onEvent(kind, data);
      });
    ["status", "eta", "heartbeat"].forEach(listen);
    stream.onerror = () => {
      if (source === stream) drop();
    };
  };

  const offline = () => drop();
  const online = () => {
    if (stopped || source) return;
    attempt = 0;
    clearTimeout(retryTimer);
    void connect();
  };
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  o.onConnection("connecting");
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
    source?.close();
  };
}

/** Keeps the venue's board query live; returns the connection's state. */
export function useBoardStream(scheme: string, venue: string, startAfter: number | undefined) {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<Connection>("connecting");
  const start = useRef(startAfter);
  start.current ??= startAfter;
  const ready = startAfter !== undefined;

  useEffect(() => {
    if (!ready) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: boardKey(scheme, venue) });
    return openBoardStream({
      scheme,
      venue,
      startAfter: () => start.current,
      onEvent: refetch,
      onConnection: setConnection,
      onResumed: refetch,
    });
  }, [queryClient, scheme, venue, ready]);

  return connection;
}
