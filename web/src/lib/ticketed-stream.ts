import { isApiError } from "@/lib/api/api-error";

/**
 * A server-sent event stream opened with a ticket (docs/architecture.md §4: EventSource
 * cannot send headers, so an API call hands out a short-lived ticket bound to
 * the caller, and the stream's URL carries it). The order page's stream and the
 * board's both run on this.
 *
 * A ticket opens one stream, so the browser's own EventSource retry (which
 * would reuse the spent ticket) is not used: on an error the stream is closed,
 * a new ticket asked for after a backoff, and the stream reopened after the
 * last event id seen, so the server replays what was missed.
 *
 * A phone or tablet that loses its network often keeps a dead connection open
 * without any error, so the browser's `offline` event ends the stream, `online`
 * reconnects at once, and with `silenceMs` a stream that hears nothing (not even
 * the server's `heartbeat`) for that long is dropped and reopened.
 *
 * A ticket refused for good — 1403 (not allowed) or 1404 (no such order or
 * venue) — stops it: asking again would be refused again, forever.
 */
export type StreamState = "connecting" | "live" | "reconnecting" | "stopped";

/** The refusals of a ticket that asking again cannot change. */
const PERMANENT = new Set([1403, 1404]);

const RETRY_BASE_MS = 1000;

export interface TicketedStreamOptions {
  /** Asks for a ticket; resolves to the stream's URL (path and query, ticket included). */
  ticket: () => Promise<string>;
  /** The event types delivered to onEvent (`heartbeat` is listened to as well, never delivered). */
  events: readonly string[];
  /** Each event's data, parsed (null when it was not JSON). */
  onEvent: (type: string, data: unknown) => void;
  onState: (state: StreamState) => void;
  /** After a reconnection (not the first open): what was missed may need reading again. */
  onResumed?: () => void;
  /** The event id to start after when none was seen yet. */
  startAfter?: () => string | undefined;
  /** Drop a stream silent for this long (the server sends a heartbeat every 15 s). */
  silenceMs?: number;
  /** The longest wait between two attempts. */
  retryMaxMs?: number;
}

/** Whether a failed ticket call means the stream can never be opened (1403, 1404). */
export function isPermanentRefusal(error: unknown): boolean {
  return isApiError(error) && error.code !== undefined && PERMANENT.has(error.code);
}

/** Opens the stream and keeps it open until the returned function is called. */
export function openTicketedStream(o: TicketedStreamOptions): () => void {
  let source: EventSource | null = null;
  let lastEventId = "";
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let ended = false; // closed by the caller, or refused for good
  let wasDown = false;
  // Bumped whenever the stream is dropped: a connect still waiting for its
  // ticket from before then opens nothing (whoever dropped it starts anew).
  let generation = 0;

  const heard = () => {
    if (!o.silenceMs) return;
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => drop(true), o.silenceMs);
  };

  const close = () => {
    generation += 1;
    clearTimeout(silenceTimer);
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };

  const drop = (retrying: boolean) => {
    close();
    if (ended) return;
    wasDown = true;
    o.onState("reconnecting");
    if (retrying) retry();
  };

  const retry = () => {
    clearTimeout(retryTimer);
    const delay = Math.min(RETRY_BASE_MS * 2 ** attempt, o.retryMaxMs ?? 15_000);
    attempt += 1;
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const listen = (stream: EventSource, type: string) =>
    stream.addEventListener(type, (message: MessageEvent<string>) => {
      heard();
      if (type === "heartbeat") return;
      if (message.lastEventId) lastEventId = message.lastEventId;
      let data: unknown = null;
      try {
        data = JSON.parse(message.data);
      } catch {
        // Delivered as null: the reader refetches what it cannot apply.
      }
      o.onEvent(type, data);
    });

  const connect = async () => {
    if (ended || source) return;
    const mine = generation;
    let url: URL;
    try {
      url = new URL(await o.ticket(), window.location.origin);
    } catch (error) {
      if (ended || mine !== generation) return;
      if (isPermanentRefusal(error)) {
        ended = true;
        o.onState("stopped");
        return;
      }
      drop(true);
      return;
    }
    if (ended || source || mine !== generation) return;
    const after = lastEventId || (o.startAfter?.() ?? "");
    if (after) url.searchParams.set("last_event_id", after);
    const stream = new EventSource(url);
    source = stream;
    stream.onopen = () => {
      attempt = 0;
      heard();
      o.onState("live");
      if (wasDown) {
        wasDown = false;
        o.onResumed?.();
      }
    };
    for (const type of new Set([...o.events, "heartbeat"])) listen(stream, type);
    stream.onerror = () => {
      if (source === stream) drop(true);
      else stream.close();
    };
  };

  const offline = () => drop(false);
  const online = () => {
    if (ended || source) return;
    close();
    attempt = 0;
    void connect();
  };
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  o.onState("connecting");
  void connect();
  return () => {
    ended = true;
    close();
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
  };
}
