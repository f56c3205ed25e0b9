-- 0016 venue controls of the order board (issue 12; docs/architecture.md §9).
--
-- auto_accept: a paid order of the venue is accepted at once, with an
-- expected time auto_accept_minutes (plus busy minutes) from then.
-- auto_print: the board prints the kitchen ticket when it accepts. Both are
-- operational state the board changes; a re-import leaves them alone.
ALTER TABLE venues ADD COLUMN auto_accept BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE venues ADD COLUMN auto_accept_minutes INTEGER NOT NULL DEFAULT 20;
ALTER TABLE venues ADD COLUMN auto_print BOOLEAN NOT NULL DEFAULT FALSE;
-- soldout_version moves with every change of the venue's sold-out list, so
-- menu/list's cache (checked against it on every request, with the menu's
-- own version) serves the change at once on every instance.
ALTER TABLE venues ADD COLUMN soldout_version BIGINT NOT NULL DEFAULT 0;

-- venue_soldout lists what one venue has run out of today: items and
-- modifier items of the menu it shares with other venues (kind 'item' or
-- 'modifier', ref_id the items or modifier_items id). Ids outlive a
-- re-import (a removed row is only hidden), so an override never points at
-- another dish.
CREATE TABLE venue_soldout (
    venue_id   BIGINT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('item', 'modifier')),
    ref_id     BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (venue_id, kind, ref_id)
);
