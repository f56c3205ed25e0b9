package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"platter/internal/loyalty"
)

// CreditStamps credits the stamps of a delivered or collected order to its
// customer, exactly once (a second call, concurrent or later, changes
// nothing), unlocking a reward for every stamps_per_reward of the balance.
// Transition calls it in its own transaction; it is exported for the
// tests and any job that must catch up.
func (db *DB) CreditStamps(ctx context.Context, orderID int64, now time.Time) error {
	return db.write(ctx, func(c conn) error { return creditStamps(ctx, c, orderID, utc(now)) })
}

// creditStamps is CreditStamps inside the caller's transaction. The stamps
// are the order's stamps_earned, fixed at prepare by the pricing of
// docs/architecture.md §5 (floor((subtotal − discount) / stamp_threshold)): what the
// customer was told they would earn.
func creditStamps(ctx context.Context, c conn, orderID int64, now time.Time) error {
	var (
		schemeID, userID, stamps int64
		perReward                int
		title                    string
	)
	err := c.queryRow(ctx, `SELECT o.scheme_id, o.user_id, o.stamps_earned, s.stamps_per_reward, s.reward_title
		FROM orders o JOIN schemes s ON s.id = o.scheme_id WHERE o.id = ?`, orderID).
		Scan(&schemeID, &userID, &stamps, &perReward, &title)
	if err != nil {
		return err
	}
	if stamps <= 0 {
		return nil
	}
	res, err := c.exec(ctx, `INSERT INTO stamp_credits (order_id, scheme_id, user_id, stamps, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (order_id) DO NOTHING`, orderID, schemeID, userID, stamps, now)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err // credited before
	}
	var balance int64
	if err := c.queryRow(ctx, `INSERT INTO loyalty_balances (user_id, scheme_id, balance, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, scheme_id) DO UPDATE SET balance = loyalty_balances.balance + excluded.balance,
			updated_at = excluded.updated_at
		RETURNING balance`, userID, schemeID, stamps, now).Scan(&balance); err != nil {
		return err
	}
	if perReward <= 0 || balance < int64(perReward) {
		return nil
	}
	unlocked := balance / int64(perReward)
	for range unlocked {
		if _, err := c.exec(ctx, `INSERT INTO loyalty_rewards (scheme_id, user_id, title, status, created_at)
			VALUES (?, ?, ?, 'available', ?)`, schemeID, userID, title, now); err != nil {
			return err
		}
	}
	_, err = c.exec(ctx, "UPDATE loyalty_balances SET balance = ? WHERE user_id = ? AND scheme_id = ?",
		balance-unlocked*int64(perReward), userID, schemeID)
	return err
}

// LoyaltyOf returns a customer's stamp card at a scheme (an empty one for
// a customer who has none yet).
func (db *DB) LoyaltyOf(ctx context.Context, schemeID, userID int64) (*loyalty.Card, error) {
	out := &loyalty.Card{Rewards: []loyalty.Reward{}}
	err := db.read(ctx, func(c conn) error {
		out.Rewards = out.Rewards[:0]
		if err := c.queryRow(ctx, "SELECT stamps_per_reward FROM schemes WHERE id = ?", schemeID).Scan(&out.PerReward); err != nil {
			return err
		}
		err := c.queryRow(ctx, "SELECT balance FROM loyalty_balances WHERE user_id = ? AND scheme_id = ?",
			userID, schemeID).Scan(&out.Balance)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		rows, err := c.query(ctx, `SELECT id, title, created_at FROM loyalty_rewards
			WHERE user_id = ? AND scheme_id = ? AND status = 'available' ORDER BY id`, userID, schemeID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r loyalty.Reward
			if err := rows.Scan(&r.ID, &r.Title, &r.CreatedAt); err != nil {
				return err
			}
			out.Rewards = append(out.Rewards, r)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
