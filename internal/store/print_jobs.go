package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/printing"
)

// Print jobs (docs/architecture.md §11): a ticket for each printer of the
// venue is written in the transaction that accepts the order (afterStatus,
// for every writer of an accept: staff, auto-accept at payment) and by
// reprint; a job is handed to its printer at every poll until the printer
// confirms it, and never after.

// queuePrintJobs writes one job of reason for each printer of the order's
// venue, inside the caller's transaction. An accept job is unique per
// printer and order (print_jobs_accept), so a second accept could not
// print twice either.
func queuePrintJobs(ctx context.Context, c conn, orderID int64, reason string, now time.Time) (int, error) {
	type target struct{ printer, scheme, pending int64 }
	targets, err := scanAll(ctx, c, func(r scanner, t *target) error { return r.Scan(&t.printer, &t.scheme, &t.pending) },
		`SELECT p.id, o.scheme_id, (SELECT COUNT(*) FROM print_jobs j
				WHERE j.printer_id = p.id AND j.order_id = o.id AND j.status = 'pending' AND j.reason = 'reprint')
		FROM orders o JOIN printers p ON p.venue_id = o.venue_id AND p.scheme_id = o.scheme_id
		WHERE o.id = ? ORDER BY p.id`, orderID)
	if err != nil {
		return 0, err
	}
	made := 0
	for _, t := range targets {
		if reason == printing.ReasonReprint && t.pending >= printing.MaxPendingReprints {
			continue // the copies asked for are still waiting: no roll of paper
		}
		if _, err := c.exec(ctx, `INSERT INTO print_jobs (printer_id, order_id, scheme_id, token, reason, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, t.printer, orderID, t.scheme, printing.NewToken(), reason, now); err != nil {
			return 0, err
		}
		made++
	}
	return made, nil
}

// Reprint queues one more ticket of an order within reach at each printer
// of its venue and returns how many it queued (0: the venue has no
// printer, or its copies are still waiting). An order not yet accepted, or
// rejected, has no ticket (409).
func (db *DB) Reprint(ctx context.Context, schemeID, orderID int64, r ordering.Reach, now time.Time) (int, error) {
	now = utc(now)
	var made int
	err := db.write(ctx, func(c conn) error {
		ch := ordering.Change{SchemeID: schemeID, OrderID: orderID, Reach: r}
		h, err := findHead(ctx, c, &ch)
		if err != nil {
			return err
		}
		switch h.status {
		case ordering.StatusPending, ordering.StatusRejected:
			return &platter.Error{Code: platter.CodeTransitionRefused, Message: "printer.not_accepted"}
		case ordering.StatusCancelled:
			var accepted int
			if err := c.queryRow(ctx, "SELECT COUNT(*) FROM order_events WHERE order_id = ? AND kind = ? AND status = ?",
				orderID, ordering.EventStatus, ordering.StatusAccepted).Scan(&accepted); err != nil {
				return err
			}
			if accepted == 0 {
				return &platter.Error{Code: platter.CodeTransitionRefused, Message: "printer.not_accepted"}
			}
		}
		made, err = queuePrintJobs(ctx, c, orderID, printing.ReasonReprint, now)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return 0, platter.NotFound()
	}
	return made, mapErr(err)
}

// PrinterPoll records a printer's poll (its status, when st is not nil;
// an unchanged one at most every printing.PollRecordEvery) and returns the printer and its oldest job waiting (nil: none). An
// unknown key is not found.
func (db *DB) PrinterPoll(ctx context.Context, key string, st *printing.Status, now time.Time) (*printing.Printer,
	*printing.Job, error) {
	now = utc(now)
	var p printing.Printer
	var job *printing.Job
	err := db.write(ctx, func(c conn) error {
		job = nil
		if err := c.queryRow(ctx, "SELECT id, scheme_id, venue_id, kind FROM printers WHERE key = ?", key).
			Scan(&p.ID, &p.SchemeID, &p.VenueID, &p.Kind); err != nil {
			return err
		}
		// Written only when the status changed or the last recorded poll
		// is printing.PollRecordEvery old: what the back office shows
		// ("last seen" to the minute, online within two) stays true.
		stale := now.Add(-printing.PollRecordEvery)
		q, args := "UPDATE printers SET last_poll_at = ? WHERE id = ? AND (last_poll_at IS NULL OR last_poll_at <= ?)",
			[]any{now, p.ID, stale}
		if st != nil {
			q = `UPDATE printers SET last_poll_at = ?, status_code = ?, paper_out = ?, paper_low = ?, cover_open = ?
				WHERE id = ? AND (last_poll_at IS NULL OR last_poll_at <= ? OR status_code <> ? OR paper_out <> ?
					OR paper_low <> ? OR cover_open <> ?)`
			args = []any{now, st.Code, st.PaperOut, st.PaperLow, st.CoverOpen, p.ID, stale, st.Code, st.PaperOut,
				st.PaperLow, st.CoverOpen}
		}
		if _, err := c.exec(ctx, q, args...); err != nil {
			return err
		}
		j, err := nextJob(ctx, c, p.ID, "")
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		job = j
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, platter.NotFound()
	}
	return &p, job, mapErr(err)
}

// nextJob is the printer's job of token, or ("") its oldest one waiting.
func nextJob(ctx context.Context, c conn, printerID int64, token string) (*printing.Job, error) {
	q := `SELECT id, printer_id, order_id, scheme_id, token, reason, status, handed, created_at FROM print_jobs
		WHERE printer_id = ? AND status = 'pending'`
	args := []any{printerID}
	if token != "" {
		q += " AND token = ?"
		args = append(args, token)
	}
	var j printing.Job
	err := c.queryRow(ctx, q+" ORDER BY id LIMIT 1", args...).Scan(&j.ID, &j.PrinterID, &j.OrderID, &j.SchemeID,
		&j.Token, &j.Reason, &j.Status, &j.Handed, &j.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &j, nil
}

// HandOut gives a printer its job of token ("": its oldest waiting) with
// the order as it is now, and counts the handing out. A job confirmed (or
// given up after printing.MaxHandouts) is not found: it is never handed
// out again.
func (db *DB) HandOut(ctx context.Context, key, token string, now time.Time) (*printing.Handout, error) {
	now = utc(now)
	var out *printing.Handout
	err := db.write(ctx, func(c conn) error {
		out = nil
		var printerID int64
		if err := c.queryRow(ctx, "SELECT id FROM printers WHERE key = ?", key).Scan(&printerID); err != nil {
			return err
		}
		j, err := nextJob(ctx, c, printerID, token)
		if err != nil {
			return err
		}
		if j.Handed >= printing.MaxHandouts {
			_, err := c.exec(ctx, "UPDATE print_jobs SET status = 'failed' WHERE id = ? AND status = 'pending'", j.ID)
			if err != nil {
				return err
			}
			return nil // given up (out stays nil: not found, once committed)
		}
		if _, err := c.exec(ctx, "UPDATE print_jobs SET handed = handed + 1, handed_at = ? WHERE id = ?", now,
			j.ID); err != nil {
			return err
		}
		j.Handed++
		d, err := loadDetail(ctx, c, j.OrderID)
		if err != nil {
			return err
		}
		var zone, langs string
		if err := c.queryRow(ctx, `SELECT v.time_zone, s.languages FROM venues v JOIN schemes s ON s.id = v.scheme_id
			WHERE v.id = ?`, d.VenueID).Scan(&zone, &langs); err != nil {
			return err
		}
		out = &printing.Handout{Job: *j, Order: d, Zone: loadZone(zone), Lang: firstLanguage(langs)}
		return nil
	})
	if errors.Is(err, sql.ErrNoRows) || err == nil && out == nil {
		return nil, platter.NotFound()
	}
	return out, mapErr(err)
}

// ConfirmJob records a printer's word on its job of token: printed (the
// job is done and never handed out again; a repeated confirmation changes
// nothing), or failed with code (it stays waiting and is handed out at the
// next poll). done reports whether the job is printed now. token "" (a
// CloudPRNT client older than job tokens) is the job handed out last.
func (db *DB) ConfirmJob(ctx context.Context, key, token string, printed bool, code string, now time.Time) (done bool,
	err error) {
	now = utc(now)
	err = db.write(ctx, func(c conn) error {
		done = false
		var status string
		q, args := `SELECT j.status, j.token FROM print_jobs j JOIN printers p ON p.id = j.printer_id
			WHERE p.key = ? AND j.token = ?`, []any{key, token}
		if token == "" {
			q, args = `SELECT j.status, j.token FROM print_jobs j JOIN printers p ON p.id = j.printer_id
				WHERE p.key = ? AND j.status = 'pending' AND j.handed_at IS NOT NULL
				ORDER BY j.handed_at DESC, j.id DESC LIMIT 1`, []any{key}
		}
		if err := c.queryRow(ctx, q, args...).Scan(&status, &token); err != nil {
			return err
		}
		if status != printing.JobPending {
			done = status == printing.JobPrinted
			return nil
		}
		if printed {
			done = true
			_, err := c.exec(ctx, `UPDATE print_jobs SET status = 'printed', printed_at = ?, last_code = ?
				WHERE token = ? AND status = 'pending'`, now, code, token)
			return err
		}
		_, err := c.exec(ctx, "UPDATE print_jobs SET last_code = ? WHERE token = ?", code, token)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return false, platter.NotFound()
	}
	return done, mapErr(err)
}

func loadZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

func firstLanguage(langs string) string {
	var l []string
	if fromJSON(langs, &l) == nil && len(l) > 0 {
		return l[0]
	}
	return "en-US"
}
