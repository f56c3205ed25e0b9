-- 0007 orders: checkout (issue 10): promo codes and offers from the import
-- document, orders and their lines, payments, promo and reward uses, and
-- the order event log.
--
-- Money is BIGINT minor units, rates basis points, times UTC. An order line
-- COPIES what was ordered (title, unit price, modifiers with their names and
-- prices, VAT rate) and keeps the item id, so no later menu change or
-- re-import alters an order; items are only ever soft-deleted, so the id
-- still finds its row (deleted or not).
--
-- Promo and reward uses (redemptions): a use is reserved when an order is
-- prepared, spent when it is paid, released when it expires unpaid.
-- promo_codes.uses counts reserved + spent uses; prepare takes one with a
-- conditional UPDATE (uses < max_uses) that also locks the code's row, so
-- concurrent prepares of one code queue on it and never overspend it.

CREATE TABLE promo_codes (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    scheme_id             BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    code                  TEXT NOT NULL, -- upper case
    kind                  TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    percent_bp            INTEGER NOT NULL DEFAULT 0,
    amount                BIGINT NOT NULL DEFAULT 0,
    min_spend             BIGINT NOT NULL DEFAULT 0,
    valid_from            TEXT NOT NULL DEFAULT '', -- RFC 3339 UTC; '' = no bound
    valid_until           TEXT NOT NULL DEFAULT '',
    max_uses              INTEGER NOT NULL DEFAULT 0, -- 0 = unlimited
    max_uses_per_customer INTEGER NOT NULL DEFAULT 0, -- 0 = unlimited
    uses                  INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
    deleted_at            TIMESTAMP,
    UNIQUE (scheme_id, code)
);

-- Offer cards (user/offers); each carries one reward (a discount) that a
-- customer applies to an order: AUTO_APPLY (button_kind 0) by itself,
-- CLAIM (1) on a tap. reward_id in the API is the offer's id.
CREATE TABLE offers (
    id                    INTEGER PRIMARY KEY AUTOINCREMENT,
    scheme_id             BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    ref                   TEXT NOT NULL,
    title                 TEXT NOT NULL,
    color                 TEXT NOT NULL DEFAULT '',
    image_url             TEXT NOT NULL DEFAULT '',
    button_text           TEXT NOT NULL DEFAULT '',
    button_kind           INTEGER NOT NULL DEFAULT 0 CHECK (button_kind IN (0, 1)),
    reward_kind           TEXT NOT NULL CHECK (reward_kind IN ('percent', 'fixed')),
    reward_percent_bp     INTEGER NOT NULL DEFAULT 0,
    reward_amount         BIGINT NOT NULL DEFAULT 0,
    min_spend             BIGINT NOT NULL DEFAULT 0,
    valid_from            TEXT NOT NULL DEFAULT '',
    valid_until           TEXT NOT NULL DEFAULT '',
    max_uses_per_customer INTEGER NOT NULL DEFAULT 0,
    position              INTEGER NOT NULL DEFAULT 0,
    deleted_at            TIMESTAMP,
    UNIQUE (scheme_id, ref)
);

-- The last order number handed out per scheme; prepare increments it in
-- its transaction (the row lock orders concurrent prepares).
CREATE TABLE order_numbers (
    scheme_id   BIGINT PRIMARY KEY REFERENCES schemes (id) ON DELETE CASCADE,
    last_number BIGINT NOT NULL
);

-- status: the lifecycle of docs/architecture.md §6. payment_status: requires_payment
-- → processing (a charge under way, leased until payment_lease_until) →
-- requires_action (a challenge) → paid → refunded; expired when it was
-- never paid. user_id: guests are users too (never pruned while they have
-- orders). (scheme_id, user_id, idempotency_key) is unique: a retried
-- prepare finds its order instead of making a second one.
CREATE TABLE orders (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    scheme_id           BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    venue_id            BIGINT NOT NULL REFERENCES venues (id),
    user_id             BIGINT NOT NULL REFERENCES users (id),
    order_number        BIGINT NOT NULL,
    status              TEXT NOT NULL,
    payment_status      TEXT NOT NULL,
    order_type          INTEGER NOT NULL,
    is_asap             BOOLEAN NOT NULL,
    preorder_for        TIMESTAMP,
    delivery_address    TEXT NOT NULL DEFAULT '', -- JSON snapshot; '' for pickup
    note                TEXT NOT NULL DEFAULT '',
    email               TEXT NOT NULL,
    contact_number      TEXT NOT NULL DEFAULT '',
    first_name          TEXT NOT NULL DEFAULT '',
    last_name           TEXT NOT NULL DEFAULT '',
    currency            TEXT NOT NULL,
    subtotal            BIGINT NOT NULL,
    discount            BIGINT NOT NULL,
    discount_source     TEXT NOT NULL DEFAULT '',
    promo_code_id       BIGINT REFERENCES promo_codes (id),
    promo_code          TEXT NOT NULL DEFAULT '',
    offer_id            BIGINT REFERENCES offers (id),
    service_charge      BIGINT NOT NULL,
    delivery_fee        BIGINT NOT NULL,
    tip                 BIGINT NOT NULL,
    total               BIGINT NOT NULL,
    tax                 BIGINT NOT NULL,
    vat_rate_bp         INTEGER NOT NULL,
    stamps_earned       BIGINT NOT NULL,
    idempotency_key     TEXT NOT NULL,
    request_hash        TEXT NOT NULL,
    payment_lease_until TIMESTAMP,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL,
    expires_at          TIMESTAMP NOT NULL,
    paid_at             TIMESTAMP,
    cancelled_at        TIMESTAMP,
    UNIQUE (scheme_id, order_number),
    UNIQUE (scheme_id, user_id, idempotency_key)
);
CREATE INDEX orders_user ON orders (user_id, scheme_id);
CREATE INDEX orders_venue ON orders (venue_id, status);
CREATE INDEX orders_unpaid ON orders (expires_at)
    WHERE payment_status IN ('requires_payment', 'processing', 'requires_action');

CREATE TABLE order_lines (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id    BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    item_id     BIGINT NOT NULL, -- items.id; the row may since be soft-deleted
    title       TEXT NOT NULL,
    qty         INTEGER NOT NULL CHECK (qty > 0),
    unit_price  BIGINT NOT NULL,
    total       BIGINT NOT NULL,
    vat_rate_bp INTEGER NOT NULL,
    modifiers   TEXT NOT NULL DEFAULT '[]', -- JSON [{id, category_id, name, price, qty}]
    UNIQUE (order_id, position)
);

-- One payment per order; a declined attempt leaves it requires_payment for
-- another card. Only brand and last4 of a card are ever kept.
CREATE TABLE payments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id      BIGINT NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    ref           TEXT NOT NULL UNIQUE,
    provider      TEXT NOT NULL,
    amount        BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL,
    client_secret TEXT NOT NULL DEFAULT '',
    provider_ref  TEXT NOT NULL DEFAULT '',
    challenge_id  TEXT NOT NULL DEFAULT '',
    brand         TEXT NOT NULL DEFAULT '',
    last4         TEXT NOT NULL DEFAULT '',
    last_error    TEXT NOT NULL DEFAULT '',
    attempts      INTEGER NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

-- A promo code's or reward's use by one order: reserved → spent | released.
-- email_norm lets "once per customer" hold for guests, who are a new user
-- at every visit but type the same address.
CREATE TABLE redemptions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    scheme_id     BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    order_id      BIGINT NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    promo_code_id BIGINT REFERENCES promo_codes (id),
    offer_id      BIGINT REFERENCES offers (id),
    user_id       BIGINT NOT NULL,
    email_norm    TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('reserved', 'spent', 'released')),
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE INDEX redemptions_promo ON redemptions (promo_code_id, status);
CREATE INDEX redemptions_offer ON redemptions (offer_id, status);

-- Every change of an order's status or payment, with its time and actor
-- (docs/architecture.md §2: streams read events from here).
CREATE TABLE order_events (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id       BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    scheme_id      BIGINT NOT NULL,
    status         TEXT NOT NULL,
    payment_status TEXT NOT NULL,
    actor          TEXT NOT NULL, -- customer, system, or staff:<user id>
    reason         TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMP NOT NULL
);
CREATE INDEX order_events_order ON order_events (order_id, id);
