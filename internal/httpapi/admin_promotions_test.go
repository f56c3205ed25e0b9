package httpapi_test

import (
	"fmt"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// The promotions editor (docs/architecture.md §10).

func init() {
	permCases["admin/promotions/list"] = permCase{perm: "manager/scheme", body: burgers(), want: managerOnly(),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if promoRow(res, "WELCOME10") == nil {
				t.Errorf("%s: %s", k, res.Raw)
			}
		}}
	// Each call writes a code of its own: a refused one must not exist.
	promo := func(f *permFixture) string { return fmt.Sprintf("PERM%04d", f.keys) }
	permCases["admin/promotions/upsert"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.keys++
			return data("business_slug", "demo-burgers", "promo_code", map[string]any{"code": promo(f), "kind": "fixed",
				"amount": 100})
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if n := count(t, f.db, "SELECT COUNT(*) FROM promo_codes WHERE code = ?", promo(f)); n != 0 {
				t.Errorf("%s: a refused upsert saved the code", k)
			}
		}}
	permCases["admin/offers/upsert"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.keys++
			return data("business_slug", "demo-burgers", "offer", map[string]any{"ref": promo(f), "title": "Perm",
				"button_kind": 1, "reward": map[string]any{"kind": "fixed", "amount": 100}})
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if n := count(t, f.db, "SELECT COUNT(*) FROM offers WHERE ref = ?", promo(f)); n != 0 {
				t.Errorf("%s: a refused upsert saved the offer", k)
			}
		}}
	permCases["admin/loyalty/set"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.keys++
			return data("business_slug", "demo-burgers", "loyalty", map[string]any{"stamp_threshold": 1000 + f.keys,
				"stamps_per_reward": 8, "reward_title": "Free burger"})
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if n := count(t, f.db, "SELECT COUNT(*) FROM schemes WHERE stamp_threshold = ?", 1000+f.keys); n != 0 {
				t.Errorf("%s: a refused call changed the loyalty programme", k)
			}
		}}
}

func promoRow(res *response, code string) map[string]any {
	for _, c := range res.Body["data"].([]any) {
		if m := c.(map[string]any); m["code"] == code {
			return m
		}
	}
	return nil
}

// TestPromotionsEditor: the manager makes WELCOME10 20 % off from £15,
// once per customer, and the very next quote gives 20 %; the customer pays
// with it, the list shows one use and a second order of theirs is refused
// the code. Bad input is 1000 by the request's path in the caller's
// language and writes nothing. A new CLAIM offer is on user/offers at once,
// and the loyalty programme on venue/info; each write is an audit row.
func TestPromotionsEditor(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		clk := &clock{t: monday}
		m := startTeam(t, db, clk.Now)
		e := m.env
		menu := sohoMenu(t, e)
		write := func(path string, kv ...any) *response {
			return e.call(path, data(append([]any{"business_slug", "demo-burgers"}, kv...)...), m.boss...)
		}
		list := func() *response { return e.call("admin/promotions/list", burgers()(nil), m.boss...) }
		if w := promoRow(list(), "WELCOME10"); w == nil || num(w["percent_bp"]) != 1000 || num(w["uses"]) != 0 {
			t.Fatalf("list: %s", list().Raw)
		}

		saved := write("admin/promotions/upsert", "promo_code", map[string]any{"code": "welcome10", "kind": "percent",
			"percent_bp": 2000, "min_spend": 1500, "max_uses_per_customer": 1}).data(t)
		if saved["code"] != "WELCOME10" || num(saved["percent_bp"]) != 2000 || num(saved["uses"]) != 0 {
			t.Errorf("saved: %v", saved)
		}
		if n := len(list().Body["data"].([]any)); n != 1 {
			t.Errorf("the edit added a code: %d codes", n)
		}
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		big := []any{menu.line(t, "Cheesy Fries", 4)} // £19.96
		q := e.call("orders/quote", checkoutBody(big, "promocode", "WELCOME10"), ann...).data(t)
		if p := pricingOf(t, q); p["subtotal"] != 1996 || p["discount"] != 399 {
			t.Fatalf("quote after the edit: %v %v", p, q["problems"])
		}
		o := e.call("orders/prepare", checkoutBody(big, "promocode", "WELCOME10", "idempotency_key", "key-promo-0001"),
			ann...).data(t)["order"].(map[string]any)
		confirm(e, ann, o["id"], card("4242424242424242")).data(t)
		if w := promoRow(list(), "WELCOME10"); num(w["uses"]) != 1 {
			t.Errorf("uses after one order: %v", w)
		}
		e.call("orders/prepare", checkoutBody(big, "promocode", "WELCOME10", "idempotency_key", "key-promo-0002"), ann...).
			wantError(t, 422, 3044)

		// Bad input, in Polish, by the request's path; nothing written.
		bad := e.call("admin/promotions/upsert", data("business_slug", "demo-burgers", "promo_code", map[string]any{
			"code": "X", "kind": "percent", "percent_bp": 0, "valid_from": "2026-05-01T00:00:00Z",
			"valid_until": "2026-04-01T00:00:00Z"}), append(m.boss, "Accept-Language", "pl-PL")...)
		bad.wantError(t, 400, 1000)
		f := bad.Body["fields"].(map[string]any)
		if f["promo_code.code"] != "Użyj od 2 do 32 liter, cyfr, _ lub -." ||
			f["promo_code.percent_bp"] != "Podaj procent od 0,01 do 100." ||
			f["promo_code.valid_until"] != "Koniec musi być po początku." {
			t.Errorf("fields: %s", bad.Raw)
		}
		if promoRow(list(), "X") != nil {
			t.Error("a refused code was saved")
		}

		// A fixed code with one use in all: a second customer finds it used up.
		write("admin/promotions/upsert", "promo_code", map[string]any{"code": "FIVER", "kind": "fixed", "amount": 500,
			"max_uses": 1}).data(t)
		o = e.call("orders/prepare", checkoutBody(big, "promocode", "fiver", "idempotency_key", "key-promo-0003"),
			ann...).data(t)["order"].(map[string]any)
		if pricingOf(t, o)["discount"] != 500 {
			t.Errorf("FIVER: %v", o["pricing"])
		}
		bob := signIn(t, e, "demo-burgers", "bob@example.com")
		e.call("orders/prepare", checkoutBody(big, "promocode", "FIVER", "idempotency_key", "key-promo-0004",
			"user_email", "bob@example.com"), bob...).wantError(t, 422, 3043)

		offer := write("admin/offers/upsert", "offer", map[string]any{"ref": "lunch", "title": "Lunch deal",
			"color": "2A9D8F", "button_text": "Claim", "button_kind": 1,
			"reward": map[string]any{"kind": "fixed", "amount": 300, "min_spend": 1200}}).data(t)
		if offer["color"] != "#2a9d8f" {
			t.Errorf("offer: %v", offer)
		}
		found := false
		for _, x := range e.call("user/offers", burgers()(nil), ann...).Body["data"].([]any) {
			if x := x.(map[string]any); x["title"] == "Lunch deal" && x["color"] == "#2a9d8f" && num(x["button_kind"]) == 1 {
				found = true
			}
		}
		if !found {
			t.Error("the new offer is not on user/offers")
		}
		bad = write("admin/offers/upsert", "offer", map[string]any{"ref": "lunch", "title": "", "color": "teal",
			"button_kind": 3, "reward": map[string]any{"kind": "fixed", "amount": 0}})
		bad.wantError(t, 400, 1000)
		f = bad.Body["fields"].(map[string]any)
		if f["offer.title"] != "This field is required." || f["offer.color"] != "Enter a colour like #e4572e." ||
			f["offer.button_kind"] == nil || f["offer.reward.amount"] != "Enter an amount above zero." {
			t.Errorf("offer fields: %s", bad.Raw)
		}

		l := write("admin/loyalty/set", "loyalty", map[string]any{"stamp_threshold": 500, "stamps_per_reward": 5,
			"reward_title": "Free fries"}).data(t)
		info := e.call("venue/info", burgers()(nil)).data(t)["loyalty"].(map[string]any)
		if num(l["stamp_threshold"]) != 500 || num(info["stamp_threshold"]) != 500 || num(info["stamps_per_reward"]) != 5 ||
			info["reward_title"] != "Free fries" {
			t.Errorf("loyalty: %v, venue/info %v", l, info)
		}
		bad = write("admin/loyalty/set", "loyalty", map[string]any{"stamp_threshold": 500, "stamps_per_reward": 0,
			"reward_title": "Free fries"})
		bad.wantError(t, 400, 1000)
		if bad.Body["fields"].(map[string]any)["loyalty.stamps_per_reward"] == nil {
			t.Errorf("loyalty fields: %s", bad.Raw)
		}

		audit := e.call("admin/audit/list", burgers()(nil), m.boss...).Body["data"].([]any)
		actions := map[string]int{}
		for _, a := range audit {
			actions[a.(map[string]any)["action"].(string)]++
		}
		if actions["promo.upsert"] != 2 || actions["offer.upsert"] != 1 || actions["loyalty.set"] != 1 {
			t.Errorf("audit actions: %v", actions)
		}
	})
}
