-- 0003 addresses: customers' saved delivery addresses (the Addresses issue).
--
-- A row belongs to one user in one scheme, and every query names both, so a
-- token of another customer or another scheme never reaches it. Field names
-- follow the saved-address shape of docs/product.md §3; contact_number is E.164.
-- SQLite: AUTOINCREMENT so a deleted address's id is never handed to a new
-- one (a client may still hold it as selectedAddress).

CREATE TABLE addresses (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scheme_id      BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    line_1         TEXT NOT NULL,
    line_2         TEXT NOT NULL DEFAULT '',
    city           TEXT NOT NULL,
    postcode       TEXT NOT NULL,
    country        TEXT NOT NULL,
    lat            DOUBLE PRECISION NOT NULL,
    lng            DOUBLE PRECISION NOT NULL,
    contact_number TEXT NOT NULL,
    email          TEXT NOT NULL,
    note           TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL
);
CREATE INDEX addresses_owner ON addresses (user_id, scheme_id);
