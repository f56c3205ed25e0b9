package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"platter/internal/report"
)

// reportSplit is a report's venues by where their figures are read: the
// running sums (summed: every venue whose sums are all dated in its zone of
// now, and one with none, which has nothing paid) or the orders themselves
// (raw: a venue whose zone has changed since some of its sums were added).
type reportSplit struct {
	venues, summed, raw []reportVenue
	byID                map[int64]*reportVenue
}

// all reports whether the raw venues are every venue the report covers.
func (r *reportSplit) all() bool { return len(r.raw) == len(r.venues) }

// splitVenues reads the zones the venues' sums were dated in.
func splitVenues(ctx context.Context, c conn, venues []reportVenue) (*reportSplit, error) {
	r := &reportSplit{venues: venues, byID: map[int64]*reportVenue{}}
	ids, args := venueIDs(venues)
	for i := range venues {
		r.byID[venues[i].id] = &venues[i]
	}
	type zone struct {
		venue int64
		zone  string
	}
	zones, err := scanAll(ctx, c, func(s scanner, z *zone) error { return s.Scan(&z.venue, &z.zone) },
		"SELECT venue_id, zone FROM report_zones WHERE venue_id IN ("+ids+")", args...)
	if err != nil {
		return nil, err
	}
	moved := map[int64]bool{}
	for _, z := range zones {
		if v := r.byID[z.venue]; v != nil && z.zone != v.zone {
			moved[z.venue] = true
		}
	}
	for _, v := range venues {
		if moved[v.id] {
			r.raw = append(r.raw, v)
		} else {
			r.summed = append(r.summed, v)
		}
	}
	return r, nil
}

// venueIDs is the placeholders and arguments of the venues' ids.
func venueIDs(venues []reportVenue) (string, []any) {
	args := make([]any, len(venues))
	for i, v := range venues {
		args[i] = v.id
	}
	return strings.TrimSuffix(strings.Repeat("?, ", len(venues)), ", "), args
}

// sum adds the range's figures grouped by g (not by item): the summed
// venues' from report_sums, the others' from their orders and refunds.
func (r *reportSplit) sum(ctx context.Context, c conn, schemeID int64, f report.Filter, g report.GroupBy,
	b *report.Builder) error {
	if len(r.summed) > 0 {
		if err := summedRows(ctx, c, schemeID, f, g, r.summed, r.byID, b); err != nil {
			return err
		}
	}
	if len(r.raw) == 0 {
		return nil
	}
	if err := sumOrders(ctx, c, schemeID, g, r.raw, r.all(), r.byID, b); err != nil {
		return err
	}
	return sumRefunds(ctx, c, schemeID, g, r.raw, r.all(), r.byID, b)
}

// sumColumns are report_sums' columns a grouping keys rows by (beside the
// venue).
var sumColumns = map[report.GroupBy]string{
	report.ByDay: "day", report.ByHour: "hour", report.ByOrderType: "order_type", report.ByVenue: "venue_id",
}

// summedRows adds the venues' sums of the range's dates (each venue's
// own) by venue and the grouping's column.
func summedRows(ctx context.Context, c conn, schemeID int64, f report.Filter, g report.GroupBy, venues []reportVenue,
	byID map[int64]*reportVenue, b *report.Builder) error {
	col := sumColumns[g]
	if col == "" {
		return fmt.Errorf("store: no sums by %s", g)
	}
	ids, args := venueIDs(venues)
	type sum struct {
		venue   int64
		k       string
		f       report.Figures
		paid    int64
		refunds int64
	}
	rows, err := scanAll(ctx, c, func(r scanner, s *sum) error {
		return r.Scan(&s.venue, &s.k, &s.f.Orders, &s.f.Gross, &s.f.Discounts, &s.f.Tips, &s.f.DeliveryFees, &s.paid,
			&s.refunds)
	}, `SELECT venue_id, `+col+`, SUM(orders), SUM(gross), SUM(discounts), SUM(tips), SUM(delivery_fees), SUM(paid),
			SUM(refunds)
		FROM report_sums WHERE scheme_id = ? AND day >= ? AND day <= ? AND venue_id IN (`+ids+`)
		GROUP BY venue_id, `+col, append([]any{schemeID, f.From, f.To}, args...)...)
	if err != nil {
		return err
	}
	for _, s := range rows {
		key := s.k
		switch g {
		case report.ByHour, report.ByOrderType:
			n, err := strconv.Atoi(s.k)
			if err != nil {
				return fmt.Errorf("store: report sums: %s %q: %w", col, s.k, err)
			}
			key = fmt.Sprintf("%02d:00", n)
			if g == report.ByOrderType {
				key = report.OrderTypeKey(n)
			}
		case report.ByVenue:
			key = byID[s.venue].slug
		}
		s.f.Refunds, s.f.Net = s.refunds, s.paid-s.refunds
		b.Add(key, s.f)
	}
	return nil
}

// summedItems adds the venues' item sums of the range's dates: a row per
// title, the orders holding it and its lines' totals.
func summedItems(ctx context.Context, c conn, schemeID int64, f report.Filter, venues []reportVenue,
	b *report.Builder) error {
	if len(venues) == 0 {
		return nil
	}
	ids, args := venueIDs(venues)
	type sum struct {
		title         string
		orders, gross int64
	}
	rows, err := scanAll(ctx, c, func(r scanner, s *sum) error {
		return r.Scan(&s.title, &s.orders, &s.gross)
	}, `SELECT title, SUM(orders), SUM(gross) FROM report_item_sums
		WHERE scheme_id = ? AND day >= ? AND day <= ? AND venue_id IN (`+ids+`)
		GROUP BY title`, append([]any{schemeID, f.From, f.To}, args...)...)
	if err != nil {
		return err
	}
	for _, s := range rows {
		b.Add(s.title, report.Figures{Orders: s.orders, Gross: s.gross, Net: s.gross})
	}
	return nil
}
