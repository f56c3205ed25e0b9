package store

import (
	"context"
	"hash/fnv"
	"math"
	"strconv"
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
func checkUnpaid(ctx context.Context, c conn, n *ordering.NewOrder, now time.Time) error {
	if n.MaxUnpaid <= 0 {
		return nil
	}
	scopes := []unpaidScope{{col: "user_id", value: n.Order.UserID, message: "order.unpaid_limit",
		lockKey: "unpaid-user:" + strconv.FormatInt(n.Order.UserID, 10)}}
	if n.ClientKey != "" {
		scopes = append(scopes, unpaidScope{col: "client_key", value: n.ClientKey, message: "order.unpaid_limit_client",
			lockKey: "unpaid-client:" + strconv.FormatInt(n.Order.SchemeID, 10) + ":" + n.ClientKey})
	}
	for _, s := range scopes {
		if c.dialect == Postgres {
			if _, err := c.exec(ctx, "SELECT pg_advisory_xact_lock(?)", advisoryKey(s.lockKey)); err != nil {
				return err
			}
		}
		open, err := scanAll(ctx, c, func(r scanner, t *time.Time) error { return r.Scan(t) },
			`SELECT expires_at FROM orders WHERE scheme_id = ? AND `+s.col+` = ? AND status = 'pending'
				AND payment_status IN ('requires_payment', 'processing', 'requires_action') AND expires_at > ?
			ORDER BY expires_at LIMIT ?`, n.Order.SchemeID, s.value, now, n.MaxUnpaid)
		if err != nil {
			return err
		}
		if len(open) >= n.MaxUnpaid {
			wait := int(math.Ceil(open[0].Sub(now).Seconds()))
			return &platter.Error{Code: platter.CodeRateLimited, Message: s.message,
				Params: map[string]string{"retry_after": strconv.Itoa(max(wait, 1))}}
		}
	}
	return nil
}

// advisoryKey maps a name to a PostgreSQL advisory lock key. Two names
// sharing a key only queue needlessly.
func advisoryKey(name string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(name))
	return int64(h.Sum64())
}
