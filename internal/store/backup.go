package store

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// ErrBackupPostgres: PostgreSQL is backed up with its own tools.
var ErrBackupPostgres = errors.New("store: PostgreSQL is backed up with pg_dump and restored with pg_restore " +
	"(docs/operations.md, \"Backups\"); platter backup copies SQLite databases only")

// Backup writes a consistent copy of a SQLite database to path while the
// database stays in use: VACUUM INTO reads one snapshot (a read
// transaction, so writers on this and other processes go on through the
// WAL) and writes it as a new, compacted database file. The copy is a
// plain SQLite database: to restore, stop the servers and point
// PLATTER_DATABASE_URL at it (or move it into place). path must not exist.
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.dialect != SQLite {
		return ErrBackupPostgres
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("store: backup: %s already exists; choose a new file", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := db.db.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		_ = os.Remove(path) // no half-written copy left behind
		return fmt.Errorf("store: backup: %w", err)
	}
	return checkCopy(ctx, path)
}

// checkCopy opens the copy and asks SQLite to check it whole, so an
// operator learns of a bad copy now rather than on the day of a restore.
func checkCopy(ctx context.Context, path string) error {
	cp, err := Open(ctx, "sqlite:"+path)
	if err != nil {
		return fmt.Errorf("store: backup: open the copy: %w", err)
	}
	defer cp.Close()
	var check string
	if err := cp.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil {
		return fmt.Errorf("store: backup: check the copy: %w", err)
	}
	if check != "ok" {
		return fmt.Errorf("store: backup: the copy failed SQLite's integrity check: %s", check)
	}
	return nil
}
