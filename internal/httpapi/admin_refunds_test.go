package httpapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// acceptedOrder is a new paid pickup order of the owner that the manager
// accepted (a pending one is refunded by rejecting it).
func (f *permFixture) acceptedOrder() int64 {
	f.t.Helper()
	id := f.paidOrder(1)
	if res := f.e.call("admin/orders/transition", data("order_id", id, "status", "accepted"), f.auth(manager)...); res.Status != 200 {
		f.t.Fatalf("accept: %s", res.Raw)
	}
	return id
}

// searchIDs is the order ids one page of admin/orders/search lists, and
// its total.
func searchIDs(t *testing.T, f *permFixture, k kind, kv ...any) ([]int64, int) {
	t.Helper()
	res := f.e.call("admin/orders/search", filter(append([]any{"business_slug", "demo-burgers"}, kv...)...), f.auth(k)...)
	var ids []int64
	for _, o := range res.dataList(t) {
		ids = append(ids, int64(num(o.(map[string]any)["id"])))
	}
	return ids, int(num(res.Body["total"]))
}

func (r *response) dataList(t *testing.T) []any {
	t.Helper()
	list, ok := r.Body["data"].([]any)
	if !ok {
		t.Fatalf("no list: %s", r.Raw)
	}
	return list
}

// TestOrderSearch: staff find an order by its number, the beginning of
// the e-mail address or of the name (any case), the phone number as the
// country writes it, within a status and dates; staff of another venue
// find none of it; bad filters are told apart by field.
func TestOrderSearch(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		plain := f.paidOrder(1)
		f.keys++
		body := f.checkout(fmt.Sprintf("search-%d", f.keys))
		d := body["data"].(map[string]any)
		d["first_name"], d["last_name"], d["user_contact_number"] = "Zofia", "Nowak-Kowalska", "+447911123456"
		res := f.e.call("orders/prepare", body, f.auth(owner)...)
		named := int64(num(res.data(t)["order"].(map[string]any)["id"]))
		number := int64(num(res.data(t)["order"].(map[string]any)["order_number"]))
		f.e.call("payments/confirm", data("order_id", named, "card", map[string]any{"number": "4242424242424242",
			"exp_month": 12, "exp_year": 2030, "cvc": "123"}), f.auth(owner)...).data(t)

		for _, c := range []struct {
			query string
			want  []int64
		}{
			{fmt.Sprintf("#%d", number), []int64{named}},
			{fmt.Sprint(number), []int64{named}},
			{"ANN@example", []int64{named, plain}},
			{"nowak", []int64{named}},
			{"zofia now", []int64{named}},
			{"07911 123456", []int64{named}},
			{"+44 7911 123456", []int64{named}},
			{"nobody@example.test", nil},
		} {
			ids, total := searchIDs(t, f, venueStaf, "query", c.query)
			if fmt.Sprint(ids) != fmt.Sprint(c.want) || total != len(c.want) {
				t.Errorf("%q: %v (total %d), want %v", c.query, ids, total, c.want)
			}
		}
		if ids, _ := searchIDs(t, f, otherStaf, "query", "ann@"); len(ids) != 0 {
			t.Errorf("staff of shoreditch find soho's orders: %v", ids)
		}
		if ids, _ := searchIDs(t, f, manager, "query", "ann@", "status", "accepted"); len(ids) != 0 {
			t.Errorf("pending orders listed as accepted: %v", ids)
		}
		if ids, _ := searchIDs(t, f, manager, "query", "ann@", "status", "pending", "from", "2026-03-02",
			"to", "2026-03-02"); len(ids) != 2 {
			t.Errorf("the day's pending orders: %v", ids)
		}
		if ids, _ := searchIDs(t, f, manager, "from", "2026-03-03"); len(ids) != 0 {
			t.Errorf("orders before from listed: %v", ids)
		}
		bad := f.e.call("admin/orders/search", filter("status", "eaten", "from", "yesterday"), f.auth(manager)...)
		bad.wantError(t, 400, 1000)
		if fields, _ := bad.Body["fields"].(map[string]any); fields["status"] == nil || fields["from"] == nil {
			t.Errorf("bad filters: %s", bad.Raw)
		}
	})
}

// TestRefundThroughStripe: staff refund £1 of an order, then the rest,
// through Stripe (stripe-mock): each refund is one call with its own
// idempotency key and its amount; the same request sent again is the same
// refund and no second call; a refund whose call failed is pending and
// made by the job with the same key; the order is refunded at the end,
// the customer mailed each time, and more is refused.
func TestRefundThroughStripe(t *testing.T) {
	t.Parallel()
	mock := startStripeMock(t)
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		r := newStripeRig(t, db, mock)
		boss := managerAuth(t, db, r.clk.Now())
		id, intent, total := r.prepare("key-staff-refund")
		r.succeeded("evt_paid_s", id, intent, total, "gbp").data(t)
		if res := r.e.call("admin/orders/transition", data("order_id", id, "status", "accepted"), boss...); res.Status != 200 {
			t.Fatalf("accept: %s", res.Raw)
		}
		refund := func(amount int64, key string) *response {
			return r.e.call("admin/orders/refund", data("business_slug", "demo-burgers", "order_id", id, "amount", amount,
				"reason", "Cold chips", "idempotency_key", key), boss...)
		}
		first := refund(100, "dialog-1").data(t)
		again := refund(100, "dialog-1").data(t)
		if first["status"] != "done" || again["refund_id"] != first["refund_id"] {
			t.Fatalf("£1 refund %v, sent again %v", first, again)
		}
		r.mu.Lock()
		r.failNext = 1
		r.mu.Unlock()
		rest := refund(total-100, "dialog-2").data(t)
		if rest["status"] != "pending" {
			t.Fatalf("a refund whose call failed: %v", rest)
		}
		r.clk.Add(time.Minute) // past the retry's wait
		r.work()
		calls := r.calls()
		if len(calls) != 3 || calls[0].amount != "100" || calls[1].key != calls[2].key || calls[0].key == calls[1].key ||
			calls[2].amount != fmt.Sprint(total-100) || !calls[0].passed || calls[1].passed || !calls[2].passed {
			t.Fatalf("Stripe was asked %+v", calls)
		}
		if s, p := r.state(id); s != "accepted" || p != "refunded" {
			t.Errorf("after refunding it all: %s / %s", s, p)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'order_refunded' AND to_addr = ?",
			"ann@example.com"); n != 2 {
			t.Errorf("%d refund mails to the customer, want 2", n)
		}
		refund(1, "dialog-3").wantError(t, 409, 3060)
	})
}

// managerAuth is a manager of demo-burgers's token.
func managerAuth(t *testing.T, db *store.DB, now time.Time) []string {
	t.Helper()
	ctx := context.Background()
	sc, err := db.SchemeBySlug(ctx, "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	p := store.PlatformUser{Email: "boss@demo.test", Role: account.RoleManager, SchemeSlug: "demo-burgers",
		PasswordHash: "not-a-hash"}
	if _, err := db.UpsertPlatformUser(ctx, p, now); err != nil {
		t.Fatal(err)
	}
	us, err := db.SignInCandidates(ctx, sc.ID, p.Email)
	if err != nil || len(us) != 1 {
		t.Fatal(us, err)
	}
	tok, hash := account.NewToken()
	if err := db.CreateSession(ctx, us[0].ID, sc.ID, hash, now); err != nil {
		t.Fatal(err)
	}
	return []string{"Authorization", "Bearer " + tok}
}
