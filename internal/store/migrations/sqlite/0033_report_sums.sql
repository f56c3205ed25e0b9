-- 0033 report sums (issue 21): the sales report reads a year at once.
--
-- Summing a year of orders row by row (100,000 orders, 200,000 lines) took
-- seconds on a busy machine however the indexes were laid out: the time is
-- in visiting every row and sorting it into its group. So the figures are
-- also kept already summed, by the venue's own date and hour (in its zone),
-- venue and order type, and each order's lines by date, venue and title.
-- The writes that make an order paid or record a refund add to these rows
-- in their own transaction (store/report_sums.go), and this migration's
-- backfill (run in its transaction, in Go: dates need the zone database)
-- sums the orders there are. The report adds up at most a row per hour
-- served instead of a row per order.
--
-- report_sums: paid orders on the hour they were paid (orders, gross =
-- subtotal + service charge, discounts, tips, delivery fees, paid = their
-- totals) and refunds on the hour they were made (refunds), for orders that
-- were paid. net = paid − refunds.
CREATE TABLE report_sums (
    scheme_id     BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    day           TEXT NOT NULL,    -- the venue's date, YYYY-MM-DD
    venue_id      BIGINT NOT NULL,
    hour          INTEGER NOT NULL, -- the venue's hour of the day, 0–23
    order_type    INTEGER NOT NULL,
    orders        BIGINT NOT NULL,
    gross         BIGINT NOT NULL,
    discounts     BIGINT NOT NULL,
    tips          BIGINT NOT NULL,
    delivery_fees BIGINT NOT NULL,
    paid          BIGINT NOT NULL,
    refunds       BIGINT NOT NULL,
    PRIMARY KEY (scheme_id, day, venue_id, hour, order_type)
) WITHOUT ROWID;

-- report_item_sums: paid orders' lines by title as ordered: the orders
-- holding the title (an order once, however many of its lines) and the
-- lines' totals.
CREATE TABLE report_item_sums (
    scheme_id BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    day       TEXT NOT NULL,
    venue_id  BIGINT NOT NULL,
    title     TEXT NOT NULL,
    orders    BIGINT NOT NULL,
    gross     BIGINT NOT NULL,
    PRIMARY KEY (scheme_id, day, venue_id, title)
) WITHOUT ROWID;

-- report_zones: the zones a venue's sums were dated in. A venue whose zone
-- has changed since (an import moved it) has sums dated in another zone;
-- its report is summed from the orders instead until they are rebuilt.
CREATE TABLE report_zones (
    venue_id BIGINT NOT NULL,
    zone     TEXT NOT NULL,
    PRIMARY KEY (venue_id, zone)
) WITHOUT ROWID;
