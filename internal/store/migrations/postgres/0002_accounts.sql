-- 0002 accounts: users, memberships, sessions, one-time codes, the mail
-- outbox and rate-limit counters (the Accounts issue).
--
-- Customers and guests belong to one scheme (scheme_id NOT NULL): the same
-- e-mail may hold separate accounts at two schemes. Platform users (staff,
-- managers, drivers, admins) have scheme_id NULL and reach schemes through
-- memberships. email_norm is the lower-cased, trimmed address used for
-- lookups and uniqueness; email is kept as typed, for display.

CREATE TABLE users (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scheme_id      BIGINT REFERENCES schemes (id) ON DELETE CASCADE,
    email          TEXT NOT NULL DEFAULT '',
    email_norm     TEXT NOT NULL DEFAULT '',
    password_hash  TEXT NOT NULL DEFAULT '',
    first_name     TEXT NOT NULL DEFAULT '',
    last_name      TEXT NOT NULL DEFAULT '',
    contact_number TEXT NOT NULL DEFAULT '',
    is_guest       BOOLEAN NOT NULL DEFAULT FALSE,
    verified_at    TIMESTAMPTZ,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
-- Guests have no e-mail, so only registered customers are unique per scheme.
CREATE UNIQUE INDEX users_customer_email ON users (scheme_id, email_norm)
    WHERE scheme_id IS NOT NULL AND is_guest = FALSE;
CREATE UNIQUE INDEX users_platform_email ON users (email_norm) WHERE scheme_id IS NULL;

-- A role in a scheme, or in one venue of it (staff of one store).
CREATE TABLE memberships (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    venue_id   BIGINT REFERENCES venues (id) ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('staff', 'manager', 'driver', 'admin')),
    created_at TIMESTAMPTZ NOT NULL
);
-- COALESCE because NULLs never collide in a unique index.
CREATE UNIQUE INDEX memberships_unique ON memberships (user_id, scheme_id, COALESCE(venue_id, 0), role);
CREATE INDEX memberships_scheme ON memberships (scheme_id);

-- Only the token's SHA-256 is stored. A session is bound to the scheme it
-- was opened at; expires_at slides 30 days from last use.
CREATE TABLE sessions (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash   TEXT NOT NULL UNIQUE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scheme_id    BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX sessions_user ON sessions (user_id);

-- One-time 6-digit codes (verify the address, reset the password). payload
-- is what a verify code applies (the password hash and profile of the
-- sign-up that asked for it), so a second sign-up for an unverified address
-- cannot take over the account of whoever reads the mail.
CREATE TABLE auth_codes (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    purpose    TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    email_norm TEXT NOT NULL,
    code_hash  TEXT NOT NULL,
    payload    TEXT NOT NULL DEFAULT '',
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX auth_codes_lookup ON auth_codes (scheme_id, email_norm, purpose);

-- Mail is written here in the transaction of the change that causes it and
-- sent after commit by a worker that claims rows with a lease.
-- status: pending → sent (through SMTP) | outbox (no SMTP configured: logged
-- only) | failed (gave up after many attempts).
CREATE TABLE mail_outbox (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind            TEXT NOT NULL,
    to_addr         TEXT NOT NULL,
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'outbox', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    lease_until     TIMESTAMPTZ,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    sent_at         TIMESTAMPTZ
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);

-- Fixed-window counters shared by every instance: key and window number
-- (unix time / window length); expires_at lets old windows be pruned.
CREATE TABLE rate_limits (
    key        TEXT NOT NULL,
    window_no  BIGINT NOT NULL,
    hits       INTEGER NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (key, window_no)
);
CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
