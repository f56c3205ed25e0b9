package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"platter/internal/audit"
	"platter/internal/catalog"
	"platter/internal/platter"
)

// The audit log's shapes are package audit's (httpapi shows them without
// importing the store); these names keep the store's API readable.
type (
	Audit       = audit.Audit
	AuditEntry  = audit.Entry
	AuditFilter = audit.Filter
)

// AuditPageSize is how many rows one page of the audit log holds.
const AuditPageSize = audit.PageSize

// EditScheme is how the back office writes what the import document
// holds, in ONE write transaction: it locks the scheme row (PostgreSQL),
// reads the scheme's document as ExportScheme does, hands it to fn to
// change, validates the result (a validation error, code 1000, with fields
// keyed by the document's JSON path, as import), imports it (ids stay
// stable, what fn removed is hidden, each changed menu's version moves
// once) and records an audit row with fn's before and after. A write that
// changes nothing records nothing and moves no version.
//
// fn may run more than once (a retried transaction): it must only change
// doc and compute its answers from doc, never talk to the network or keep
// state across runs. An error from fn rolls everything back and is
// returned as it is (use platter errors: platter.Invalid, NotFound).
func (db *DB) EditScheme(ctx context.Context, slug string, a Audit,
	fn func(doc *catalog.SchemeDoc) (before, after any, err error)) (*ImportResult, error) {
	res := &ImportResult{}
	err := db.writeMenus(ctx, func(t *menuTx) error {
		*res = ImportResult{}
		now := time.Now().UTC()
		doc, schemeID, err := exportScheme(ctx, t.c, slug, true)
		if err != nil {
			return err
		}
		before, after, err := fn(doc)
		if err != nil {
			return err
		}
		if doc.BusinessSlug != slug {
			return platter.Invalid(map[string]string{"business_slug": "scheme.slug_fixed"})
		}
		doc.Normalise()
		if errs := doc.Validate(); len(errs) > 0 {
			return catalog.InvalidDocError(errs)
		}
		if err := importScheme(ctx, t, doc, res, now); err != nil {
			return err
		}
		if res.Unchanged {
			return nil
		}
		return recordAudit(ctx, t.c, schemeID, a, before, after, now)
	})
	if err != nil {
		return nil, mapErr(err)
	}
	res.MenuVersion, err = db.menuVersion(ctx, res.SchemeID)
	return res, err
}

// RecordAudit records an audit row in a transaction of its own, for a
// write that is not a document edit and is done already.
func (db *DB) RecordAudit(ctx context.Context, schemeID int64, a Audit, before, after any) error {
	return db.write(ctx, func(c conn) error {
		return recordAudit(ctx, c, schemeID, a, before, after, time.Now().UTC())
	})
}

// recordAudit records an audit row inside transaction c: store writes that
// are not document edits (team, refunds) call it in their own transaction,
// so the row is there exactly when the write is.
func recordAudit(ctx context.Context, c conn, schemeID int64, a Audit, before, after any, now time.Time) error {
	b, err := json.Marshal(before)
	if err != nil {
		return err
	}
	af, err := json.Marshal(after)
	if err != nil {
		return err
	}
	var actor sql.NullInt64
	if a.ActorUserID != 0 {
		actor = sql.NullInt64{Int64: a.ActorUserID, Valid: true}
	}
	_, err = c.exec(ctx, `INSERT INTO audit_log (scheme_id, at, actor_user_id, actor_email, action, target,
		before_json, after_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		schemeID, now, actor, strings.ToLower(strings.TrimSpace(a.ActorEmail)), a.Action, a.Target, string(b), string(af))
	return err
}

// menuVersion is the highest version of the scheme's live menus: it moves
// whenever one of them changes.
func (db *DB) menuVersion(ctx context.Context, schemeID int64) (int64, error) {
	var v sql.NullInt64
	err := db.single().queryRow(ctx, "SELECT MAX(version) FROM menus WHERE scheme_id = ? AND deleted_at IS NULL",
		schemeID).Scan(&v)
	return v.Int64, mapErr(err)
}

// AuditLog returns one page of a scheme's audit rows, newest first, and how
// many rows the filter matches in all.
func (db *DB) AuditLog(ctx context.Context, schemeID int64, f AuditFilter) ([]AuditEntry, int, error) {
	where, args := "scheme_id = ?", []any{schemeID}
	if f.ActorEmail != "" {
		where += " AND actor_email = ?"
		args = append(args, strings.ToLower(strings.TrimSpace(f.ActorEmail)))
	}
	if f.Action != "" {
		where += " AND (action = ? OR substr(action, 1, ?) = ?)"
		args = append(args, f.Action, len(f.Action)+1, f.Action+".")
	}
	if !f.From.IsZero() {
		where += " AND at >= ?"
		args = append(args, f.From.UTC())
	}
	if !f.To.IsZero() {
		where += " AND at < ?"
		args = append(args, f.To.UTC())
	}
	page := max(f.Page, 1)
	var (
		out   []AuditEntry
		total int
	)
	err := db.read(ctx, func(c conn) error {
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM audit_log WHERE "+where, args...).Scan(&total); err != nil {
			return err
		}
		var err error
		out, err = scanAll(ctx, c, func(r scanner, e *AuditEntry) error {
			var b, a string
			if err := r.Scan(&e.ID, &e.At, &e.ActorEmail, &e.Action, &e.Target, &b, &a); err != nil {
				return err
			}
			e.At, e.Before, e.After = e.At.UTC(), json.RawMessage(b), json.RawMessage(a)
			return nil
		}, "SELECT id, at, actor_email, action, target, before_json, after_json FROM audit_log WHERE "+where+
			" ORDER BY at DESC, id DESC LIMIT ? OFFSET ?",
			append(args, AuditPageSize, (page-1)*AuditPageSize)...)
		return err
	})
	if err != nil {
		return nil, 0, mapErr(err)
	}
	return out, total, nil
}
