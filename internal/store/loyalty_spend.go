package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"platter/internal/loyalty"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// A loyalty reward is not reserved at prepare (an abandoned basket would
// hold it for 30 minutes); it is spent when its order is paid, in the
// transaction that records the payment, by a conditional UPDATE of the
// reward's row (available → spent by this order). Of several orders priced
// with one reward and paid at once, that UPDATE lets exactly one through:
// on PostgreSQL the others block on the row and then find it spent; on
// SQLite the one writer orders them. An order that loses is cancelled and
// refunded in that same transaction: it never keeps a discount it could
// not have. The sandbox's payments/confirm refuses (3045) to charge an
// order whose reward is already spent (StartPayment), so only a true race
// (or Stripe, whose money arrives by webhook) reaches the refund.

// LoyaltyReward returns one of the customer's rewards still to use at the
// scheme, or not-found (another's, spent, or unknown).
func (db *DB) LoyaltyReward(ctx context.Context, schemeID, userID, id int64) (*loyalty.Reward, error) {
	var r loyalty.Reward
	err := db.single().queryRow(ctx, `SELECT id, title, created_at FROM loyalty_rewards
		WHERE id = ? AND scheme_id = ? AND user_id = ? AND status = 'available'`, id, schemeID, userID).
		Scan(&r.ID, &r.Title, &r.CreatedAt)
	if err != nil {
		return nil, mapErr(err)
	}
	return &r, nil
}

// rewardSpentElsewhere reports whether the order is priced with a reward
// that another order has spent.
func rewardSpentElsewhere(ctx context.Context, c conn, schemeID, userID, orderID int64) (bool, error) {
	var n int
	err := c.queryRow(ctx, `SELECT COUNT(*) FROM orders o JOIN loyalty_rewards r ON r.id = o.loyalty_reward_id
		WHERE o.id = ? AND o.scheme_id = ? AND o.user_id = ? AND r.status = 'spent' AND r.order_id <> o.id`,
		orderID, schemeID, userID).Scan(&n)
	return n > 0, err
}

// settleReward spends the reward of an order that has just been paid. kept
// is false when the reward was spent by another order first: then this
// order is cancelled and its payment queued for a full refund.
func settleReward(ctx context.Context, c conn, p paidHead, now time.Time) (kept bool, err error) {
	orderID, schemeID, rewardID := p.orderID, p.schemeID, p.rewardID
	if !rewardID.Valid {
		return true, nil
	}
	n, err := execCount(ctx, c, `UPDATE loyalty_rewards SET status = 'spent', order_id = ?, spent_at = ?
		WHERE id = ? AND status = 'available'`, orderID, now, rewardID.Int64)
	if err != nil || n == 1 {
		return n == 1, err
	}
	var owner sql.NullInt64
	err = c.queryRow(ctx, "SELECT order_id FROM loyalty_rewards WHERE id = ?", rewardID.Int64).Scan(&owner)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	if owner.Valid && owner.Int64 == orderID {
		return true, nil // spent by this order already
	}
	// Lost: the order ends here, through the lifecycle like any step (the
	// rules, the event, the customer's mail, its slot and use given back)
	// and its money goes back (the commit pokes the refund worker).
	ch := ordering.Change{SchemeID: schemeID, OrderID: orderID, To: ordering.StatusCancelled, Actor: ordering.ActorSystem,
		ActorRef: "system", Reason: "reward already used", Cause: ordering.CauseRewardLost,
		Reach: ordering.Reach{SchemeWide: true}}
	h, err := findHead(ctx, c, &ch)
	if err != nil {
		return false, err
	}
	err = applyStep(ctx, c, &ch, h, now)
	return false, err
}

// giveBackReward makes the reward a paid order spent usable again, when
// the order ends without being made (rejected or cancelled, and refunded).
func giveBackReward(ctx context.Context, c conn, orderID int64) error {
	_, err := c.exec(ctx, `UPDATE loyalty_rewards SET status = 'available', order_id = NULL, spent_at = NULL
		WHERE order_id = ? AND status = 'spent'`, orderID)
	return err
}

// errRewardSpent is StartPayment's refusal of an order whose reward another
// order has spent: nothing is charged; the customer orders again.
func errRewardSpent() error {
	return &platter.Error{Code: platter.CodeRewardUnavailable, Message: "reward.spent"}
}
