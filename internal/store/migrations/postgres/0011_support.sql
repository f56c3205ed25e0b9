-- 0011 support (issue 11): a customer's support requests about an order,
-- and the photos they upload for them.
--
-- Photos live in the database, not on a disk, so every instance serves
-- every photo. data is the server's own re-encoding of the upload (never
-- the bytes sent, so no EXIF, GPS included, survives). A photo belongs to
-- its uploader (user and scheme) and is attached to at most one request:
-- supports/insert attaches it with a conditional UPDATE
-- (support_request_id IS NULL), so it cannot be attached twice.

CREATE TABLE support_requests (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scheme_id   BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    order_id    BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL REFERENCES users (id),
    kind        TEXT NOT NULL CHECK (kind IN ('incorrect_item', 'wrong_order', 'quality_concern', 'something_else')),
    description TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'resolved')),
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX support_requests_order ON support_requests (order_id, id);

CREATE TABLE uploads (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scheme_id          BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    support_request_id BIGINT REFERENCES support_requests (id) ON DELETE SET NULL,
    content_type       TEXT NOT NULL,
    width              INTEGER NOT NULL,
    height             INTEGER NOT NULL,
    data               BYTEA NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL
);
CREATE INDEX uploads_user ON uploads (user_id, scheme_id);
CREATE INDEX uploads_request ON uploads (support_request_id);
