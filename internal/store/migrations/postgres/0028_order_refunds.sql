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
ALTER TABLE refunds DROP CONSTRAINT refunds_order_id_key;
ALTER TABLE refunds ADD COLUMN kind TEXT NOT NULL DEFAULT 'order' CHECK (kind IN ('order', 'staff'));
ALTER TABLE refunds ADD COLUMN request_key TEXT NOT NULL DEFAULT '';
ALTER TABLE refunds ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE refunds ADD COLUMN actor_user_id BIGINT;
ALTER TABLE refunds ADD COLUMN actor TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX refunds_order_key ON refunds (order_id, request_key);

-- Order search (admin/orders/search): prefixes of the e-mail address and
-- of the name ("first last", or the last name alone) and the phone number,
-- case-insensitively, within a scheme; byte order ("C") so a prefix is a
-- range of the index.
CREATE INDEX orders_search_email ON orders (scheme_id, (lower(email) COLLATE "C"));
CREATE INDEX orders_search_name ON orders (scheme_id, (lower(first_name || ' ' || last_name) COLLATE "C"));
CREATE INDEX orders_search_last_name ON orders (scheme_id, (lower(last_name) COLLATE "C"));
CREATE INDEX orders_search_phone ON orders (scheme_id, contact_number);
CREATE INDEX orders_search_created ON orders (scheme_id, created_at);
