-- 0032 outbound webhooks (issue 22, docs/architecture.md §11): a scheme's
-- endpoints, the events queued in the transaction of the change that causes
-- them, one delivery per event and endpoint (its webhook-id the same on
-- every attempt), and each attempt's outcome for the back office's log.
--
-- secret signs every delivery; previous_secret signs too until
-- previous_until after a rotation (both secrets sign during the overlap).
-- events is the chosen event names joined by commas.
CREATE TABLE webhooks (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scheme_id       BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    url             TEXT NOT NULL,
    events          TEXT NOT NULL,
    enabled         BOOLEAN NOT NULL DEFAULT TRUE,
    secret          TEXT NOT NULL,
    previous_secret TEXT NOT NULL DEFAULT '',
    previous_until  TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX webhooks_scheme ON webhooks (scheme_id, id);

-- One event's body, written once and sent to every endpoint that chose it.
CREATE TABLE webhook_events (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    type       TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE webhook_deliveries (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id      BIGINT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id        BIGINT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    msg_id          TEXT NOT NULL UNIQUE,
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    lease_until     TIMESTAMPTZ,
    give_up_at      TIMESTAMPTZ NOT NULL,
    last_attempt_at TIMESTAMPTZ,
    response_code   INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    delivered_at    TIMESTAMPTZ
);
-- The sender's claim (the first pending delivery that is due and not
-- leased, by id), as mail_outbox_queue does for mail.
CREATE INDEX webhook_deliveries_queue ON webhook_deliveries (status, id, next_attempt_at, lease_until);
-- An endpoint's log, newest first.
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery_id   BIGINT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    at            TIMESTAMPTZ NOT NULL,
    response_code INTEGER NOT NULL DEFAULT 0,
    error         TEXT NOT NULL DEFAULT '',
    duration_ms   BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
