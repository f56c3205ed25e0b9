// Package report is the back office's sales report (docs/architecture.md
// §10, admin/reports/sales and admin/reports/export): what it counts, how
// it groups, and its CSV file. The store sums; this package names the
// groups and keeps the rules.
//
// What counts:
//   - An order counts once it was paid (paid_at set), on the day and hour
//     it was paid, in its own venue's time zone. Orders never paid (unpaid,
//     expired, money that arrived for an order that no longer took it) are
//     not sales and never appear, nor do their refunds.
//   - A refund counts on the day it was made (the refunds row's time, in
//     the order's venue's zone), whenever its order was paid: a paid order
//     rejected or cancelled the next day is a sale on its day and a refund
//     on the next. Refunds still being sent to the provider count (they are
//     owed from that moment).
//   - gross is the order's goods and service charge before discounts
//     (subtotal + service charge); discounts, tips and delivery fees are the
//     order's; net is what customers paid (the orders' totals) less refunds,
//     so gross − discounts + tips + delivery fees − refunds = net.
//   - Grouped by item, a row is one item title as it was ordered: the orders
//     holding it and its lines' totals (gross = net); discounts, tips, fees
//     and refunds belong to orders, not items, and are 0 there. The totals
//     are always the whole range's, whatever the grouping.
package report

import (
	"fmt"
	"sort"
	"time"
)

// GroupBy names how rows are keyed.
type GroupBy string

// The groupings of admin/reports/sales.
const (
	ByDay       GroupBy = "day"        // key "2026-11-26" (the venue's date)
	ByHour      GroupBy = "hour"       // key "14:00" (hour of the day, every day of the range together)
	ByItem      GroupBy = "item"       // key the item's title as ordered
	ByVenue     GroupBy = "venue"      // key the venue's slug
	ByOrderType GroupBy = "order_type" // key "delivery" or "pickup"
)

// Valid reports whether g is one of the groupings.
func (g GroupBy) Valid() bool {
	switch g {
	case ByDay, ByHour, ByItem, ByVenue, ByOrderType:
		return true
	}
	return false
}

// MaxDays is the longest range a report covers (a leap year).
const MaxDays = 366

// Filter is a report's request: the venue (empty: every venue of the
// scheme), the first and last dates (inclusive, "YYYY-MM-DD" in each
// venue's zone) and the grouping.
type Filter struct {
	VenueSlug string  `json:"venue_slug,omitempty"`
	From      string  `json:"from"`
	To        string  `json:"to"`
	GroupBy   GroupBy `json:"group_by"`
}

// Check returns the problems of f by field (validation message keys), or
// nil. Dates are calendar dates: from ≤ to, at most MaxDays apart.
func (f Filter) Check() map[string]string {
	bad := map[string]string{}
	from, errF := time.Parse(time.DateOnly, f.From)
	to, errT := time.Parse(time.DateOnly, f.To)
	if errF != nil {
		bad["from"] = "validation.type"
	}
	if errT != nil {
		bad["to"] = "validation.type"
	}
	if errF == nil && errT == nil && (to.Before(from) || to.Sub(from) >= MaxDays*24*time.Hour) {
		bad["to"] = "validation.report_range"
	}
	if !f.GroupBy.Valid() {
		bad["group_by"] = "validation.report_group"
	}
	if len(bad) == 0 {
		return nil
	}
	return bad
}

// Window is the stretch of time a date range covers at a venue: from
// midnight of the first date to midnight after the last, in its zone.
func (f Filter) Window(loc *time.Location) (start, end time.Time) {
	from, _ := time.Parse(time.DateOnly, f.From)
	to, _ := time.Parse(time.DateOnly, f.To)
	start = time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, loc)
	end = time.Date(to.Year(), to.Month(), to.Day()+1, 0, 0, 0, 0, loc)
	return start.UTC(), end.UTC()
}

// Link is what a CSV link (admin/reports/export) grants: one scheme's
// report with one filter, for the manager who asked.
type Link struct {
	SchemeID, UserID int64
	Filter           Filter
}

// Figures are one row's (or the totals') sums, money in minor units.
type Figures struct {
	Orders       int64 `json:"orders"`
	Gross        int64 `json:"gross"`
	Discounts    int64 `json:"discounts"`
	Tips         int64 `json:"tips"`
	DeliveryFees int64 `json:"delivery_fees"`
	Refunds      int64 `json:"refunds"`
	Net          int64 `json:"net"`
}

// Add adds o to f.
func (f *Figures) Add(o Figures) {
	f.Orders += o.Orders
	f.Gross += o.Gross
	f.Discounts += o.Discounts
	f.Tips += o.Tips
	f.DeliveryFees += o.DeliveryFees
	f.Refunds += o.Refunds
	f.Net += o.Net
}

// Row is one group of a report.
type Row struct {
	Key string `json:"key"`
	Figures
}

// Sales is a report: its rows in order, the range's totals, and the
// scheme's currency.
type Sales struct {
	Rows     []Row   `json:"rows"`
	Totals   Figures `json:"totals"`
	Currency string  `json:"currency"`
}

// BucketSeconds is the width of the time buckets the store sums orders and
// refunds in for the day and hour groupings: 15 minutes, a divisor of every
// time zone's offset from UTC, so each bucket lies in one local hour.
const BucketSeconds = 900

// TimeKey is the key of a bucket (its start, Unix seconds) at a venue.
func TimeKey(g GroupBy, bucketStart int64, loc *time.Location) string {
	t := time.Unix(bucketStart, 0).In(loc)
	if g == ByHour {
		return fmt.Sprintf("%02d:00", t.Hour())
	}
	return t.Format(time.DateOnly)
}

// OrderTypeKey is the key of an order type (catalog.OrderType*).
func OrderTypeKey(t int) string {
	switch t {
	case 0:
		return "delivery"
	case 1:
		return "pickup"
	}
	return fmt.Sprintf("type_%d", t)
}

// Builder gathers sums by key into a report.
type Builder struct {
	g    GroupBy
	rows map[string]*Figures
}

// NewBuilder starts a report grouped by g, with a zero row for each of
// keys (every date of the range, every hour, every venue) so a chart of
// it has no gaps.
func NewBuilder(g GroupBy, keys []string) *Builder {
	b := &Builder{g: g, rows: map[string]*Figures{}}
	for _, k := range keys {
		b.rows[k] = &Figures{}
	}
	return b
}

// Add adds f to the row of key.
func (b *Builder) Add(key string, f Figures) {
	r := b.rows[key]
	if r == nil {
		r = &Figures{}
		b.rows[key] = r
	}
	r.Add(f)
}

// Sales returns the rows in the grouping's order (by key; items by gross,
// most first) with totals; for items the totals are given (the orders'),
// otherwise they are the rows' sum.
func (b *Builder) Sales(currency string, totals *Figures) *Sales {
	out := &Sales{Rows: make([]Row, 0, len(b.rows)), Currency: currency}
	for k, f := range b.rows {
		out.Rows = append(out.Rows, Row{Key: k, Figures: *f})
		if totals == nil {
			out.Totals.Add(*f)
		}
	}
	if totals != nil {
		out.Totals = *totals
	}
	sort.Slice(out.Rows, func(i, j int) bool {
		a, c := out.Rows[i], out.Rows[j]
		if b.g == ByItem && a.Gross != c.Gross {
			return a.Gross > c.Gross
		}
		return a.Key < c.Key
	})
	return out
}

// Keys are the rows a grouping always shows: every date of the range, or
// every hour of the day; other groupings show what they find (venues are
// given by the store).
func (f Filter) Keys() []string {
	var keys []string
	switch f.GroupBy {
	case ByDay:
		from, _ := time.Parse(time.DateOnly, f.From)
		to, _ := time.Parse(time.DateOnly, f.To)
		for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
			keys = append(keys, d.Format(time.DateOnly))
		}
	case ByHour:
		for h := range 24 {
			keys = append(keys, fmt.Sprintf("%02d:00", h))
		}
	}
	return keys
}
