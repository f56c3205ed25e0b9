package httpapi_test

import (
	"fmt"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// orderReaders: the owner and the staff of the order's venue (soho) read
// it; to everyone else it does not exist.
func orderReaders() map[kind]outcome {
	w := ownOnly()
	w[venueStaf], w[manager], w[admin] = okay, okay, okay
	return w
}

// driverOnly is for the driver's calls.
func driverOnly() map[kind]outcome {
	return map[kind]outcome{noToken: signIn401, foreigner: signIn401, boss2: signIn401, guest: refused, owner: refused,
		neighbour: refused, venueStaf: refused, otherStaf: refused, manager: refused, admin: refused, driver: okay}
}

// wantOrder checks an order answer: field "id" must be the given order's,
// "status" must be what the call asked for (cancelled, accepted).
func wantOrder(field string, id func(*permFixture) int64) func(*testing.T, *permFixture, kind, *response) {
	return func(t *testing.T, f *permFixture, k kind, res *response) {
		d := res.data(t)
		switch field {
		case "id":
			if int64(num(d["id"])) != id(f) {
				t.Errorf("%s got order %v, want %d", k, d["id"], id(f))
			}
		case "status":
			if d["status"] != "cancelled" && d["status"] != "accepted" {
				t.Errorf("%s: status %v", k, d["status"])
			}
		}
	}
}

func listsOrder(res *response, id int64) bool {
	list, _ := res.Body["data"].([]any)
	for _, o := range list {
		if int64(num(o.(map[string]any)["id"])) == id {
			return true
		}
	}
	return false
}

// paidOrder prepares and pays a new order of the owner at soho: pickup
// (orderType 1) or delivery (0) to Greek Street.
func (f *permFixture) paidOrder(orderType int) int64 {
	f.t.Helper()
	f.keys++
	body := f.checkout(fmt.Sprintf("perm-paid-%04d", f.keys))
	if orderType == 0 {
		d := body["data"].(map[string]any)
		d["order_type"] = 0
		d["items"] = []any{map[string]any{"item_id": f.fries, "qty": 3}}
		d["delivery_address"] = deliveryAddress(map[string]any{"latitude": 51.5145, "longitude": -0.1310})
	}
	res := f.e.call("orders/prepare", body, f.auth(owner)...)
	id := int64(num(res.data(f.t)["order"].(map[string]any)["id"]))
	paid := f.e.call("payments/confirm", data("order_id", id, "card", map[string]any{"number": "4242424242424242",
		"exp_month": 12, "exp_year": 2030, "cvc": "123"}), f.auth(owner)...)
	if paid.data(f.t)["payment_status"] != "paid" {
		f.t.Fatalf("payment: %s", paid.Raw)
	}
	return id
}

// readOrder is one paid pickup order of the owner, made on first use.
func (f *permFixture) readOrder() int64 {
	if f.read == 0 {
		f.read = f.paidOrder(1)
	}
	return f.read
}

// onTheWay is a new paid delivery order of the owner that the manager
// accepted and sent on its way with the scheme's only driver.
func (f *permFixture) onTheWay() int64 {
	f.t.Helper()
	id := f.paidOrder(0)
	for _, st := range []string{"accepted", "on_the_way"} {
		res := f.e.call("admin/orders/transition", data("order_id", id, "status", st), f.auth(manager)...)
		if res.Status != 200 {
			f.t.Fatalf("%s: %s", st, res.Raw)
		}
	}
	return id
}

// TestOrderGetTellsWhyItEnded: the customer's orders/get says who took
// each step and carries the reason staff gave with a rejection, so the
// order page can say why (issue 18).
func TestOrderGetTellsWhyItEnded(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		last := func(id int64) map[string]any {
			t.Helper()
			history, _ := f.e.call("orders/get", filter("id", id), f.auth(owner)...).data(t)["history"].([]any)
			if len(history) == 0 {
				t.Fatal("no history")
			}
			return history[len(history)-1].(map[string]any)
		}
		rejected := f.paidOrder(1)
		res := f.e.call("admin/orders/transition", data("order_id", rejected, "status", "rejected", "reason", "Out of buns"),
			f.auth(manager)...)
		if res.Status != 200 {
			t.Fatalf("reject: %s", res.Raw)
		}
		if got := last(rejected); got["status"] != "rejected" || got["reason"] != "Out of buns" || got["by"] != "venue" {
			t.Fatalf("last step %v, want rejected by the venue with its reason", got)
		}
		cancelled := f.paidOrder(1)
		if res := f.e.call("orders/cancel", data("id", cancelled), f.auth(owner)...); res.Status != 200 {
			t.Fatalf("cancel: %s", res.Raw)
		}
		if got := last(cancelled); got["status"] != "cancelled" || got["by"] != "customer" {
			t.Fatalf("last step %v, want cancelled by the customer", got)
		}
	})
}
