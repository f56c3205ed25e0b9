-- 0020 audit log and platform admins (issue 20): who changed what in a
-- scheme's back office, and who may create schemes.
--
-- One row per write that changed something: the actor (user id and the
-- e-mail address they had then, kept when the user is gone), the action
-- ("menu.upsert-item", "scheme.import", …), what it names (target, e.g. an
-- item's ref), and the JSON of what it was before and after. Rows are
-- never updated. The indexes serve admin/audit/list's filters: a scheme's
-- rows newest first, by person, by kind.

CREATE TABLE audit_log (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    scheme_id     BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    at            TIMESTAMPTZ NOT NULL,
    actor_user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    actor_email   TEXT NOT NULL,
    action        TEXT NOT NULL,
    target        TEXT NOT NULL,
    before_json   TEXT NOT NULL,
    after_json    TEXT NOT NULL
);
CREATE INDEX audit_log_scheme_at ON audit_log (scheme_id, at, id);
CREATE INDEX audit_log_scheme_actor ON audit_log (scheme_id, actor_email, at);
CREATE INDEX audit_log_scheme_action ON audit_log (scheme_id, action, at);

-- Platform admins (docs/architecture.md §10): platform users (scheme_id
-- NULL) who create schemes. They belong to no scheme, so their sessions
-- are not bound to one: a token of platform_sessions is good for the
-- platform/* calls only, and a scheme's token (sessions) never for those.
CREATE TABLE platform_admins (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE platform_sessions (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash   TEXT NOT NULL UNIQUE,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX platform_sessions_user ON platform_sessions (user_id);
