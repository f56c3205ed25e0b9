-- 0001 catalog: schemes, venues and menus (the Foundation issue).
-- Money is BIGINT minor units; rates are basis points; timestamps are UTC.
-- Lists that are only ever read whole (colours, languages, order types, tip
-- percents) are JSON text, so both databases store them the same way.
-- SQLite: AUTOINCREMENT so the id of a deleted item is never handed to a new
-- one; baskets and orders keep item ids.

CREATE TABLE schemes (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    slug              TEXT NOT NULL UNIQUE,
    name              TEXT NOT NULL,
    logo_url          TEXT NOT NULL DEFAULT '',
    theme             INTEGER NOT NULL DEFAULT 0,
    colour            TEXT NOT NULL DEFAULT '',
    colours           TEXT NOT NULL DEFAULT '[]',
    currency          TEXT NOT NULL,
    country           TEXT NOT NULL,
    languages         TEXT NOT NULL DEFAULT '[]',
    stamp_threshold   BIGINT NOT NULL DEFAULT 0,
    stamps_per_reward INTEGER NOT NULL DEFAULT 0,
    reward_title      TEXT NOT NULL DEFAULT '',
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);

CREATE TABLE menus (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    scheme_id    BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    ref          TEXT NOT NULL,
    name         TEXT NOT NULL,
    layout_style INTEGER NOT NULL DEFAULT 0,
    version      BIGINT NOT NULL DEFAULT 1,
    UNIQUE (scheme_id, ref)
);

CREATE TABLE venues (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    scheme_id          BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    slug               TEXT NOT NULL,
    name               TEXT NOT NULL,
    address_line1      TEXT NOT NULL DEFAULT '',
    address_line2      TEXT NOT NULL DEFAULT '',
    city               TEXT NOT NULL DEFAULT '',
    postcode           TEXT NOT NULL DEFAULT '',
    country            TEXT NOT NULL DEFAULT '',
    lat                DOUBLE PRECISION NOT NULL,
    lng                DOUBLE PRECISION NOT NULL,
    time_zone          TEXT NOT NULL,
    order_types        TEXT NOT NULL DEFAULT '[]',
    delivery_radius_m  BIGINT NOT NULL DEFAULT 0,
    delivery_fee       BIGINT NOT NULL DEFAULT 0,
    free_delivery_over BIGINT NOT NULL DEFAULT 0,
    delivery_minimum   BIGINT NOT NULL DEFAULT 0,
    pickup_minimum     BIGINT NOT NULL DEFAULT 0,
    prep_minutes       INTEGER NOT NULL DEFAULT 0,
    delivery_minutes   INTEGER NOT NULL DEFAULT 0,
    service_charge_bp  INTEGER NOT NULL DEFAULT 0,
    vat_rate_bp        INTEGER NOT NULL DEFAULT 0,
    tipping_enabled    BOOLEAN NOT NULL DEFAULT FALSE,
    tip_percents       TEXT NOT NULL DEFAULT '[]',
    tip_default        INTEGER NOT NULL DEFAULT 0,
    tip_allow_custom   BOOLEAN NOT NULL DEFAULT FALSE,
    layout_style       INTEGER NOT NULL DEFAULT 0,
    menu_id            BIGINT NOT NULL REFERENCES menus (id),
    position           INTEGER NOT NULL DEFAULT 0,
    UNIQUE (scheme_id, slug)
);
CREATE INDEX venues_menu ON venues (menu_id);

-- Several ranges a day; a missing weekday is closed. Times are "HH:MM" in the
-- venue's own zone; closes_at may be "24:00" or earlier than opens_at.
CREATE TABLE venue_hours (
    venue_id  BIGINT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    weekday   INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    position  INTEGER NOT NULL,
    opens_at  TEXT NOT NULL,
    closes_at TEXT NOT NULL,
    PRIMARY KEY (venue_id, weekday, position)
);

CREATE TABLE categories (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    menu_id  BIGINT NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
    ref      TEXT NOT NULL,
    name     TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0,
    UNIQUE (menu_id, ref)
);

CREATE TABLE items (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    category_id  BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    ref          TEXT NOT NULL,
    title        TEXT NOT NULL,
    description  TEXT NOT NULL DEFAULT '',
    image_url    TEXT NOT NULL DEFAULT '',
    price        BIGINT NOT NULL CHECK (price >= 0),
    is_new       BOOLEAN NOT NULL DEFAULT FALSE,
    is_available BOOLEAN NOT NULL DEFAULT TRUE,
    select_min   INTEGER NOT NULL DEFAULT 0,
    select_max   INTEGER NOT NULL DEFAULT 0,
    order_types  TEXT NOT NULL DEFAULT '[]',
    position     INTEGER NOT NULL DEFAULT 0,
    UNIQUE (category_id, ref)
);

CREATE TABLE modifier_categories (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    menu_id    BIGINT NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
    ref        TEXT NOT NULL,
    name       TEXT NOT NULL,
    select_min INTEGER NOT NULL DEFAULT 0,
    select_max INTEGER NOT NULL DEFAULT 0,
    position   INTEGER NOT NULL DEFAULT 0,
    UNIQUE (menu_id, ref)
);

CREATE TABLE modifier_items (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    modifier_category_id BIGINT NOT NULL REFERENCES modifier_categories (id) ON DELETE CASCADE,
    ref                  TEXT NOT NULL,
    name                 TEXT NOT NULL,
    price                BIGINT NOT NULL CHECK (price >= 0),
    is_available         BOOLEAN NOT NULL DEFAULT TRUE,
    position             INTEGER NOT NULL DEFAULT 0,
    UNIQUE (modifier_category_id, ref)
);

CREATE TABLE item_modifier_categories (
    item_id              BIGINT NOT NULL REFERENCES items (id) ON DELETE CASCADE,
    modifier_category_id BIGINT NOT NULL REFERENCES modifier_categories (id) ON DELETE CASCADE,
    position             INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (item_id, modifier_category_id)
);
CREATE INDEX item_modifier_categories_mc ON item_modifier_categories (modifier_category_id);
