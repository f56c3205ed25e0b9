-- 0027 reports (issue 21): the sales report (admin/reports/sales) and its
-- CSV link (admin/reports/export).
--
-- orders_report: a report sums a scheme's orders paid in a range, so it
-- ranges over (scheme_id, paid_at) and carries every column it sums
-- (INCLUDE: an index-only scan visits no table row). Unpaid orders have no
-- paid_at and sort apart.
CREATE INDEX orders_report ON orders (scheme_id, paid_at)
    INCLUDE (venue_id, order_type, subtotal, service_charge, discount, tip, delivery_fee, total);
-- refunds_report: refunds count on the day they were made.
CREATE INDEX refunds_report ON refunds (scheme_id, created_at) INCLUDE (order_id, amount, status);

-- A CSV link: admin/reports/export hands out a short-lived URL that a
-- browser downloads without the Authorization header; the URL's token is
-- the credential, bound to one scheme, one manager and one filter (JSON:
-- report.Filter). Only its SHA-256 is kept.
CREATE TABLE report_links (
    hash       TEXT PRIMARY KEY,
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    filter     TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX report_links_expiry ON report_links (expires_at);
