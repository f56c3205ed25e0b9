package httpapi_test

import (
	"testing"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestPauseAndBusy: at Monday 12:00 London, soho's staff pause ASAP orders
// until 13:00. venue/slots offers no ASAP and slots from 13:15 (13:00 plus
// 15 minutes' prep); venue/info says until when; quote and prepare refuse
// ASAP and a slot before the pause ends (3102) and take a later slot. After
// resuming, busy minutes move the promised time and the first slot.
// Shoreditch is untouched throughout; inputs out of range are refused.
func TestPauseAndBusy(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		_, soho := member(t, e, db, store.PlatformUser{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"}, clk.Now())
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		basket := []any{m.line(t, "Cheesy Fries", 1)}

		res := controlsSet(e, soho, "paused_until", "2026-03-02T13:00:00Z")
		if res.data(t)["paused_until"] != "2026-03-02T13:00:00Z" {
			t.Fatalf("pause: %s", res.Raw)
		}
		slots, meta := slotsAt(t, e, "soho", 1, 1)
		if meta["asap_available"] != false || slots[0]["start"] != "2026-03-02T13:15:00+00:00" ||
			meta["first_asap_at"] != "2026-03-02T13:15:00+00:00" {
			t.Errorf("paused slots: asap %v first %v, slot %v", meta["asap_available"], meta["first_asap_at"], slots[0])
		}
		if _, meta := slotsAt(t, e, "shoreditch", 1, 1); meta["asap_available"] != true {
			t.Errorf("shoreditch paused too")
		}
		if st := storeOf(t, e, "soho"); st["paused_until"] != "2026-03-02T13:00:00Z" {
			t.Errorf("venue/info soho: paused_until %v", st["paused_until"])
		}
		if st := storeOf(t, e, "shoreditch"); st["paused_until"] != nil {
			t.Errorf("venue/info shoreditch: paused_until %v", st["paused_until"])
		}
		if q := e.call("orders/quote", checkoutBody(basket), ann...).data(t); q["can_order"] != false {
			t.Errorf("ASAP quote while paused: %v", q)
		}
		e.call("orders/prepare", checkoutBody(basket, "idempotency_key", "paused-asap"), ann...).wantError(t, 422, 3102)
		e.call("orders/prepare", checkoutBody(basket, "idempotency_key", "paused-early", "is_asap", false,
			"preorder_for", "2026-03-02T13:00:00Z"), ann...).wantError(t, 422, 3102)
		later := checkoutBody(basket, "idempotency_key", "paused-later", "is_asap", false, "preorder_for", "2026-03-02T13:15:00Z")
		if o := e.call("orders/prepare", later, ann...).data(t)["order"].(map[string]any); o["status"] != "pending" {
			t.Errorf("a slot after the pause: %v", o)
		}

		res = controlsSet(e, soho, "paused_until", nil, "busy_minutes", 20)
		if d := res.data(t); d["paused_until"] != nil || num(d["busy_minutes"]) != 20 {
			t.Fatalf("resume and busy: %s", res.Raw)
		}
		slots, meta = slotsAt(t, e, "soho", 1, 1)
		// 12:00 + 15 prep + 20 busy: ready 12:35, first slot 12:45.
		if meta["asap_available"] != true || meta["first_asap_at"] != "2026-03-02T12:35:00+00:00" ||
			slots[0]["start"] != "2026-03-02T12:45:00+00:00" {
			t.Errorf("busy: asap %v at %v, first slot %v", meta["asap_available"], meta["first_asap_at"], slots[0]["start"])
		}
		if st := storeOf(t, e, "soho"); num(st["busy_minutes"]) != 20 {
			t.Errorf("venue/info busy_minutes %v", st["busy_minutes"])
		}
		// What the storefront promises per order type: 15 prep + 20 busy
		// (+ 25 delivery minutes), as first_asap_at above.
		asap := func(st map[string]any, kind string) float64 { return num(st[kind].(map[string]any)["asap_minutes"]) }
		if st := storeOf(t, e, "soho"); asap(st, "pickup") != 35 || asap(st, "delivery") != 60 {
			t.Errorf("venue/info soho asap_minutes: pickup %v delivery %v", st["pickup"], st["delivery"])
		}
		if st := storeOf(t, e, "shoreditch"); asap(st, "pickup") != 15 || asap(st, "delivery") != 40 {
			t.Errorf("venue/info shoreditch asap_minutes: pickup %v delivery %v", st["pickup"], st["delivery"])
		}
		e.call("orders/prepare", checkoutBody(basket, "idempotency_key", "busy-early", "is_asap", false,
			"preorder_for", "2026-03-02T12:30:00Z"), ann...).wantError(t, 422, 3104)
		if _, meta := slotsAt(t, e, "shoreditch", 1, 1); meta["first_asap_at"] != "2026-03-02T12:15:00+00:00" {
			t.Errorf("shoreditch busy too: %v", meta["first_asap_at"])
		}

		for _, c := range []struct {
			kv    []any
			field string
		}{
			{[]any{"busy_minutes", 181}, "busy_minutes"},
			{[]any{"busy_minutes", -1}, "busy_minutes"},
			{[]any{"auto_accept_minutes", 0}, "auto_accept_minutes"},
			{[]any{"paused_until", "2026-03-02T11:59:00Z"}, "paused_until"},
			{[]any{"paused_until", "2026-03-10T12:00:00Z"}, "paused_until"},
			{[]any{"paused_until", "tonight"}, "paused_until"},
			{[]any{"paused_until", 5}, "paused_until"},
			{[]any{"venue_slug", ""}, "venue_slug"},
		} {
			res := controlsSet(e, soho, c.kv...)
			res.wantError(t, 400, 1000)
			if _, ok := res.Body["fields"].(map[string]any)[c.field]; !ok {
				t.Errorf("%v: %s", c.kv, res.Raw)
			}
		}
		e.call("admin/venues/controls/set", data("venue_slug", "shoreditch", "busy_minutes", 5), soho...).wantError(t, 403, 1403)
		res = e.call("admin/venues/controls", filter("venue_slug", "soho"), soho...)
		if d := res.data(t); num(d["busy_minutes"]) != 20 || d["auto_accept"] != false || num(d["auto_accept_minutes"]) != 20 {
			t.Errorf("controls after refusals: %s", res.Raw)
		}
	})
}

// TestAutoAccept: with auto-accept on (25 minutes, 5 busy), a paid order
// is accepted by the system as it is paid, expected 30 minutes later, with
// the accepted mail; turned off, the next waits for the board.
func TestAutoAccept(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
		e, clk := startOrders(t, db)
		_, soho := member(t, e, db, store.PlatformUser{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"}, clk.Now())
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		basket := []any{m.line(t, "Cheesy Fries", 1)}
		if d := controlsSet(e, soho, "auto_accept", true, "auto_accept_minutes", 25, "busy_minutes", 5).data(t); d["auto_accept"] != true {
			t.Fatalf("auto-accept: %v", d)
		}
		pay := func(key string) map[string]any {
			t.Helper()
			id := e.call("orders/prepare", checkoutBody(basket, "idempotency_key", key), ann...).data(t)["order"].(map[string]any)["id"]
			confirm(e, ann, id, card("4242424242424242")).data(t)
			return e.call("orders/get", filter("id", id), ann...).data(t)
		}
		o := pay("auto-key-1")
		if o["status"] != "accepted" || o["expected_at"] != "2026-03-02T12:30:00Z" {
			t.Errorf("auto-accepted order: status %v expected %v", o["status"], o["expected_at"])
		}
		statuses := []string{}
		for _, h := range o["history"].([]any) {
			statuses = append(statuses, h.(map[string]any)["status"].(string))
		}
		if len(statuses) == 0 || statuses[len(statuses)-1] != "accepted" {
			t.Errorf("history %v", statuses)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM order_events WHERE order_id = ? AND actor = 'system:auto-accept'", o["id"]); n != 2 {
			t.Errorf("%d auto-accept events, want status and eta", n)
		}
		var kinds []string
		for _, m := range outbox(t, db, "ann@example.com") {
			kinds = append(kinds, m.Kind)
		}
		if len(kinds) != 2 || kinds[0] != "order_received" || kinds[1] != "order_accepted" {
			t.Errorf("mail to the customer: %v, want the receipt, then accepted", kinds)
		}
		controlsSet(e, soho, "auto_accept", false).data(t)
		if o := pay("auto-key-2"); o["status"] != "pending" {
			t.Errorf("auto-accept off: status %v", o["status"])
		}
	})
}

// TestDriverMovesOnlyTheirOrder: the manager assigns a delivery to one
// driver; another driver can neither move nor locate it (1404); the
// assigned one starts it once accepted, shares positions while it is on
// its way (the customer sees them) and marks it delivered. Venue staff
// assign only at their venue, only drivers, only deliveries.
func TestDriverMovesOnlyTheirOrder(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		now := clk.Now()
		wheels, driverA := member(t, e, db, store.PlatformUser{Email: "wheels@demo.test", Role: account.RoleDriver}, now)
		_, driverB := member(t, e, db, store.PlatformUser{Email: "rider@demo.test", Role: account.RoleDriver}, now)
		_, boss := member(t, e, db, store.PlatformUser{Email: "boss@demo.test", Role: account.RoleManager}, now)
		_, soho := member(t, e, db, store.PlatformUser{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"}, now)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		order := func(key string, kv ...any) any {
			t.Helper()
			kv = append([]any{"idempotency_key", key, "order_type", 0,
				"delivery_address", deliveryAddress(map[string]any{"latitude": 51.5145, "longitude": -0.1310})}, kv...)
			id := e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 3)}, kv...), ann...).data(t)["order"].(map[string]any)["id"]
			confirm(e, ann, id, card("4242424242424242")).data(t)
			return id
		}
		move := func(auth []string, id any, status string) *response {
			return e.call("driver/orders/transition", data("order_id", id, "status", status), auth...)
		}
		locate := func(auth []string, id any) *response {
			return e.call("driver/location", data("order_id", id, "lat", 51.513, "lng", -0.134), auth...)
		}
		id := order("drive-key-1")
		move(driverA, id, "on_the_way").wantError(t, 404, 1404) // not assigned yet
		res := e.call("admin/orders/assign-driver", data("order_id", id, "driver_id", wheels), boss...)
		if d := res.data(t)["driver"].(map[string]any); int64(num(d["id"])) != wheels {
			t.Fatalf("assigned: %s", res.Raw)
		}
		move(driverA, id, "on_the_way").wantError(t, 409, 3060) // still waiting to be accepted
		e.call("admin/orders/transition", data("order_id", id, "status", "accepted", "eta_minutes", 20), soho...).data(t)
		move(driverB, id, "on_the_way").wantError(t, 404, 1404)
		locate(driverB, id).wantError(t, 404, 1404)
		locate(driverA, id).wantError(t, 409, 3060) // not on its way yet
		move(driverA, id, "accepted").wantError(t, 400, 1000)

		if d := move(driverA, id, "on_the_way").data(t); d["status"] != "on_the_way" {
			t.Fatalf("start delivery: %v", d)
		}
		locate(driverA, id).data(t)
		locate(driverB, id).wantError(t, 404, 1404)
		move(driverB, id, "delivered").wantError(t, 404, 1404)
		got := e.call("orders/get", filter("id", id), ann...).data(t)["driver"].(map[string]any)
		if got["lat"] != 51.513 || got["lng"] != -0.134 {
			t.Errorf("the customer sees the driver at %v", got)
		}
		if d := move(driverA, id, "delivered").data(t); d["status"] != "delivered" {
			t.Errorf("delivered: %v", d)
		}
		move(driverA, id, "delivered").wantError(t, 409, 3060)
		locate(driverA, id).wantError(t, 409, 3060)

		// Soho's staff: not at shoreditch, not a customer, not a pickup.
		ditch := order("drive-key-2", "venue_slug", "shoreditch")
		e.call("admin/orders/assign-driver", data("order_id", ditch, "driver_id", wheels), soho...).wantError(t, 404, 1404)
		sohoOrder := order("drive-key-3")
		annID := int64(num(e.call("user/info", nil, ann...).data(t)["id"]))
		e.call("admin/orders/assign-driver", data("order_id", sohoOrder, "driver_id", annID), soho...).wantError(t, 404, 1404)
		pickup := e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", "drive-key-4"),
			ann...).data(t)["order"].(map[string]any)["id"]
		confirm(e, ann, pickup, card("4242424242424242")).data(t)
		e.call("admin/orders/assign-driver", data("order_id", pickup, "driver_id", wheels), soho...).wantError(t, 409, 3060)
		if list := e.call("admin/drivers/list", nil, soho...).Body["data"].([]any); len(list) != 2 {
			t.Errorf("drivers: %v", list)
		}
	})
}
