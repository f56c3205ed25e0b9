-- 0030 support inbox (issue 21): staff answer a customer's support request
-- and move it open → in_progress → resolved (and may reopen it: a customer
-- answers the reply by mail and the venue takes it up again).
--
-- support_messages is the conversation as the customer's order page shows
-- it: each row is staff's reply (body), a change of the request's status
-- (status, the status it set), or both. author_id is the staff member who
-- wrote it (NULL once that account is gone; the reply stays).
--
-- SQLite keeps a column's CHECK in the table's text, and rebuilding
-- support_requests would run its ON DELETE actions (uploads would lose their
-- request), so the status column is renamed, a new one with the wider CHECK
-- is added and filled, and the old one dropped.
ALTER TABLE support_requests RENAME COLUMN status TO status_0011;
ALTER TABLE support_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'in_progress', 'resolved'));
UPDATE support_requests SET status = status_0011;
ALTER TABLE support_requests DROP COLUMN status_0011;

-- The inbox lists a scheme's requests newest first.
CREATE INDEX support_requests_scheme ON support_requests (scheme_id, id);

CREATE TABLE support_messages (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    support_request_id BIGINT NOT NULL REFERENCES support_requests (id) ON DELETE CASCADE,
    author_id          BIGINT REFERENCES users (id) ON DELETE SET NULL,
    body               TEXT NOT NULL,
    status             TEXT CHECK (status IN ('open', 'in_progress', 'resolved')),
    created_at         TIMESTAMP NOT NULL
);
CREATE INDEX support_messages_request ON support_messages (support_request_id, id);
