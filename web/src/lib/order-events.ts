import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";

/**
 * The live events of one order (GET /api/v3/orders/stream, DESIGN.md §4) fed
 * into the TanStack Query cache entry of that order: the page just reads the
 * query. Nothing is kept in a global store.
 *
 * A ticket opens one stream, so the browser's own EventSource retry (which
 * would reuse the spent ticket) is not used: on an error the stream is closed,
 * a new ticket asked for and the stream reopened with the last event id seen,
 * so the server replays what was missed and nothing is repeated.
 *
 * A phone that loses its network often keeps a dead connection open without
 * any error, so the browser's `offline` event also ends the stream (the page
 * says it is reconnecting), and `online` reconnects at once instead of
 * waiting for the next retry.
 */
export type OrderDetail = components["schemas"]["OrderDetail"];

export interface StatusEvent {
  status: OrderDetail["status"];
  payment_status: OrderDetail["payment_status"];
  label?: string;
  reason?: string;
  at: string;
}
export interface EtaEvent {
  expected_at: string | null;
}
export interface DriverEvent {
  lat: number;
  lng: number;
  updated_at: string;
}

export type OrderEvent =
  | { type: "status"; data: StatusEvent }
  | { type: "eta"; data: EtaEvent }
  | { type: "driver"; data: DriverEvent };

/** The order after one event; pure, so the cache update is tested without a stream. */
export function applyOrderEvent(order: OrderDetail, event: OrderEvent): OrderDetail {
  switch (event.type) {
    case "status": {
      const { status, payment_status, at } = event.data;
      const seen = order.history.some((h) => h.status === status && h.at === at);
      return {
        ...order,
        status,
        payment_status,
        label: event.data.label ?? order.label,
        history: seen ? order.history : [...order.history, { status, payment_status, at }],
      };
    }
    case "eta":
      return { ...order, expected_at: event.data.expected_at };
    case "driver":
      return {
        ...order,
        driver: {
          name: order.driver?.name ?? "",
          lat: event.data.lat,
          lng: event.data.lng,
          updated_at: event.data.updated_at,
        },
      };
  }
}

const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 15_000;

export interface OrderStreamOptions {
  orderId: number;
  businessSlug: string;
  onEvent: (event: OrderEvent) => void;
  onConnection: (connected: boolean) => void;
}

/** Opens the stream and keeps it open until the returned function is called. */
export function openOrderStream({ orderId, businessSlug, onEvent, onConnection }: OrderStreamOptions) {
  let source: EventSource | null = null;
  let lastEventId = "";
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Bumped by offline and online: a connect still waiting for its ticket
  // from before then opens nothing (online starts its own).
  let generation = 0;

  const retry = () => {
    if (stopped) return;
    clearTimeout(timer);
    const delay = Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MAX_MS);
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (stopped || source) return;
    const mine = generation;
    let url: URL;
    try {
      const ticket = await call("orders/stream-ticket", {
        data: { id: orderId, business_slug: businessSlug },
      });
      url = new URL(ticket.payload.url, window.location.origin);
    } catch {
      if (mine !== generation) return;
      onConnection(false);
      retry();
      return;
    }
    if (stopped || mine !== generation) return;
    if (lastEventId) url.searchParams.set("last_event_id", lastEventId);
    const stream = new EventSource(url);
    source = stream;
    stream.onopen = () => {
      attempt = 0;
      onConnection(true);
    };
    for (const type of ["status", "eta", "driver"] as const) {
      stream.addEventListener(type, (message: MessageEvent<string>) => {
        if (message.lastEventId) lastEventId = message.lastEventId;
        try {
          onEvent({ type, data: JSON.parse(message.data) } as OrderEvent);
        } catch {
          // A malformed event is skipped; the next refetch of the order corrects the page.
        }
      });
    }
    stream.onerror = () => {
      stream.close();
      if (source !== stream) return;
      source = null;
      onConnection(false);
      retry();
    };
  };

  const offline = () => {
    generation += 1;
    clearTimeout(timer);
    source?.close();
    source = null;
    onConnection(false);
  };
  const online = () => {
    if (source) return;
    generation += 1;
    clearTimeout(timer);
    attempt = 0;
    void connect();
  };
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
  };
}

/**
 * Keeps the cached order under `queryKey` live. Status changes also refetch the
 * order, since they change what only the server computes (progress, stamps).
 * Returns whether the stream is connected (false while reconnecting).
 */
export function useOrderEvents(queryKey: QueryKey, orderId: number, businessSlug: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(true);
  const keyText = JSON.stringify(queryKey);

  useEffect(() => {
    if (!enabled) return;
    const key = JSON.parse(keyText) as QueryKey;
    return openOrderStream({
      orderId,
      businessSlug,
      onConnection: setConnected,
      onEvent: (event) => {
        queryClient.setQueryData<OrderDetail>(key, (order) =>
          order ? applyOrderEvent(order, event) : order,
        );
        if (event.type === "status") void queryClient.invalidateQueries({ queryKey: key });
      },
    });
  }, [queryClient, keyText, orderId, businessSlug, enabled]);

  return { connected };
}
