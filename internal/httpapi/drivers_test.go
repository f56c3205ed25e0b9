package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// deliveryOrder places and pays a delivery at soho as a guest, and returns
// its id and the guest's auth.
func deliveryOrder(t *testing.T, e *env, m menuIDs, key string) (any, []string) {
	t.Helper()
	ann := signIn(t, e, "demo-burgers", "")
	id := e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 3)}, "idempotency_key", key,
		"order_type", 0, "delivery_address", deliveryAddress(map[string]any{"latitude": 51.5145, "longitude": -0.1310})),
		ann...).data(t)["order"].(map[string]any)["id"]
	confirm(e, ann, id, card("4242424242424242")).data(t)
	return id, ann
}

// TestOwnDeliveryLeavesWithoutDriver: the board sends a delivery on its way
// with own_delivery (the venue delivers it itself) and no driver is
// assigned, even when the scheme has exactly one driver (whom on_the_way
// assigns by default); own_delivery with a driver_id is refused (1000).
func TestOwnDeliveryLeavesWithoutDriver(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		now := clk.Now()
		wheels, _ := member(t, e, db, store.PlatformUser{Email: "wheels@demo.test", Role: account.RoleDriver}, now)
		_, boss := member(t, e, db, store.PlatformUser{Email: "boss@demo.test", Role: account.RoleManager}, now)
		m := sohoMenu(t, e)
		move := func(id any, kv ...any) *response {
			return e.call("admin/orders/transition", data(append([]any{"order_id", id}, kv...)...), boss...)
		}

		own, _ := deliveryOrder(t, e, m, "own-key-1")
		move(own, "status", "accepted", "eta_minutes", 20).data(t)
		move(own, "status", "on_the_way", "own_delivery", true, "driver_id", wheels).wantError(t, 400, 1000)
		got := move(own, "status", "on_the_way", "own_delivery", true).data(t)
		if got["status"] != "on_the_way" || got["driver"] != nil {
			t.Errorf("own delivery: status %v, driver %v", got["status"], got["driver"])
		}

		// Without own_delivery the only driver is still the default.
		named, _ := deliveryOrder(t, e, m, "own-key-2")
		move(named, "status", "accepted", "eta_minutes", 20).data(t)
		got = move(named, "status", "on_the_way").data(t)
		if d, _ := got["driver"].(map[string]any); d == nil || int64(num(d["id"])) != wheels {
			t.Errorf("default driver: %v", got["driver"])
		}
	})
}

// TestDriversByName: admin/drivers/list names each driver by first and last
// name, by e-mail address only when there is no name, in the order the
// names read (case aside); `platter user add --first-name` sets them.
func TestDriversByName(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		now := clk.Now()
		for _, p := range []store.PlatformUser{
			{Email: "zed@demo.test", Role: account.RoleDriver},
			{Email: "wheels@demo.test", Role: account.RoleDriver, FirstName: "ola", LastName: "Nowak"},
			{Email: "aaron@demo.test", Role: account.RoleDriver, FirstName: "Jamie", LastName: "Rider"},
			{Email: "bart@demo.test", Role: account.RoleDriver},
		} {
			member(t, e, db, p, now)
		}
		_, boss := member(t, e, db, store.PlatformUser{Email: "boss@demo.test", Role: account.RoleManager}, now)
		var names []string
		for _, d := range e.call("admin/drivers/list", nil, boss...).Body["data"].([]any) {
			names = append(names, d.(map[string]any)["name"].(string))
		}
		want := []string{"bart@demo.test", "Jamie Rider", "ola Nowak", "zed@demo.test"}
		if strings.Join(names, "|") != strings.Join(want, "|") {
			t.Errorf("drivers %q, want %q", names, want)
		}
	})
}

// TestDriverSeesTheCustomer: driver/orders/list carries each order's
// customer (first and last name, phone), whom the driver asks for at the
// door; the delivery address's own label ("Home") is not a name.
func TestDriverSeesTheCustomer(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		now := clk.Now()
		wheels, driver := member(t, e, db, store.PlatformUser{Email: "wheels@demo.test", Role: account.RoleDriver}, now)
		_, boss := member(t, e, db, store.PlatformUser{Email: "boss@demo.test", Role: account.RoleManager}, now)
		id, _ := deliveryOrder(t, e, sohoMenu(t, e), "customer-key-1")
		e.call("admin/orders/assign-driver", data("order_id", id, "driver_id", wheels), boss...).data(t)
		list := e.call("driver/orders/list", nil, driver...).Body["data"].([]any)
		if len(list) != 1 {
			t.Fatalf("driver's orders: %v", list)
		}
		c, _ := list[0].(map[string]any)["customer"].(map[string]any)
		if c == nil || c["first_name"] != "Ann" || c["contact_number"] == nil {
			t.Errorf("customer %v", c)
		}
	})
}

// TestDriverWaitWakesOnAssignment: driver/orders/wait answers a first call
// at once with the version of the driver's open deliveries; a second one,
// with that version, waits, and answers changed as soon as the manager
// assigns the driver an accepted order (long before its 25 s are up, on either
// database: PostgreSQL wakes it through NOTIFY).
func TestDriverWaitWakesOnAssignment(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		now := clk.Now()
		wheels, driver := member(t, e, db, store.PlatformUser{Email: "wheels@demo.test", Role: account.RoleDriver}, now)
		_, other := member(t, e, db, store.PlatformUser{Email: "rider@demo.test", Role: account.RoleDriver}, now)
		_, boss := member(t, e, db, store.PlatformUser{Email: "boss@demo.test", Role: account.RoleManager}, now)
		id, _ := deliveryOrder(t, e, sohoMenu(t, e), "wait-key-1")
		e.call("admin/orders/transition", data("order_id", id, "status", "accepted", "eta_minutes", 20), boss...).data(t)
		wait := func(auth []string, version string) map[string]any {
			return e.call("driver/orders/wait", map[string]any{"filter": map[string]any{"version": version}}, auth...).data(t)
		}
		first := wait(driver, "")
		if first["changed"] != true || first["version"] == "" {
			t.Fatalf("first wait: %v", first)
		}

		type answer struct {
			data map[string]any
			took time.Duration
		}
		subscribed := e.hub.Len()
		done := make(chan answer, 1)
		go func() {
			start := time.Now()
			res := e.call("driver/orders/wait", map[string]any{"filter": map[string]any{"version": first["version"]}}, driver...)
			done <- answer{res.Body["data"].(map[string]any), time.Since(start)}
		}()
		// Assigned once the wait is subscribed (else it would see the change in its first read).
		for deadline := time.Now().Add(10 * time.Second); e.hub.Len() == subscribed; {
			if time.Now().After(deadline) {
				t.Fatal("the wait never subscribed")
			}
			time.Sleep(5 * time.Millisecond)
		}
		e.call("admin/orders/assign-driver", data("order_id", id, "driver_id", wheels), boss...).data(t)
		select {
		case got := <-done:
			if got.data["changed"] != true || got.data["version"] == first["version"] {
				t.Errorf("after the assignment: %v", got.data)
			}
			if got.took > 10*time.Second {
				t.Errorf("woken after %s", got.took)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("the wait was not woken by the assignment")
		}
		// Another driver's version is not the assigned driver's.
		if got := wait(other, ""); got["version"] != first["version"] {
			t.Errorf("another driver, with nothing assigned: %v, want %v", got, first["version"])
		}
	})
}
