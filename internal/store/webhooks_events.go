package store

import (
	"context"
	"database/sql"
	"time"

	"platter/internal/ordering"
	"platter/internal/support"
	"platter/internal/webhooks"
)

// The writers of the changes webhooks report call these inside their own
// transaction (docs/architecture.md §11): the order path's payment
// (recordOutcome: order.paid), its one step path (applyStep:
// order.status_changed), the refunds made (FinishRefund and a refund from
// the provider's dashboard: order.refunded), the menu writer (menuTx.bump
// and SetSoldOut: menu.updated) and support requests (support.created).

// orderData reads an order as order events carry it.
func orderData(ctx context.Context, c conn, orderID int64) (webhooks.Order, error) {
	o, err := loadOrder(ctx, c, orderID)
	if err != nil {
		return webhooks.Order{}, err
	}
	var scheme, venue string
	var expected sql.NullTime
	if err := c.queryRow(ctx, `SELECT s.slug, v.slug, o.expected_at FROM orders o
			JOIN schemes s ON s.id = o.scheme_id JOIN venues v ON v.id = o.venue_id WHERE o.id = ?`, orderID).
		Scan(&scheme, &venue, &expected); err != nil {
		return webhooks.Order{}, err
	}
	return webhooks.OrderOf(o, scheme, venue, utcOf(expected)), nil
}

func orderIDs(orderID int64) map[string]int64 { return map[string]int64{"order_id": orderID} }

// queueOrderWebhook queues order.paid or order.status_changed (from: the
// status the order left, and why) for the order (of scheme schemeID; 0:
// read it).
func queueOrderWebhook(ctx context.Context, c conn, schemeID, orderID int64, event string, from ordering.Status,
	reason string, now time.Time) error {
	if schemeID == 0 {
		if err := c.queryRow(ctx, "SELECT scheme_id FROM orders WHERE id = ?", orderID).Scan(&schemeID); err != nil {
			return err
		}
	}
	return queueWebhook(ctx, c, schemeID, event, now, func() (any, any, error) {
		o, err := orderData(ctx, c, orderID)
		return webhooks.OrderEvent{Order: o, FromStatus: string(from), Reason: reason}, orderIDs(orderID), err
	})
}

// queueRefundWebhook queues order.refunded for a refund made.
func queueRefundWebhook(ctx context.Context, c conn, schemeID, orderID int64, r webhooks.RefundInfo,
	now time.Time) error {
	return queueWebhook(ctx, c, schemeID, webhooks.OrderRefunded, now, func() (any, any, error) {
		o, err := orderData(ctx, c, orderID)
		return webhooks.Refund{Order: o, Refund: r}, orderIDs(orderID), err
	})
}

// queueMenuWebhook queues menu.updated for menu menuID as it now is (with
// its new version); venue and a are set for a change of availability at
// one venue.
func queueMenuWebhook(ctx context.Context, c conn, menuID int64, venue string, a *webhooks.Availability,
	now time.Time) error {
	var schemeID int64
	var m webhooks.MenuRef
	if err := c.queryRow(ctx, "SELECT scheme_id, id, ref, name, version FROM menus WHERE id = ?", menuID).
		Scan(&schemeID, &m.ID, &m.Ref, &m.Name, &m.Version); err != nil {
		return err
	}
	return queueWebhook(ctx, c, schemeID, webhooks.MenuUpdated, now, func() (any, any, error) {
		return webhooks.Menu{Menu: m, Venue: venue, Availability: a}, map[string]int64{"menu_id": m.ID}, nil
	})
}

// queueSupportWebhook queues support.created for a new request.
func queueSupportWebhook(ctx context.Context, c conn, r *support.Request, now time.Time) error {
	return queueWebhook(ctx, c, r.SchemeID, webhooks.SupportCreated, now, func() (any, any, error) {
		d := webhooks.Support{ID: r.ID, OrderID: r.OrderID, Kind: r.Kind, Description: r.Description,
			Photos: len(r.PhotoIDs), CreatedAt: utc(now)}
		err := c.queryRow(ctx, `SELECT o.order_number, v.slug FROM orders o JOIN venues v ON v.id = o.venue_id
			WHERE o.id = ?`, r.OrderID).Scan(&d.OrderNumber, &d.Venue)
		return d, map[string]int64{"support_id": r.ID, "order_id": r.OrderID}, err
	})
}
