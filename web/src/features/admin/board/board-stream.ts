import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { call } from "@/lib/api/client";
import { openTicketedStream, type StreamState } from "@/lib/ticketed-stream";
import { boardKey } from "./api";

/**
 * The board's live connection (GET /api/v3/admin/orders/stream): every
 * status and eta event of the venue's paid orders. The stream only says
 * "read again": each event refetches admin/orders/board, so the board
 * always shows the server's answer and an event can never be half applied.
 *
 * The stream is lib/ticketed-stream.ts (shared with the order page): an
 * error, the browser going offline, or a silent stream (no event, not even
 * the server's heartbeat, for SILENCE_MS: a tablet whose Wi-Fi dropped may
 * not notice for minutes) shows "reconnecting"; it reopens from the last
 * event id seen and the whole board is read again, so no order that arrived
 * meanwhile is missed. A ticket refused for good (1403, 1404) stops it.
 */
export type Connection = StreamState;

export const SILENCE_MS = 40_000; // the server's heartbeat is every 15 s

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
  return openTicketedStream({
    ticket: async () =>
      (
        await call("admin/orders/stream-ticket", {
          data: { business_slug: o.scheme, venue_slug: o.venue },
        })
      ).payload.url,
    events: ["status", "eta"],
    onEvent: o.onEvent,
    onState: o.onConnection,
    onResumed: o.onResumed,
    startAfter: () => String(o.startAfter() ?? "") || undefined,
    silenceMs: SILENCE_MS,
    retryMaxMs: 10_000,
  });
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
