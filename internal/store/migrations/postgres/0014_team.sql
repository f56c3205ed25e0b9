-- 0014 team (issue 12): invitations of staff by e-mail, and the scheme a
-- mail belongs to, so a manager sees the scheme's outbox.
--
-- A manager invites an address to a role in the scheme (or in one venue);
-- the mail carries a random token of which only the SHA-256 is stored. The
-- invitation is used once (accepted_at), dies at expires_at, and a manager
-- may revoke it before (revoked_at).

ALTER TABLE mail_outbox ADD COLUMN scheme_id BIGINT REFERENCES schemes (id) ON DELETE CASCADE;
CREATE INDEX mail_outbox_scheme ON mail_outbox (scheme_id, id);

CREATE TABLE staff_invitations (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scheme_id   BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    venue_id    BIGINT REFERENCES venues (id) ON DELETE CASCADE,
    role        TEXT NOT NULL CHECK (role IN ('staff', 'manager', 'driver')),
    email       TEXT NOT NULL,
    email_norm  TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    invited_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    accepted_at TIMESTAMPTZ,
    accepted_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    revoked_at  TIMESTAMPTZ
);
CREATE INDEX staff_invitations_scheme ON staff_invitations (scheme_id, email_norm);
