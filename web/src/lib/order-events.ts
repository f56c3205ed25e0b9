import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "@/lib/api/client";
import type { components } from "@/lib/api/schema";
import { openTicketedStream, type StreamState } from "@/lib/ticketed-stream";

/**
 * The live events of one order (GET /api/v3/orders/stream, docs/architecture.md §4) fed
 * into the TanStack Query cache entry of that order: the page just reads the
 * query. Nothing is kept in a global store. The stream itself (tickets,
 * reconnection after the last event id, offline, a permanent refusal) is
 * lib/ticketed-stream.ts, shared with the board.
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

export interface OrderStreamOptions {
  orderId: number;
  businessSlug: string;
  onEvent: (event: OrderEvent) => void;
  onState: (state: StreamState) => void;
}

const ORDER_EVENTS = ["status", "eta", "driver"] as const;

/** Opens the order's stream (lib/ticketed-stream.ts) and keeps it open until the returned function is called. */
export function openOrderStream({ orderId, businessSlug, onEvent, onState }: OrderStreamOptions) {
  return openTicketedStream({
    ticket: async () =>
      (await call("orders/stream-ticket", { data: { id: orderId, business_slug: businessSlug } })).payload
        .url,
    events: ORDER_EVENTS,
    onEvent: (type, data) => {
      // A malformed event is skipped; the next refetch of the order corrects the page.
      if (data !== null) onEvent({ type, data } as OrderEvent);
    },
    onState,
  });
}

/**
 * Keeps the cached order under `queryKey` live. Status changes also refetch the
 * order, since they change what only the server computes (progress, stamps).
 * Returns the stream's state, and `connected`: false only while it is
 * reconnecting (a stream refused for good is "stopped", not reconnecting).
 */
export function useOrderEvents(queryKey: QueryKey, orderId: number, businessSlug: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>("connecting");
  const keyText = JSON.stringify(queryKey);

  useEffect(() => {
    if (!enabled) return;
    const key = JSON.parse(keyText) as QueryKey;
    return openOrderStream({
      orderId,
      businessSlug,
      onState: setState,
      onEvent: (event) => {
        queryClient.setQueryData<OrderDetail>(key, (order) =>
          order ? applyOrderEvent(order, event) : order,
        );
        if (event.type === "status") void queryClient.invalidateQueries({ queryKey: key });
      },
    });
  }, [queryClient, keyText, orderId, businessSlug, enabled]);

  return { connected: state !== "reconnecting", state };
}
