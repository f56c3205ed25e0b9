package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// The back office's customers (docs/architecture.md §10).

func init() {
	permCases["admin/customers/list"] = permCase{perm: "manager/scheme", body: burgers(), want: managerOnly(),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			ids := map[int64]bool{}
			for _, c := range res.Body["data"].([]any) {
				ids[int64(num(c.(map[string]any)["id"]))] = true
			}
			if !ids[f.users[owner]] || ids[f.users[foreigner]] || ids[f.users[manager]] {
				t.Errorf("%s: listed %v (the owner, never another scheme's customer or staff)", k, ids)
			}
		}}
	permCases["admin/customers/get"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any { return burgers("user_id", f.users[owner])(f) }}
	permCases["admin/customers/export"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any { return data("business_slug", "demo-burgers", "user_id", f.users[owner]) }}
	// Each manager's call erases a customer of its own; a refused call must
	// leave that customer able to sign in.
	permCases["admin/customers/erase"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.keys++
			f.latest = f.customer("demo-burgers", fmt.Sprintf("erasable-%d@example.test", f.keys))
			return data("business_slug", "demo-burgers", "user_id", f.latest)
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if n := count(t, f.db, "SELECT COUNT(*) FROM users WHERE id = ? AND erased_at IS NULL", f.latest); n != 1 {
				t.Errorf("%s: a refused erase erased the customer", k)
			}
		}}
}

// customerRow finds a customer in admin/customers/list's answer by e-mail.
func customerRow(res *response, email string) map[string]any {
	for _, c := range res.Body["data"].([]any) {
		if m := c.(map[string]any); m["email"] == email {
			return m
		}
	}
	return nil
}

// TestCustomerListAndErasure: the manager lists the scheme's customers with
// their paid orders, spend and stamps, and finds them by e-mail, name or
// phone; another scheme's customer of the same address is never seen. The
// export holds the account, addresses, orders and support requests; the
// erasure blanks them, the customer cannot sign in (the old token is dead),
// a sign-up with the address is a fresh account, and the order keeps its
// money. Export and erase are audit rows naming the manager.
func TestCustomerListAndErasure(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: monday}
		m := startTeam(t, db, clk.Now)
		e := m.env
		menu := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		annID := num(e.call("user/info", nil, ann...).data(t)["id"])
		other := signIn(t, e, "demo-pierogi", "ann@example.com") // the same person at another brand
		otherID := num(e.call("user/info", filter("business_slug", "demo-pierogi"), other...).data(t)["id"])
		signIn(t, e, "demo-burgers", "bob@example.com")

		e.call("address/upsert", upsertData("business_slug", "demo-burgers"), ann...).data(t)
		items := []any{menu.line(t, "Cheesy Fries", 3)}
		prep := e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-cust-0001", "order_type", 0,
			"delivery_address", deliveryAddress(map[string]any{"latitude": 51.5145, "longitude": -0.1310}),
			"order_note", "Gate code 1234"), ann...).data(t)
		order := prep["order"].(map[string]any)
		total := pricingOf(t, order)["total"]
		confirm(e, ann, order["id"], card("4242424242424242")).data(t)
		e.call("supports/insert", data("order_id", order["id"], "kind", "quality_concern", "description", "Cold fries"),
			ann...).data(t)

		list := func(q string) *response {
			return e.call("admin/customers/list", filter("business_slug", "demo-burgers", "query", q), m.boss...)
		}
		res := list("")
		row := customerRow(res, "ann@example.com")
		if row == nil || num(row["orders"]) != 1 || num(row["spent"]) != total || row["name"] != "Anna Nowak" ||
			row["last_order_at"] == nil || num(res.Body["total"]) != 2 {
			t.Fatalf("list: %s", res.Raw)
		}
		if bob := customerRow(res, "bob@example.com"); bob == nil || num(bob["orders"]) != 0 || bob["last_order_at"] != nil {
			t.Errorf("bob: %v", bob)
		}
		for q, n := range map[string]float64{"ANN@": 1, "anna now": 2, "7911 123456": 2, "+4479": 2} {
			if r := list(q); customerRow(r, "ann@example.com") == nil || num(r.Body["total"]) != n {
				t.Errorf("search %q: %s", q, r.Raw)
			}
		}
		if r := list("nobody"); num(r.Body["total"]) != 0 {
			t.Errorf("search nobody: %s", r.Raw)
		}
		e.call("admin/customers/get", filter("business_slug", "demo-burgers", "user_id", otherID), m.boss...).
			wantError(t, 404, 1404)
		page := e.call("admin/customers/get", filter("business_slug", "demo-burgers", "user_id", annID), m.boss...).data(t)
		if orders := page["orders"].([]any); len(orders) != 1 || orders[0].(map[string]any)["id"] != order["id"] {
			t.Errorf("customer page: %v", page)
		}

		ex := e.call("admin/customers/export", data("business_slug", "demo-burgers", "user_id", annID), m.boss...).data(t)
		acct := ex["account"].(map[string]any)
		orders := ex["orders"].([]any)
		sup := ex["support_requests"].([]any)
		if acct["email"] != "ann@example.com" || acct["contact_number"] != "+447911123456" || len(ex["addresses"].([]any)) != 1 ||
			len(orders) != 1 || orders[0].(map[string]any)["order_note"] != "Gate code 1234" ||
			len(sup) != 1 || sup[0].(map[string]any)["description"] != "Cold fries" {
			t.Fatalf("export: %v", ex)
		}
		e.call("admin/customers/export", data("business_slug", "demo-burgers", "user_id", otherID), m.boss...).
			wantError(t, 404, 1404)

		e.call("admin/customers/erase", data("business_slug", "demo-burgers", "user_id", annID), m.boss...).data(t)
		e.call("user/info", nil, ann...).wantError(t, 401, 1401)
		e.call("auth/signin", data("business_slug", "demo-burgers", "email", "ann@example.com", "password", "Sesame-open-1")).
			wantError(t, 401, 2061)
		if customerRow(list(""), "ann@example.com") != nil {
			t.Error("an erased customer is still listed")
		}
		e.call("admin/customers/export", data("business_slug", "demo-burgers", "user_id", annID), m.boss...).
			wantError(t, 404, 1404)
		e.call("admin/customers/erase", data("business_slug", "demo-burgers", "user_id", annID), m.boss...).
			wantError(t, 404, 1404)
		id := int64(num(order["id"]))
		if n := count(t, db, `SELECT COUNT(*) FROM orders WHERE id = ? AND total = ? AND email = '' AND first_name = ''
			AND contact_number = '' AND note = '' AND delivery_address NOT LIKE '%Greek%'`, id, int64(total)); n != 1 {
			t.Error("the order lost its money or kept personal data")
		}
		for q, want := range map[string]int{
			"SELECT COUNT(*) FROM addresses WHERE user_id = ?":                                            0,
			"SELECT COUNT(*) FROM support_requests WHERE user_id = ? AND description <> ''":               0,
			"SELECT COUNT(*) FROM users WHERE id = ? AND email = '' AND first_name = ''":                  1,
			"SELECT COUNT(*) FROM sessions WHERE user_id = ? AND revoked_at IS NULL":                      0,
			"SELECT COUNT(*) FROM mail_outbox WHERE lower(to_addr) = 'ann@example.com' AND scheme_id = ?": 0,
		} {
			arg := int64(annID)
			if strings.Contains(q, "mail_outbox") {
				arg = schemeOf(t, db)
			}
			if n := count(t, db, q, arg); n != want {
				t.Errorf("%s: %d, want %d", q, n, want)
			}
		}
		// The other brand's account of the same address is untouched.
		if e.call("user/info", filter("business_slug", "demo-pierogi"), other...).Status != 200 {
			t.Error("erasing at one scheme ended the account at another")
		}
		// The address is free: signing up again (past the sign-up limit's
		// window) is a new, empty account.
		clk.Add(time.Hour)
		fresh := signIn(t, e, "demo-burgers", "ann@example.com")
		if id := num(e.call("user/info", nil, fresh...).data(t)["id"]); id == annID {
			t.Error("the sign-up found the erased account")
		}
		if row := customerRow(list(""), "ann@example.com"); row == nil || num(row["orders"]) != 0 {
			t.Errorf("the new account: %v", row)
		}
		audit := e.call("admin/audit/list", filter("business_slug", "demo-burgers", "action", "customer"), m.boss...)
		rows := audit.Body["data"].([]any)
		if len(rows) != 2 || rows[0].(map[string]any)["action"] != "customer.erase" ||
			rows[1].(map[string]any)["action"] != "customer.export" || rows[0].(map[string]any)["actor_email"] != "boss@demo.test" ||
			strings.Contains(string(audit.Raw), "ann@example.com") {
			t.Errorf("audit: %s", audit.Raw)
		}
	})
}
