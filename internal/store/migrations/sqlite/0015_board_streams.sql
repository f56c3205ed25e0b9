-- 0015 board streams (issue 12): the order board follows every order of a
-- venue live (GET /api/v3/admin/orders/stream). An EventSource sends no
-- Authorization header, so admin/orders/stream-ticket trades the staff
-- token for a short-lived ticket bound to one venue and one user; only its
-- SHA-256 is kept (as stream_tickets does for one order).
CREATE TABLE venue_stream_tickets (
    hash       TEXT PRIMARY KEY,
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    venue_id   BIGINT NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX venue_stream_tickets_expiry ON venue_stream_tickets (expires_at);
