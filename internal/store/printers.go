package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"platter/internal/platter"
	"platter/internal/printing"
)

// Kitchen printers (docs/architecture.md §11): a venue's printers, kept
// by the back office, and what each reported at its last poll. The jobs
// they print are in print_jobs.go.

const printerCols = `p.id, p.scheme_id, p.venue_id, v.slug, p.name, p.kind, p.key, p.status_code, p.paper_out,
	p.paper_low, p.cover_open, p.last_poll_at, p.created_at,
	(SELECT COUNT(*) FROM print_jobs j WHERE j.printer_id = p.id AND j.status = 'pending')`

func scanPrinter(r scanner, p *printing.Printer) error {
	var last sql.NullTime
	if err := r.Scan(&p.ID, &p.SchemeID, &p.VenueID, &p.VenueSlug, &p.Name, &p.Kind, &p.Key, &p.Status.Code,
		&p.Status.PaperOut, &p.Status.PaperLow, &p.Status.CoverOpen, &last, &p.CreatedAt, &p.Pending); err != nil {
		return err
	}
	p.LastPoll, p.CreatedAt = utcOf(last), p.CreatedAt.UTC()
	return nil
}

// UpsertPrinter saves a printer and returns it (with its key). A venue
// holds at most printing.MaxPerVenue printers; two of one venue cannot
// share a name (1000 on name).
//
// The change is in the scheme's audit log (a: who; printer.upsert), the
// printer's name, kind and venue before and after; never its key.
func (db *DB) UpsertPrinter(ctx context.Context, ch printing.Change, a Audit, now time.Time) (*printing.Printer, error) {
	now = utc(now)
	var id int64
	a.Action, a.Target = "printer.upsert", ch.Name
	after := printerAudit{Name: ch.Name, Kind: ch.Kind, Venue: ch.VenueSlug}
	err := db.write(ctx, func(c conn) error {
		var venueID int64
		if err := c.queryRow(ctx, "SELECT id FROM venues WHERE scheme_id = ? AND slug = ?", ch.SchemeID,
			ch.VenueSlug).Scan(&venueID); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return platter.Invalid(map[string]string{"venue_slug": "printer.venue_unknown"})
			}
			return err
		}
		id = ch.ID
		if id == 0 {
			err := c.queryRow(ctx, "SELECT id FROM printers WHERE venue_id = ? AND name = ?", venueID, ch.Name).Scan(&id)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		if id != 0 {
			before, err := printerBefore(ctx, c, ch.SchemeID, id)
			if err != nil {
				return err
			}
			if err := updatePrinter(ctx, c, ch, venueID, id, now); err != nil {
				return err
			}
			return recordAudit(ctx, c, ch.SchemeID, a, before, after, now)
		}
		var n int
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM printers WHERE venue_id = ?", venueID).Scan(&n); err != nil {
			return err
		}
		if n >= printing.MaxPerVenue {
			return platter.Invalid(map[string]string{"venue_slug": "printer.venue_full"})
		}
		if err := c.queryRow(ctx, `INSERT INTO printers (scheme_id, venue_id, name, kind, key, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, ch.SchemeID, venueID, ch.Name, ch.Kind, printing.NewKey(),
			now, now).Scan(&id); err != nil {
			return err
		}
		return recordAudit(ctx, c, ch.SchemeID, a, nil, after, now)
	})
	if err != nil {
		if isUniqueViolation(err) {
			return nil, platter.Invalid(map[string]string{"name": "printer.name_taken"})
		}
		return nil, mapErr(err)
	}
	return db.printer(ctx, ch.SchemeID, id)
}

func updatePrinter(ctx context.Context, c conn, ch printing.Change, venueID, id int64, now time.Time) error {
	n, err := execCount(ctx, c, `UPDATE printers SET name = ?, kind = ?, updated_at = ?
		WHERE id = ? AND scheme_id = ? AND venue_id = ?`, ch.Name, ch.Kind, now, id, ch.SchemeID, venueID)
	if err != nil {
		return err
	}
	if n == 0 {
		return platter.NotFound()
	}
	return nil
}

func (db *DB) printer(ctx context.Context, schemeID, id int64) (*printing.Printer, error) {
	var p printing.Printer
	err := scanPrinter(db.single().queryRow(ctx, `SELECT `+printerCols+`
		FROM printers p JOIN venues v ON v.id = p.venue_id WHERE p.id = ? AND p.scheme_id = ?`, id, schemeID), &p)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, platter.NotFound()
	}
	return &p, mapErr(err)
}

// Printers lists the scheme's printers of the venues given (nil: every
// venue), by venue and name.
func (db *DB) Printers(ctx context.Context, schemeID int64, venueIDs []int64) ([]printing.Printer, error) {
	list, err := scanAll(ctx, db.single(), scanPrinter, `SELECT `+printerCols+`
		FROM printers p JOIN venues v ON v.id = p.venue_id WHERE p.scheme_id = ? ORDER BY v.slug, p.name, p.id`,
		schemeID)
	if err != nil || venueIDs == nil {
		return list, mapErr(err)
	}
	out := list[:0]
	for _, p := range list {
		for _, v := range venueIDs {
			if p.VenueID == v {
				out = append(out, p)
				break
			}
		}
	}
	return out, nil
}

// DeletePrinter removes a printer of the scheme and its jobs; its URL
// answers nothing from then on.
//
// The removal is in the audit log (printer.delete).
func (db *DB) DeletePrinter(ctx context.Context, schemeID, id int64, a Audit) error {
	return db.write(ctx, func(c conn) error {
		before, err := printerBefore(ctx, c, schemeID, id)
		if err != nil {
			return err
		}
		n, err := execCount(ctx, c, "DELETE FROM printers WHERE id = ? AND scheme_id = ?", id, schemeID)
		if err != nil {
			return err
		}
		if n == 0 { // removed meanwhile by another
			return platter.NotFound()
		}
		a.Action, a.Target = "printer.delete", before.Name
		return recordAudit(ctx, c, schemeID, a, before, nil, time.Now().UTC())
	})
}

// printerAudit is a printer as the audit log records it (never its key).
type printerAudit struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Venue string `json:"venue"`
}

// printerBefore reads the scheme's printer id as the audit log records it
// (another scheme's is not found).
func printerBefore(ctx context.Context, c conn, schemeID, id int64) (*printerAudit, error) {
	var p printerAudit
	err := c.queryRow(ctx, `SELECT p.name, p.kind, v.slug FROM printers p JOIN venues v ON v.id = p.venue_id
		WHERE p.id = ? AND p.scheme_id = ?`, id, schemeID).Scan(&p.Name, &p.Kind, &p.Venue)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, platter.NotFound()
	}
	return &p, err
}
