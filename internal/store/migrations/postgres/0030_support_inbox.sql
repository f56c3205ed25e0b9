-- 0030 support inbox (issue 21): staff answer a customer's support request
-- and move it open → in_progress → resolved (and may reopen it: a customer
-- answers the reply by mail and the venue takes it up again).
--
-- support_messages is the conversation as the customer's order page shows
-- it: each row is staff's reply (body), a change of the request's status
-- (status, the status it set), or both. author_id is the staff member who
-- wrote it (NULL once that account is gone; the reply stays).
ALTER TABLE support_requests DROP CONSTRAINT support_requests_status_check;
ALTER TABLE support_requests ADD CONSTRAINT support_requests_status_check
    CHECK (status IN ('open', 'in_progress', 'resolved'));

-- The inbox lists a scheme's requests newest first.
CREATE INDEX support_requests_scheme ON support_requests (scheme_id, id);

CREATE TABLE support_messages (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    support_request_id BIGINT NOT NULL REFERENCES support_requests (id) ON DELETE CASCADE,
    author_id          BIGINT REFERENCES users (id) ON DELETE SET NULL,
    body               TEXT NOT NULL,
    status             TEXT CHECK (status IN ('open', 'in_progress', 'resolved')),
    created_at         TIMESTAMPTZ NOT NULL
);
CREATE INDEX support_messages_request ON support_messages (support_request_id, id);
