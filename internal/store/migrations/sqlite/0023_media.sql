-- 0023 media (issue 20): the back office's pictures (menu photos, the
-- scheme's logo), uploaded by a manager and shown to everyone.
--
-- They live in the database, as support photos do, so every instance of a
-- scale-out installation serves every picture. A row of media is one
-- upload; media_variants holds the server's re-encodings of it at the
-- sizes the storefront shows (never the bytes sent: no EXIF or GPS
-- survives). Neither is ever changed after it is written, so a variant is
-- served with an immutable cache lifetime.

CREATE TABLE media (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    scheme_id  BIGINT NOT NULL REFERENCES schemes (id) ON DELETE CASCADE,
    user_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    purpose    TEXT NOT NULL CHECK (purpose IN ('menu', 'logo')),
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX media_scheme ON media (scheme_id, id);

CREATE TABLE media_variants (
    media_id     BIGINT NOT NULL REFERENCES media (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    content_type TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    data         BLOB NOT NULL,
    PRIMARY KEY (media_id, name)
);
