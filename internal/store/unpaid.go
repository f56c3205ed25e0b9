package store

import (
	"context"
	"hash/fnv"
	"math"
	"strconv"
	"strings"
	"time"

	"platter/internal/ordering"
	"platter/internal/platter"
)

// The unpaid-order cap (ordering.MaxUnpaid): one user, or one client, may
// hold only a few open unpaid orders at a scheme, so nobody fills a
// venue's slots or a campaign's promo uses with orders they never pay.

// unpaidScope is one thing the cap counts: the user's orders or the
// client's, each with its own refusal.
type unpaidScope struct {
	col, lockKey, message string
	value                 any
}

// checkUnpaid refuses (1429, Retry-After: until the earliest of them
// expires) an order whose user or client already holds n.MaxUnpaid open
// unpaid orders at the scheme. It runs in CreateOrder's transaction before
// the order is inserted. On PostgreSQL concurrent prepares of one user or
// one client queue on a transaction-scoped advisory lock (the user's
// first, then the client's, always in that order, so they cannot
// deadlock), so each counts the orders the ones before it committed; on
// SQLite the one writer gives the same order.
//
// locked: the statement before took the locks (unpaidLocks), as
// CreateOrder's idempotency lookup does; the counts, each statement's own
// snapshot on PostgreSQL, are then taken after them.
func checkUnpaid(ctx context.Context, c conn, n *ordering.NewOrder, now time.Time, locked bool) error {
	if n.MaxUnpaid <= 0 {
		return nil
	}
	scopes := unpaidScopes(n)
	if c.dialect == Postgres && !locked {
		if _, err := c.exec(ctx, "SELECT "+unpaidLocks(n), unpaidLockArgs(n)...); err != nil {
			return err
		}
	}
	// Both counts in one statement: each scope's open orders, up to the
	// cap, tagged with the scope's index.
	var (
		q    strings.Builder
		args []any
	)
	for i, s := range scopes {
		if i > 0 {
			q.WriteString(" UNION ALL ")
		}
		q.WriteString("SELECT " + strconv.Itoa(i) + ` AS scope, expires_at FROM (SELECT expires_at FROM orders
			WHERE scheme_id = ? AND ` + s.col + ` = ? AND status = 'pending'
				AND payment_status IN ('requires_payment', 'processing', 'requires_action') AND expires_at > ?
			ORDER BY expires_at LIMIT ?) s` + strconv.Itoa(i))
		args = append(args, n.Order.SchemeID, s.value, now, n.MaxUnpaid)
	}
	type open struct {
		scope int
		at    time.Time
	}
	rows, err := scanAll(ctx, c, func(r scanner, o *open) error { return r.Scan(&o.scope, &o.at) }, q.String(), args...)
	if err != nil {
		return err
	}
	for i, s := range scopes { // the user's cap first
		var count int
		var first time.Time
		for _, o := range rows {
			if o.scope == i {
				if count == 0 || o.at.Before(first) {
					first = o.at
				}
				count++
			}
		}
		if count >= n.MaxUnpaid {
			wait := int(math.Ceil(first.Sub(now).Seconds()))
			return &platter.Error{Code: platter.CodeRateLimited, Message: s.message,
				Params: map[string]string{"retry_after": strconv.Itoa(max(wait, 1))}}
		}
	}
	return nil
}

func unpaidScopes(n *ordering.NewOrder) []unpaidScope {
	scopes := []unpaidScope{{col: "user_id", value: n.Order.UserID, message: "order.unpaid_limit",
		lockKey: "unpaid-user:" + strconv.FormatInt(n.Order.UserID, 10)}}
	if n.ClientKey != "" {
		scopes = append(scopes, unpaidScope{col: "client_key", value: n.ClientKey, message: "order.unpaid_limit_client",
			lockKey: "unpaid-client:" + strconv.FormatInt(n.Order.SchemeID, 10) + ":" + n.ClientKey})
	}
	return scopes
}

// unpaidLocks is the select list that takes the cap's advisory locks on
// PostgreSQL: both in one statement, the user's first (arguments are
// evaluated left to right); unpaidLockArgs are its arguments.
func unpaidLocks(n *ordering.NewOrder) string {
	return strings.TrimSuffix(strings.Repeat("pg_advisory_xact_lock(?), ", len(unpaidScopes(n))), ", ")
}

func unpaidLockArgs(n *ordering.NewOrder) []any {
	var args []any
	for _, s := range unpaidScopes(n) {
		args = append(args, advisoryKey(s.lockKey))
	}
	return args
}

// advisoryKey maps a name to a PostgreSQL advisory lock key. Two names
// sharing a key only queue needlessly.
func advisoryKey(name string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(name))
	return int64(h.Sum64())
}
