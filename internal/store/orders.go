package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"platter/internal/ordering"
	"platter/internal/platter"
)

// Every order query names its owner (scheme and user) beside the id, so a
// foreign order reads exactly like a missing one: not found.

// errIdempotency is the answer to a prepare that reuses an idempotency key
// with another body.
func errIdempotency() *platter.Error {
	return &platter.Error{Code: platter.CodeConflict, Message: "order.idempotency_conflict"}
}

// CreateOrder stores a prepared order with its lines, its payment and the
// promo or reward use it reserves, in one transaction, and returns it.
//
// A retry finds its order: the same (scheme, user, idempotency key) with
// the same request hash returns the order stored first (replayed true);
// with another hash it is refused with 1409. The unique index on the key
// holds this under concurrency: on PostgreSQL two transactions that both
// found no order race to insert, the second blocks on the index until the
// first commits and then inserts nothing (ON CONFLICT on that index alone,
// so the race is told by the index it hit, never by an error's text),
// after which the order of the first is read and returned like any
// retry's. Any other unique violation is a fault of ours (1500), never
// mistaken for that race. The row is inserted before the slot place and
// the use are taken, so a losing retry never touches a slot's or a promo
// code's count.
//
// Promo atomicity: the use is taken by a conditional UPDATE of the code's
// row (uses < max_uses), which also locks that row until commit, so
// concurrent prepares of one code queue on it and each sees the uses the
// ones before it committed; the per-customer count is read after that lock
// for the same reason. On SQLite the one writer gives the same order.
func (db *DB) CreateOrder(ctx context.Context, n *ordering.NewOrder, now time.Time) (*ordering.Order, bool, error) {
	now = utc(now)
	var (
		out    *ordering.Order
		replay bool
	)
	err := db.write(ctx, func(c conn) error {
		out, replay = nil, false
		// On PostgreSQL the lookup also takes the unpaid-order cap's locks.
		locked := c.dialect == Postgres && n.MaxUnpaid > 0
		id, hash, err := findOrderByKey(ctx, c, n, locked)
		switch {
		case err == nil:
			if hash != n.RequestHash {
				return errIdempotency()
			}
			replay = true
			out, err = loadOrder(ctx, c, id)
			return err
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if err := checkUnpaid(ctx, c, n, now, locked); err != nil {
			return err
		}
		if id, err = insertOrder(ctx, c, n, now); err != nil {
			return err
		}
		if !n.Slot.IsZero() {
			if err := claimSlot(ctx, c, id, n.Order.VenueID, n.Order.OrderType, n.Slot, n.SlotCapacity); err != nil {
				return err
			}
		}
		if err := reserveUse(ctx, c, n, id, now); err != nil {
			return err
		}
		if c.dialect != Postgres { // on PostgreSQL inserted with the order (insertOrder)
			if err := insertLines(ctx, c, id, n.Order.Lines); err != nil {
				return err
			}
			if err := insertPayment(ctx, c, id, &n.Order, now); err != nil {
				return err
			}
		}
		if err := addEvent(ctx, c, id, n.Order.SchemeID, ordering.StatusPending, ordering.PayRequired,
			"customer", "created", now); err != nil {
			return err
		}
		if c.dialect == Postgres {
			// The number with the events, in the transaction's last
			// statement but the order's reading (txend.go).
			numberLater(c, id, n.Order.SchemeID)
			if err := flushEvents(ctx, c); err != nil {
				return err
			}
		}
		out, err = loadOrder(ctx, c, id)
		return err
	})
	if errors.Is(err, errKeyRace) {
		// Another run with this key committed first (see above).
		return db.replayOrder(ctx, n)
	}
	if isUniqueViolation(err) {
		// Not the idempotency key's index: nothing the client can fix.
		return nil, false, platter.Internal(err)
	}
	if err != nil {
		return nil, false, err
	}
	return out, replay, nil
}

// errKeyRace is insertOrder's answer when another prepare with the same
// idempotency key committed its order first.
var errKeyRace = &platter.Error{Code: platter.CodeConflict, Message: "order.idempotency_conflict"}

func (db *DB) replayOrder(ctx context.Context, n *ordering.NewOrder) (*ordering.Order, bool, error) {
	var out *ordering.Order
	err := db.read(ctx, func(c conn) error {
		id, hash, err := findOrderByKey(ctx, c, n, false)
		if err != nil {
			return err
		}
		if hash != n.RequestHash {
			return errIdempotency()
		}
		out, err = loadOrder(ctx, c, id)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// findOrderByKey finds the order prepared with n's idempotency key. lock:
// the same statement takes the unpaid-order cap's locks first (PostgreSQL,
// unpaidLocks), saving checkUnpaid a round trip; the lookup's snapshot may
// then predate them, which only the key's race can tell, and the unique
// index settles that race (insertOrder).
func findOrderByKey(ctx context.Context, c conn, n *ordering.NewOrder, lock bool) (id int64, hash string, err error) {
	if keyLookupOff {
		if lock {
			if _, err := c.exec(ctx, "SELECT "+unpaidLocks(n), unpaidLockArgs(n)...); err != nil {
				return 0, "", err
			}
		}
		return 0, "", sql.ErrNoRows
	}
	if !lock {
		err = c.queryRow(ctx, `SELECT id, request_hash FROM orders WHERE scheme_id = ? AND user_id = ? AND idempotency_key = ?`,
			n.Order.SchemeID, n.Order.UserID, n.IdempotencyKey).Scan(&id, &hash)
		return id, hash, err
	}
	var (
		found sql.NullInt64
		h     sql.NullString
	)
	err = c.queryRow(ctx, `SELECT o.id, o.request_hash FROM (SELECT `+unpaidLocks(n)+`) lk
		LEFT JOIN orders o ON o.scheme_id = ? AND o.user_id = ? AND o.idempotency_key = ?`,
		append(unpaidLockArgs(n), n.Order.SchemeID, n.Order.UserID, n.IdempotencyKey)...).Scan(&found, &h)
	if err == nil && !found.Valid {
		err = sql.ErrNoRows
	}
	return found.Int64, h.String, err
}

// nextOrderUpsert hands out the scheme's next order number; the
// counter's row lock (the upsert takes it) orders concurrent prepares of
// one scheme, and is held until commit.
const nextOrderUpsert = `INSERT INTO order_numbers (scheme_id, last_number) VALUES (?, 1)
	ON CONFLICT (scheme_id) DO UPDATE SET last_number = order_numbers.last_number + 1
	RETURNING last_number`

func insertOrder(ctx context.Context, c conn, n *ordering.NewOrder, now time.Time) (int64, error) {
	o := &n.Order
	var num any // PostgreSQL: numbered at the end (numberLater)
	if c.dialect != Postgres {
		var next int64
		if err := c.queryRow(ctx, nextOrderUpsert, o.SchemeID).Scan(&next); err != nil {
			return 0, err
		}
		num = next
	}
	addr := ""
	if o.DeliveryAddress != nil {
		b, _ := json.Marshal(o.DeliveryAddress)
		addr = string(b)
	}
	var preorder any
	if o.PreorderFor != nil {
		preorder = utc(*o.PreorderFor)
	}
	var kitchen any
	if n.KitchenAt != nil {
		kitchen = utc(*n.KitchenAt)
	}
	p := o.Pricing
	q := `INSERT INTO orders (scheme_id, venue_id, user_id, order_number, status, payment_status,
		order_type, is_asap, preorder_for, delivery_address, note, email, contact_number, first_name, last_name,
		currency, subtotal, discount, discount_source, promo_code_id, promo_code, offer_id, service_charge,
		delivery_fee, tip, total, tax, vat_rate_bp, stamps_earned, idempotency_key, request_hash,
		created_at, updated_at, expires_at, lang, loyalty_reward_id, kitchen_at, client_key,
		search_email, search_name, search_last_name)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
			?, ?, ?)
		ON CONFLICT (scheme_id, user_id, idempotency_key) DO NOTHING
		RETURNING id`
	args := []any{o.SchemeID, o.VenueID, o.UserID, num, ordering.StatusPending, ordering.PayRequired,
		o.OrderType, o.IsASAP, preorder, addr, o.Note, o.Email, o.ContactNumber, o.FirstName, o.LastName,
		p.Currency, p.Subtotal, p.Discount, p.DiscountSource, nullID(o.PromoCodeID), o.PromoCode, nullID(o.OfferID),
		p.ServiceCharge, p.DeliveryFee, p.Tip, p.Total, p.Tax, p.VATRateBP, p.StampsEarned,
		storedKey(n.IdempotencyKey), n.RequestHash, now, now, now.Add(n.UnpaidFor()), orderLang(n.Lang),
		nullID(o.LoyaltyRewardID), kitchen, n.ClientKey,
		searchFold(o.Email), fullName(o.FirstName, o.LastName), searchFold(o.LastName)}
	if c.dialect == Postgres {
		// The payment and the lines in the same statement: one round
		// trip. A key race inserts no order, so none of them either.
		rest, restArgs, err := orderRest(o, now)
		if err != nil {
			return 0, err
		}
		q, args = "WITH o AS ("+q+"), "+rest+" SELECT id FROM o", append(args, restArgs...)
	}
	var id int64
	err := c.queryRow(ctx, q, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errKeyRace // ON CONFLICT on the key's index: nothing inserted
	}
	return id, err
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// reserveUse takes one use of the order's promo code or reward (see
// CreateOrder); a refusal rolls the whole order back.
func reserveUse(ctx context.Context, c conn, n *ordering.NewOrder, orderID int64, now time.Time) error {
	u := n.Use
	if u == nil {
		return nil
	}
	var (
		res sql.Result
		err error
	)
	if u.PromoCodeID != 0 {
		res, err = c.exec(ctx, `UPDATE promo_codes SET uses = uses + 1
			WHERE id = ? AND deleted_at IS NULL AND (max_uses = 0 OR uses < max_uses)`, u.PromoCodeID)
	} else {
		// A write that changes nothing, for its row lock: concurrent uses
		// of one reward by one customer queue here.
		res, err = c.exec(ctx, `UPDATE offers SET position = position WHERE id = ? AND deleted_at IS NULL`, u.OfferID)
	}
	if err != nil {
		return err
	}
	if rows, err := res.RowsAffected(); err != nil {
		return err
	} else if rows == 0 && u.PromoCodeID != 0 {
		return &platter.Error{Code: platter.CodePromoUsedUp, Message: "promo.used_up"}
	} else if rows == 0 {
		return ordering.ErrRewardUnavailable()
	}
	if u.PerCustomer > 0 {
		used, err := customerUses(ctx, c, u.PromoCodeID, u.OfferID, n.Order.UserID, u.EmailNorm)
		if err != nil {
			return err
		}
		if used >= u.PerCustomer && u.PromoCodeID != 0 {
			return &platter.Error{Code: platter.CodePromoAlreadyUsed, Message: "promo.already_used"}
		} else if used >= u.PerCustomer {
			return ordering.ErrRewardUnavailable()
		}
	}
	_, err = c.exec(ctx, `INSERT INTO redemptions (scheme_id, order_id, promo_code_id, offer_id, user_id, email_norm,
		status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'reserved', ?, ?)`,
		n.Order.SchemeID, orderID, nullID(u.PromoCodeID), nullID(u.OfferID), n.Order.UserID, u.EmailNorm, now, now)
	return err
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func addEvent(ctx context.Context, c conn, orderID, schemeID int64, status ordering.Status, payment, actor, reason string,
	now time.Time) error {
	return writeEvent(ctx, c, event{orderID: orderID, schemeID: schemeID, status: status, payment: payment,
		actor: actor, reason: reason, at: now})
}

// Order returns one of the owner's orders; another's is not found.
func (db *DB) Order(ctx context.Context, schemeID, userID, id int64) (*ordering.Order, error) {
	var out *ordering.Order
	err := db.read(ctx, func(c conn) error {
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM orders WHERE id = ? AND scheme_id = ? AND user_id = ?`,
			id, schemeID, userID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return platter.NotFound()
		}
		var err error
		out, err = loadOrder(ctx, c, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// OrderByKey returns the owner's order made with an idempotency key and
// the hash of the body that made it, or not-found.
func (db *DB) OrderByKey(ctx context.Context, schemeID, userID int64, key string) (*ordering.Order, string, error) {
	var (
		id   int64
		hash string
	)
	// Most prepares are new: one plain query tells, and only a retry reads
	// its order.
	err := db.single().queryRow(ctx, `SELECT id, request_hash FROM orders
		WHERE scheme_id = ? AND user_id = ? AND idempotency_key = ?`, schemeID, userID, key).Scan(&id, &hash)
	if err != nil {
		return nil, "", mapErr(err)
	}
	var out *ordering.Order
	err = db.read(ctx, func(c conn) error {
		var err error
		out, err = loadOrder(ctx, c, id)
		return err
	})
	if err != nil {
		return nil, "", err
	}
	return out, hash, nil
}

// orderLang is the language an order's mails are written in.
func orderLang(lang string) string {
	if lang == "" {
		return "en-US"
	}
	return lang
}
