-- 0005 account limits (issue 8).
--
-- signin_throttle holds, per account key (scheme and normalised e-mail,
-- whether or not an account exists), the consecutive failed sign-ins and
-- until when the next try must wait (an exponential delay, not a lockout).
-- expires_at lets an idle count be pruned.
CREATE TABLE signin_throttle (
    key           TEXT PRIMARY KEY,
    failures      INTEGER NOT NULL,
    blocked_until TIMESTAMP NOT NULL,
    expires_at    TIMESTAMP NOT NULL
);
CREATE INDEX signin_throttle_expiry ON signin_throttle (expires_at);

-- data_fixes records one-off data rewrites done in Go at start-up (such as
-- re-normalising stored e-mail addresses with NFKC + case folding, which SQL
-- cannot do), so each runs once.
CREATE TABLE data_fixes (
    name       TEXT PRIMARY KEY,
    applied_at TIMESTAMP NOT NULL
);

-- Guests are pruned by age and last use.
CREATE INDEX users_guest_created ON users (created_at) WHERE is_guest = TRUE;
