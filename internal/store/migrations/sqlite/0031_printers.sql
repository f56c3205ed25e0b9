-- 0031 kitchen printers (issue 22): a venue's ticket printers (Star
-- CloudPRNT, Epson Server Direct Print) and the jobs they print.
--
-- A printer polls the URL holding its secret key (key; the back office
-- shows the URL to paste into the printer's settings). What it last said
-- of itself (status_code, paper and cover) is kept for the back office and
-- the board.
--
-- A print job is written in the transaction that accepts an order (one per
-- printer of the venue) or by "reprint"; it is handed out (handed, the
-- count) until the printer confirms it (status printed) and never after.
CREATE TABLE printers (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    scheme_id    BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    venue_id     BIGINT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('star_cloudprnt', 'epson_sdp')),
    key          TEXT NOT NULL UNIQUE,
    last_poll_at TIMESTAMP,
    status_code  TEXT NOT NULL DEFAULT '',
    paper_out    BOOLEAN NOT NULL DEFAULT 0,
    paper_low    BOOLEAN NOT NULL DEFAULT 0,
    cover_open   BOOLEAN NOT NULL DEFAULT 0,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    UNIQUE (venue_id, name)
);
CREATE INDEX printers_scheme ON printers (scheme_id, venue_id);

CREATE TABLE print_jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    printer_id   BIGINT NOT NULL REFERENCES printers (id) ON DELETE CASCADE,
    order_id     BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    scheme_id    BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    token        TEXT NOT NULL UNIQUE,
    reason       TEXT NOT NULL CHECK (reason IN ('accept', 'reprint')),
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'printed', 'failed')),
    handed       INTEGER NOT NULL DEFAULT 0,
    last_code    TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    handed_at    TIMESTAMP,
    printed_at   TIMESTAMP
);
-- An order is accepted once: one accept job per printer at most.
CREATE UNIQUE INDEX print_jobs_accept ON print_jobs (printer_id, order_id) WHERE reason = 'accept';
CREATE INDEX print_jobs_pending ON print_jobs (printer_id, status, id);
CREATE INDEX print_jobs_order ON print_jobs (order_id);
