-- 0006 venue operations (issue 10; docs/architecture.md §9).
--
-- Slot capacity is the most orders of one order type per 15-minute slot
-- (0: unlimited); the import document sets it. paused_until (no ASAP orders
-- until then; NULL: not paused) and busy_minutes (added to prep time) are
-- operational state the order board changes; a re-import leaves them alone.
ALTER TABLE venues ADD COLUMN delivery_slot_capacity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE venues ADD COLUMN pickup_slot_capacity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE venues ADD COLUMN paused_until TIMESTAMP;
ALTER TABLE venues ADD COLUMN busy_minutes INTEGER NOT NULL DEFAULT 0;

-- slot_usage counts the orders holding a place in a slot (slot_start is the
-- slot's start, UTC). A place is claimed by a conditional update in the
-- order's own transaction (used < capacity), so concurrent prepares can never
-- overfill a slot, and given back when an unpaid order expires.
CREATE TABLE slot_usage (
    venue_id   BIGINT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    order_type INTEGER NOT NULL CHECK (order_type IN (0, 1)),
    slot_start TIMESTAMP NOT NULL,
    used       INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
    PRIMARY KEY (venue_id, order_type, slot_start)
);

-- slot_claims remembers which order holds which place (one at most), so the
-- place is released by order id alone, once. order_id names an order (the
-- orders table comes in a later step; a claim is written in the order's own
-- transaction and deleted when its place is released).
CREATE TABLE slot_claims (
    order_id   BIGINT PRIMARY KEY,
    venue_id   BIGINT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    order_type INTEGER NOT NULL,
    slot_start TIMESTAMP NOT NULL
);
