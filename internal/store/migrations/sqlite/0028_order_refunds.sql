-- 0028 order refunds and search (issue 21): staff give money back from an
-- order's page, in part or in full, several times, and find orders by
-- number, e-mail, phone or name.
--
-- refunds held one row per order (the refund of a rejection or
-- cancellation). Now an order may have several: staff refunds (kind
-- 'staff', with the reason and who made it) and at most one lifecycle
-- refund (kind 'order', request_key ''), which gives back only what staff
-- have not. request_key makes a retried or double-clicked staff refund the
-- same row: (order_id, request_key) is unique. Every refund row counts
-- against what was paid from the moment it is written (pending or done),
-- so the refunds of an order never add up to more than its payment.
--
-- SQLite cannot drop a column's UNIQUE: the table is built again.
CREATE TABLE refunds_0028 (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id      BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    scheme_id     BIGINT NOT NULL,
    ref           TEXT NOT NULL UNIQUE,
    payment_ref   TEXT NOT NULL,
    intent_ref    TEXT NOT NULL DEFAULT '', -- the provider's payment (Stripe's PaymentIntent)
    provider      TEXT NOT NULL,
    amount        BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'done')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_at       TIMESTAMP NOT NULL,
    lease_until   TIMESTAMP,
    provider_ref  TEXT NOT NULL DEFAULT '',
    last_error    TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMP NOT NULL,
    done_at       TIMESTAMP,
    kind          TEXT NOT NULL DEFAULT 'order' CHECK (kind IN ('order', 'staff')),
    request_key   TEXT NOT NULL DEFAULT '',
    reason        TEXT NOT NULL DEFAULT '',
    actor_user_id BIGINT,
    actor         TEXT NOT NULL DEFAULT ''
);
INSERT INTO refunds_0028 (id, order_id, scheme_id, ref, payment_ref, intent_ref, provider, amount, currency, status,
    attempts, next_at, lease_until, provider_ref, last_error, created_at, done_at)
SELECT id, order_id, scheme_id, ref, payment_ref, intent_ref, provider, amount, currency, status,
    attempts, next_at, lease_until, provider_ref, last_error, created_at, done_at FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_0028 RENAME TO refunds;
CREATE INDEX refunds_due ON refunds (status, next_at);
CREATE UNIQUE INDEX refunds_order_key ON refunds (order_id, request_key);
-- 0027's index of the sales report went with the old table: the same again.
CREATE INDEX IF NOT EXISTS refunds_report ON refunds (scheme_id, created_at, order_id, amount, status);

-- Order search (admin/orders/search): prefixes of the e-mail address and
-- of the name ("first last", or the last name alone) and the phone number,
-- case-insensitively, within a scheme; a prefix is a range of the index.
CREATE INDEX orders_search_email ON orders (scheme_id, lower(email));
CREATE INDEX orders_search_name ON orders (scheme_id, lower(first_name || ' ' || last_name));
CREATE INDEX orders_search_last_name ON orders (scheme_id, lower(last_name));
CREATE INDEX orders_search_phone ON orders (scheme_id, contact_number);
CREATE INDEX orders_search_created ON orders (scheme_id, created_at);
