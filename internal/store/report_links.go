package store

import (
	"context"
	"encoding/json"
	"time"

	"platter/internal/report"
)

// CreateReportLink stores a CSV link by its token's hash until expires,
// dropping links that have run out.
func (db *DB) CreateReportLink(ctx context.Context, hash string, l report.Link, expires, now time.Time) error {
	f, err := json.Marshal(l.Filter)
	if err != nil {
		return err
	}
	return db.write(ctx, func(c conn) error {
		if _, err := c.exec(ctx, "DELETE FROM report_links WHERE expires_at <= ?", utc(now)); err != nil {
			return err
		}
		_, err := c.exec(ctx, `INSERT INTO report_links (hash, scheme_id, user_id, filter, expires_at)
			VALUES (?, ?, ?, ?, ?)`, hash, l.SchemeID, l.UserID, string(f), utc(expires))
		return err
	})
}

// ReportLinkOf returns what a link (by its token's hash) grants while it
// is valid; an unknown or expired one is not found.
func (db *DB) ReportLinkOf(ctx context.Context, hash string, now time.Time) (*report.Link, error) {
	var l report.Link
	var f string
	err := db.single().queryRow(ctx, `SELECT scheme_id, user_id, filter FROM report_links
		WHERE hash = ? AND expires_at > ?`, hash, utc(now)).Scan(&l.SchemeID, &l.UserID, &f)
	if err != nil {
		return nil, mapErr(err)
	}
	if err := json.Unmarshal([]byte(f), &l.Filter); err != nil {
		return nil, err
	}
	return &l, nil
}
