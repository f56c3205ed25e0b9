package store

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"platter/internal/ordering"
)

// The end of a write transaction on PostgreSQL. A few rows are shared by
// every checkout of a scheme and locked until commit by whoever writes
// them: the scheme's order-events lock (eventsLockKey), its order-number
// counter (order_numbers) and the report's sums of the hour (report_sums).
// A transaction that took one early and waited for the next would hold up
// the whole scheme for all its statements and its waits; so they are all
// taken by one statement, the transaction's last before its commit
// (flushEvents), and held for that statement and the commit only.

// cte is one part of that statement: "name AS (sql)".
type cte struct {
	name, sql string
	args      []any
}

// numbering is an order inserted without its number (migration 0038).
type numbering struct{ orderID, schemeID int64 }

// numberLater gives the order the scheme's next number at the end of the
// transaction (PostgreSQL; SQLite numbers it as it inserts it).
func numberLater(c conn, orderID, schemeID int64) {
	c.fx.number = &numbering{orderID, schemeID}
}

// flushEvents writes, on PostgreSQL, what a write transaction kept for its
// end, in one round trip: the report's sums, the order's number and the
// events with their NOTIFYs. The order-events locks are taken first (the
// events' subquery), then the shared rows, in every transaction in this
// order and in key order, so no two such statements deadlock; whoever
// holds them waits for nothing but the commit. A caller that must read
// what it wrote (CreateOrder reads the number) calls it itself; write
// calls it after the transaction's function, and then it has nothing
// left to write or writes the rest.
func flushEvents(ctx context.Context, c conn) error {
	fx := c.fx
	if fx == nil {
		return nil
	}
	var ctes []cte
	if fx.sums != nil {
		s := fx.sums
		fx.sums = nil
		part, ok := s.cte()
		if !ok { // too many rows for one statement (not a checkout's)
			if err := s.write(ctx, c); err != nil {
				return err
			}
		} else {
			ctes = append(ctes, part...)
		}
	}
	if n := fx.number; n != nil {
		fx.number = nil
		ctes = append(ctes, cte{"n", nextOrderUpsert, []any{n.schemeID}},
			cte{"u", "UPDATE orders SET order_number = (SELECT last_number FROM n) WHERE id = ?", []any{n.orderID}})
	}
	events := fx.events
	fx.events = nil
	if len(events) == 0 && len(ctes) == 0 {
		return nil
	}
	keys := make([]int64, 0, 1)
	for _, e := range events {
		keys = append(keys, eventsLockKey(e.schemeID))
	}
	return insertEvents(ctx, c, events, keys, ctes)
}

// insertEvents inserts events on PostgreSQL after taking the advisory
// locks keys (in ascending order, every writer's order, so two writers of
// the same schemes cannot deadlock), and notifies their orders and venues;
// the statement also runs ctes, after the locks.
func insertEvents(ctx context.Context, c conn, events []event, keys []int64, ctes []cte) error {
	slices.Sort(keys)
	keys = slices.Compact(keys)
	var q strings.Builder
	args := make([]any, 0, len(keys)+9*len(events))
	q.WriteString("WITH ")
	for _, p := range ctes {
		q.WriteString(p.name + " AS (" + p.sql + "), ")
		args = append(args, p.args...)
	}
	if len(events) == 0 {
		// The parts alone (no event: no lock either).
		_, err := c.exec(ctx, strings.TrimSuffix(q.String(), ", ")+" SELECT 1", args...)
		return err
	}
	q.WriteString("e AS (INSERT INTO order_events (order_id, scheme_id, kind, status, payment_status, actor, reason, payload, created_at) " +
		"SELECT v.o, v.s, v.k, v.st, v.p, v.a, v.r, v.pl, v.t FROM ")
	if len(keys) > 0 {
		// A subquery with a volatile function is run once, before the
		// rows it is joined with are inserted (so before their ids are
		// drawn); its functions run left to right.
		q.WriteString("(SELECT ")
		for i, k := range keys {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("pg_advisory_xact_lock(?)")
			args = append(args, k)
		}
		q.WriteString(") lk, ")
	}
	q.WriteString("(VALUES ")
	for i, e := range events {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(" + strconv.Itoa(i) + ", CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT), " +
			"CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TIMESTAMPTZ))")
		kind, payload := e.kind, string(e.payload)
		if kind == "" { // the table's defaults
			kind, payload = ordering.EventStatus, "{}"
		}
		args = append(args, e.orderID, e.schemeID, kind, e.status, e.payment, e.actor, e.reason, payload, e.at)
	}
	// Ordered by position: the ids are drawn after the sort, so they
	// follow the order the events were written in. The other parts are
	// not read by the main query: PostgreSQL runs them after it, so
	// after the locks.
	q.WriteString(") v (n, o, s, k, st, p, a, r, pl, t) ORDER BY v.n RETURNING order_id) " +
		"SELECT pg_notify('" + eventChannel + "', CAST(o.id AS TEXT)), pg_notify('" + eventChannel + "', CAST(-o.venue_id AS TEXT)) " +
		"FROM e JOIN orders o ON o.id = e.order_id")
	_, err := c.exec(ctx, q.String(), args...)
	return err
}
