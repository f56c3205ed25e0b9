-- 0009 order lifecycle (issue 11): what happens after checkout.
--
-- order_events gains a kind (status, eta, driver) and a JSON payload: the
-- event streams send one event per row, by id, so a stream that resumes
-- from Last-Event-ID loses and repeats nothing.
ALTER TABLE order_events ADD COLUMN kind TEXT NOT NULL DEFAULT 'status';
ALTER TABLE order_events ADD COLUMN payload TEXT NOT NULL DEFAULT '{}';

-- expected_at: when the venue said the order will be ready or delivered
-- (accept's eta_minutes). driver_user_id: the driver assigned when the
-- order went on its way; their last position is kept on the order so
-- orders/get shows it without reading the event log.
ALTER TABLE orders ADD COLUMN expected_at TIMESTAMPTZ;
ALTER TABLE orders ADD COLUMN driver_user_id BIGINT REFERENCES users (id);
ALTER TABLE orders ADD COLUMN driver_lat DOUBLE PRECISION;
ALTER TABLE orders ADD COLUMN driver_lng DOUBLE PRECISION;
ALTER TABLE orders ADD COLUMN driver_at TIMESTAMPTZ;
CREATE INDEX orders_driver ON orders (driver_user_id);

-- A refund to make: written in the transaction that rejects or cancels a
-- paid order, made through the provider after the commit by a worker that
-- claims the row with a lease (one worker at a time, on any instance) and
-- retries until the provider says done. ref is the provider's idempotency
-- key, the same on every attempt, so a retry after a crash mid-call is the
-- same refund, never a second one. One refund per order (UNIQUE).
CREATE TABLE refunds (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id     BIGINT NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    scheme_id    BIGINT NOT NULL,
    ref          TEXT NOT NULL UNIQUE,
    payment_ref  TEXT NOT NULL,
    intent_ref   TEXT NOT NULL DEFAULT '', -- the provider's payment (Stripe's PaymentIntent)
    provider     TEXT NOT NULL,
    amount       BIGINT NOT NULL,
    currency     TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'done')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_at      TIMESTAMPTZ NOT NULL,
    lease_until  TIMESTAMPTZ,
    provider_ref TEXT NOT NULL DEFAULT '',
    last_error   TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    done_at      TIMESTAMPTZ
);
CREATE INDEX refunds_due ON refunds (status, next_at);

-- Stream tickets: an EventSource cannot send the Authorization header, so
-- orders/stream-ticket trades the token for a short-lived ticket bound to
-- one order and one user; only its SHA-256 is kept.
CREATE TABLE stream_tickets (
    hash       TEXT PRIMARY KEY,
    scheme_id  BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    order_id   BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX stream_tickets_expiry ON stream_tickets (expires_at);
