package httpapi_test

import (
	"context"
	"maps"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// The order board's venue controls and drivers (docs/architecture.md §9, issue 12).

func init() {
	// The permission test covers these routes with the rest (permissions_test.go).
	maps.Copy(permCases, map[string]permCase{
		"admin/venues/controls": {perm: "staff/venue", body: burgers("venue_slug", "soho"), want: boardStaff(),
			check: func(t *testing.T, f *permFixture, k kind, res *response) {
				if res.data(t)["venue_slug"] != "soho" {
					t.Errorf("%s: %s", k, res.Raw)
				}
			}},
		"admin/venues/controls/set": {perm: "staff/venue", want: boardStaff(),
			body: writes("business_slug", "demo-burgers", "venue_slug", "soho", "auto_print", true)},
		"admin/venues/sold-out": {perm: "staff/venue", want: boardStaff(),
			body: func(f *permFixture) any {
				f.checkout("") // finds the fries
				return data("business_slug", "demo-burgers", "venue_slug", "soho", "item_id", f.fries, "sold_out", false)
			}},
		// Drivers are the scheme's: staff of any venue list them.
		"admin/drivers/list": {perm: "staff/venue", body: burgers(), want: withKind(boardStaff(), otherStaf, okay),
			check: func(t *testing.T, f *permFixture, k kind, res *response) {
				list := res.Body["data"].([]any)
				if len(list) != 1 || int64(num(list[0].(map[string]any)["id"])) != f.users[driver] {
					t.Errorf("%s: drivers %s", k, res.Raw)
				}
			}},
		// A soho order: beyond the reach of shoreditch's staff, as if missing.
		"admin/orders/assign-driver": {perm: "staff/venue", want: withKind(boardStaff(), otherStaf, notFound),
			body: func(f *permFixture) any {
				return data("business_slug", "demo-burgers", "order_id", f.paidOrder(0), "driver_id", f.users[driver])
			},
			check: func(t *testing.T, f *permFixture, k kind, res *response) {
				if d, _ := res.data(t)["driver"].(map[string]any); d == nil || int64(num(d["id"])) != f.users[driver] {
					t.Errorf("%s: assigned %s", k, res.Raw)
				}
			}},
		"driver/orders/transition": {perm: "driver/own", want: driverOnly(),
			body: func(f *permFixture) any {
				return data("business_slug", "demo-burgers", "order_id", f.assigned(), "status", "on_the_way")
			},
			check: func(t *testing.T, f *permFixture, k kind, res *response) {
				if res.data(t)["status"] != "on_the_way" {
					t.Errorf("%s: %s", k, res.Raw)
				}
			}},
	})
}

// assigned is a new paid delivery order of the owner, accepted by the
// manager and assigned to the scheme's driver.
func (f *permFixture) assigned() int64 {
	f.t.Helper()
	id := f.paidOrder(0)
	for path, body := range map[string]map[string]any{
		"admin/orders/transition":    data("order_id", id, "status", "accepted"),
		"admin/orders/assign-driver": data("order_id", id, "driver_id", f.users[driver]),
	} {
		if res := f.e.call(path, body, f.auth(manager)...); res.Status != 200 {
			f.t.Fatalf("%s: %s", path, res.Raw)
		}
	}
	return id
}

// member adds a platform user of demo-burgers and returns its id and a
// fresh token.
func member(t *testing.T, e *env, db *store.DB, p store.PlatformUser, now time.Time) (int64, []string) {
	t.Helper()
	ctx := context.Background()
	p.SchemeSlug, p.PasswordHash = "demo-burgers", "not-a-hash"
	if _, err := db.UpsertPlatformUser(ctx, p, now); err != nil {
		t.Fatal(err)
	}
	sc, err := db.SchemeBySlug(ctx, "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	us, err := db.SignInCandidates(ctx, sc.ID, p.Email)
	if err != nil || len(us) != 1 {
		t.Fatalf("member %s: %v %v", p.Email, us, err)
	}
	tok, hash := account.NewToken()
	if err := db.CreateSession(ctx, us[0].ID, sc.ID, hash, now); err != nil {
		t.Fatal(err)
	}
	return us[0].ID, []string{"Authorization", "Bearer " + tok}
}

func itemAvailable(t *testing.T, e *env, venue, title string) bool {
	t.Helper()
	d := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", venue, "order_type", 1)).data(t)
	for _, it := range d["items"].([]any) {
		if m := it.(map[string]any); m["title"] == title {
			return m["is_available"] == true
		}
	}
	t.Fatalf("%s has no %q", venue, title)
	return false
}

func modifierAvailable(t *testing.T, e *env, venue string, id int64) bool {
	t.Helper()
	d := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", venue)).data(t)
	for _, it := range d["modifier_items"].([]any) {
		if m := it.(map[string]any); int64(num(m["id"])) == id {
			return m["is_available"] == true
		}
	}
	t.Fatalf("%s has no modifier %d", venue, id)
	return false
}

// firstModifier is the first available modifier item of soho's menu.
func firstModifier(t *testing.T, e *env) int64 {
	t.Helper()
	d := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho")).data(t)
	for _, it := range d["modifier_items"].([]any) {
		if m := it.(map[string]any); m["is_available"] == true {
			return int64(num(m["id"]))
		}
	}
	t.Fatal("soho has no available modifier")
	return 0
}

// TestSoldOutAtOneVenue: soho's staff mark an item and a modifier sold out.
// Soho's menu/list shows them unavailable and its quote and prepare refuse
// them; shoreditch, on the same menu, still offers them; a second server on
// the same database, its cache warm, sees the change at once, and the
// toggle back. Staff of soho cannot touch shoreditch's list.
func TestSoldOutAtOneVenue(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		other := start(t, db, options{now: clk.Now})
		_, soho := member(t, e, db, store.PlatformUser{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"}, clk.Now())
		m := sohoMenu(t, e)
		fries, cheddar := m.items["Cheesy Fries"], firstModifier(t, e)
		for _, srv := range []*env{e, other} { // warm both caches
			if !itemAvailable(t, srv, "soho", "Cheesy Fries") || !modifierAvailable(t, srv, "soho", cheddar) {
				t.Fatal("fries or the modifier unavailable before any change")
			}
		}

		res := e.call("admin/venues/sold-out", data("business_slug", "demo-burgers", "venue_slug", "soho",
			"item_id", fries, "sold_out", true), soho...)
		if ids := res.data(t)["sold_out"].(map[string]any)["item_ids"].([]any); len(ids) != 1 || int64(num(ids[0])) != fries {
			t.Fatalf("sold-out list: %s", res.Raw)
		}
		e.call("admin/venues/sold-out", data("venue_slug", "soho", "modifier_item_id", cheddar, "sold_out", true), soho...).data(t)
		for name, srv := range map[string]*env{"this server": e, "another server": other} {
			if itemAvailable(t, srv, "soho", "Cheesy Fries") || modifierAvailable(t, srv, "soho", cheddar) {
				t.Errorf("%s: soho still offers what it sold out", name)
			}
			if !itemAvailable(t, srv, "shoreditch", "Cheesy Fries") || !modifierAvailable(t, srv, "shoreditch", cheddar) {
				t.Errorf("%s: shoreditch lost what only soho sold out", name)
			}
		}
		ann := signIn(t, e, "demo-burgers", "")
		basket := []any{m.line(t, "Cheesy Fries", 1)}
		for _, srv := range []*env{e, other} {
			q := srv.call("orders/quote", checkoutBody(basket), ann...).data(t)
			if q["can_order"] != false || num(q["lines"].([]any)[0].(map[string]any)["problem"].(map[string]any)["code"]) != 3020 {
				t.Errorf("soho's quote of sold-out fries: %v", q)
			}
			srv.call("orders/prepare", checkoutBody(basket, "idempotency_key", "sold-out-1"), ann...).wantError(t, 422, 3020)
			if q := srv.call("orders/quote", checkoutBody(basket, "venue_slug", "shoreditch"), ann...).data(t); q["can_order"] != true {
				t.Errorf("shoreditch's quote of fries: %v", q)
			}
		}

		// Staff of soho have no say at shoreditch; an id not on the menu is 1404.
		e.call("admin/venues/sold-out", data("venue_slug", "shoreditch", "item_id", fries, "sold_out", true), soho...).
			wantError(t, 403, 1403)
		e.call("admin/venues/sold-out", data("venue_slug", "soho", "item_id", 987654321, "sold_out", true), soho...).
			wantError(t, 404, 1404)
		res = e.call("admin/venues/sold-out", data("venue_slug", "soho", "item_id", fries, "modifier_item_id", cheddar,
			"sold_out", true), soho...)
		res.wantError(t, 400, 1000)

		e.call("admin/venues/sold-out", data("venue_slug", "soho", "item_id", fries, "sold_out", false), soho...).data(t)
		for _, srv := range []*env{e, other} {
			if !itemAvailable(t, srv, "soho", "Cheesy Fries") {
				t.Error("fries still unavailable at soho after the toggle back")
			}
		}
		if q := other.call("orders/quote", checkoutBody(basket), ann...).data(t); q["can_order"] != true {
			t.Errorf("soho's quote after the toggle back: %v", q)
		}
	})
}

func controlsSet(e *env, auth []string, kv ...any) *response {
	return e.call("admin/venues/controls/set", data(append([]any{"venue_slug", "soho"}, kv...)...), auth...)
}

func storeOf(t *testing.T, e *env, venue string) map[string]any {
	t.Helper()
	for _, s := range e.call("venue/info", filter("business_slug", "demo-burgers")).data(t)["stores"].([]any) {
		if st := s.(map[string]any); st["venue_slug"] == venue {
			return st
		}
	}
	t.Fatalf("no store %s", venue)
	return nil
}
