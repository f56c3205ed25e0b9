package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// monday is a Monday 12:00 in London (GMT): the demo venues are open.
var monday = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// menuIDs finds soho's items and modifiers by title and name.
type menuIDs struct{ items, mods map[string]int64 }

func sohoMenu(t *testing.T, e *env) menuIDs {
	t.Helper()
	d := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho")).data(t)
	ids := menuIDs{items: map[string]int64{}, mods: map[string]int64{}}
	for _, it := range d["items"].([]any) {
		m := it.(map[string]any)
		ids.items[m["title"].(string)] = int64(num(m["id"]))
	}
	for _, it := range d["modifier_items"].([]any) {
		m := it.(map[string]any)
		ids.mods[m["name"].(string)] = int64(num(m["id"]))
	}
	return ids
}

// line is one basket line: an item by title, a quantity, modifiers by name.
func (m menuIDs) line(t *testing.T, title string, qty int, mods ...string) map[string]any {
	t.Helper()
	id, ok := m.items[title]
	if !ok {
		t.Fatalf("no item %q", title)
	}
	ms := []any{}
	for _, name := range mods {
		ms = append(ms, map[string]any{"modifier_item_id": m.mods[name], "qty": 1})
	}
	return map[string]any{"item_id": id, "qty": qty, "modifiers": ms}
}

// checkoutBody is a pickup order at soho, changed by kv.
func checkoutBody(items []any, kv ...any) map[string]any {
	d := map[string]any{"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1,
		"is_asap": true, "items": items, "user_email": "ann@example.com", "first_name": "Ann"}
	for i := 0; i+1 < len(kv); i += 2 {
		d[kv[i].(string)] = kv[i+1]
	}
	return map[string]any{"data": d}
}

func pricingOf(t *testing.T, d map[string]any) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	for k, v := range d["pricing"].(map[string]any) {
		if f, ok := v.(float64); ok {
			out[k] = f
		}
	}
	return out
}

func card(number string) map[string]any {
	return map[string]any{"number": number, "exp_month": 12, "exp_year": 2030, "cvc": "123", "name": "Ann Nowak"}
}

func confirm(e *env, auth []string, orderID any, card map[string]any) *response {
	return e.call("payments/confirm", data("order_id", orderID, "card", card), auth...)
}

// startOrders starts a server at monday's clock that believes the test's
// X-Forwarded-For (client), so tests can be many clients.
func startOrders(t *testing.T, db *store.DB) (*env, *clock) {
	clk := &clock{t: monday}
	return start(t, db, options{now: clk.Now, env: map[string]string{"PLATTER_TRUSTED_PROXIES": "127.0.0.1/32,::1/128"}}), clk
}

// client is the headers of a caller from address 203.0.113.i (behind the
// trusted proxy startOrders believes).
func client(i int, auth []string) []string {
	return append(append([]string{}, auth...), "X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i%250+1))
}

// TestCheckout: a guest quotes a basket (a sold-out line is shown and left
// out, the figures are the server's), prepares it (a retry with the same
// key returns the same order; another body under the key is 1409) and pays
// with the sandbox's good card: the order waits to be accepted.
func TestCheckout(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		items := []any{m.line(t, "Cheesy Fries", 2), m.line(t, "Cola (330ml)", 1), m.line(t, "Truffle Burger", 1)}

		q := e.call("orders/quote", checkoutBody(items), ann...).data(t)
		p := pricingOf(t, q)
		// 2 × 4.99 + 2.49 = 12.47; VAT 20 % inside: 12.47 / 6 = 2.078 → 2.08.
		if p["subtotal"] != 1247 || p["total"] != 1247 || p["tax"] != 208 || p["stamps_earned"] != 1 || p["delivery_fee"] != 0 {
			t.Errorf("pricing: %v", p)
		}
		lines := q["lines"].([]any)
		truffle := lines[2].(map[string]any)
		if truffle["available"] != false || num(truffle["problem"].(map[string]any)["code"]) != 3020 || q["can_order"] != false {
			t.Errorf("sold-out line: %v, can_order %v", truffle, q["can_order"])
		}
		e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-00000001"), ann...).wantError(t, 422, 3020)

		items = items[:2]
		noEmail := checkoutBody(items, "idempotency_key", "key-00000001", "user_email", "")
		res := e.call("orders/prepare", noEmail, ann...)
		res.wantError(t, 400, 1000)
		if f := res.Body["fields"].(map[string]any)["user_email"]; f != "Please enter your email address before proceeding with the purchase." {
			t.Errorf("no e-mail: %s", res.Raw)
		}

		body := checkoutBody(items, "idempotency_key", "key-00000001", "order_note", "No onions\nplease")
		first := e.call("orders/prepare", body, ann...).data(t)
		order := first["order"].(map[string]any)
		if order["status"] != "pending" || order["payment_status"] != "requires_payment" || num(order["order_number"]) != 1 ||
			pricingOf(t, order)["total"] != 1247 || first["payment"].(map[string]any)["amount"] != 1247.0 {
			t.Errorf("prepared: %s", e.call("orders/prepare", body, ann...).Raw)
		}
		fries := order["items"].([]any)[0].(map[string]any)
		if fries["title"] != "Cheesy Fries" || fries["unit_price"] != 499.0 || fries["total"] != 998.0 {
			t.Errorf("line copy: %v", fries)
		}
		again := e.call("orders/prepare", body, ann...).data(t)["order"].(map[string]any)
		if again["id"] != order["id"] || again["order_number"] != order["order_number"] {
			t.Errorf("retry made another order: %v vs %v", again["id"], order["id"])
		}
		e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-00000001", "tip", 100), ann...).
			wantError(t, 409, 1409)

		paid := confirm(e, ann, order["id"], card("4242 4242 4242 4242")).data(t)
		if paid["status"] != "pending" || paid["payment_status"] != "paid" || paid["payment"].(map[string]any)["last4"] != "4242" ||
			paid["payment"].(map[string]any)["brand"] != "visa" {
			t.Errorf("paid: %v", paid)
		}
		// A second result changes nothing (and charges nothing).
		twice := confirm(e, ann, order["id"], card("4000 0000 0000 0002")).data(t)
		if twice["payment_status"] != "paid" || twice["paid_at"] != paid["paid_at"] {
			t.Errorf("second confirm: %v", twice)
		}

		// Another customer cannot pay, or see, Ann's order.
		bob := signIn(t, e, "demo-burgers", "")
		confirm(e, bob, order["id"], card("4242424242424242")).wantError(t, 404, 1404)
	})
}

// TestQuoteRefusals: what the checkout page shows, in the caller's
// language: the minimum, the delivery area, WELCOME10 under and over £15,
// the tip cap.
func TestQuoteRefusals(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		problems := func(d map[string]any) map[string]string {
			out := map[string]string{}
			for _, p := range d["problems"].([]any) {
				pm := p.(map[string]any)
				out[fmt.Sprint(num(pm["code"]))] = pm["message"].(string)
			}
			return out
		}
		small := []any{m.line(t, "Cheesy Fries", 1)}
		soho := map[string]any{"latitude": 51.5145, "longitude": -0.1310}
		oxford := map[string]any{"latitude": 51.7520, "longitude": -1.2577}

		d := e.call("orders/quote", checkoutBody(small, "order_type", 0, "delivery_address", soho), ann...).data(t)
		if got := problems(d)["3012"]; got != "The minimum order is £10.00." || pricingOf(t, d)["delivery_fee"] != 249 {
			t.Errorf("minimum: %v", d["problems"])
		}
		d = e.call("orders/quote", checkoutBody(small, "order_type", 0, "delivery_address", oxford), ann...).data(t)
		if got := problems(d)["3011"]; got != "This store does not deliver to this address." {
			t.Errorf("outside area: %v", d["problems"])
		}
		d = e.call("orders/quote", checkoutBody(small, "promocode", "welcome10"), append(ann, "Accept-Language", "pl-PL")...).data(t)
		if got := problems(d)["3042"]; got != "Aby użyć tego kodu, zamów za co najmniej £15.00." || pricingOf(t, d)["discount"] != 0 {
			t.Errorf("WELCOME10 under £15: %v", d["problems"])
		}
		big := []any{m.line(t, "Cheesy Fries", 3)} // 14.97 … and a cola: 17.46
		big = append(big, m.line(t, "Cola (330ml)", 1))
		d = e.call("orders/quote", checkoutBody(big, "promocode", " Welcome10 "), ann...).data(t)
		if p := pricingOf(t, d); p["subtotal"] != 1746 || p["discount"] != 175 || p["total"] != 1571 || d["promocode"] != "WELCOME10" {
			t.Errorf("WELCOME10 over £15: %v %v", p, d["problems"])
		}
		d = e.call("orders/quote", checkoutBody(big, "promocode", "NOPE"), ann...).data(t)
		if got := problems(d)["3040"]; got != "This promo code is not valid." {
			t.Errorf("unknown code: %v", d["problems"])
		}
		d = e.call("orders/quote", checkoutBody(big, "tip", 874), ann...).data(t)
		if got := problems(d)["3030"]; got != "The tip must be between 0 and £8.73." {
			t.Errorf("tip cap: %v", d["problems"])
		}
		d = e.call("orders/quote", checkoutBody(big, "tip_percent", 10), ann...).data(t)
		if p := pricingOf(t, d); p["tip"] != 175 || p["total"] != 1921 {
			t.Errorf("10 %% tip: %v", p)
		}
		e.call("orders/prepare", checkoutBody(small, "order_type", 0, "idempotency_key", "key-00000002",
			"delivery_address", deliveryAddress(oxford)), ann...).wantError(t, 422, 3011)
	})
}

func deliveryAddress(at map[string]any) map[string]any {
	a := map[string]any{"name": "Home", "line1": "10 Greek Street", "city": "London", "postcode": "W1D 4DH",
		"country": "GB", "contact_number": "+447911123456", "email": "ann@example.com"}
	for k, v := range at {
		a[k] = v
	}
	return a
}

// TestSandboxCards: declined and insufficient-funds cards keep the order
// waiting for another card; 4000 0025 0000 3155 asks for a challenge that
// the page fails or completes; a card that fails its checks never reaches
// the provider. The card number is in neither the log nor the database.
func TestSandboxCards(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		body := checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", "key-cards-1")
		id := e.call("orders/prepare", body, ann...).data(t)["order"].(map[string]any)["id"]

		confirm(e, ann, id, card("4000 0000 0000 0002")).wantError(t, 422, 3050)
		confirm(e, ann, id, card("4000000000009995")).wantError(t, 422, 3051)
		bad := map[string]any{"number": "4242 4242 4242 4241", "exp_month": 2, "exp_year": 2026, "cvc": "12"}
		res := confirm(e, ann, id, bad)
		res.wantError(t, 400, 1000)
		f := res.Body["fields"].(map[string]any)
		if f["card.number"] != "The card number is not valid." || f["card.exp_month"] != "The card has expired." ||
			f["card.cvc"] != "The security code is not valid." {
			t.Errorf("card checks: %s", res.Raw)
		}

		ch := confirm(e, ann, id, card("4000 0025 0000 3155")).data(t)
		if ch["payment_status"] != "requires_action" || ch["payment"].(map[string]any)["challenge"] == nil {
			t.Fatalf("challenge: %v", ch)
		}
		e.call("payments/confirm", data("order_id", id, "challenge_result", "failed"), ann...).wantError(t, 422, 3052)
		confirm(e, ann, id, card("4000 0025 0000 3155")).data(t)
		done := e.call("payments/confirm", data("order_id", id, "challenge_result", "completed"), ann...).data(t)
		if done["payment_status"] != "paid" || done["status"] != "pending" || done["payment"].(map[string]any)["challenge"] != nil {
			t.Errorf("completed challenge: %v", done)
		}

		for _, digits := range []string{"4242424242424241", "4000000000000002", "4000002500003155", "4000000000009995"} {
			spaced := digits[:4] + " " + digits[4:8] + " " + digits[8:12] + " " + digits[12:]
			if logs := e.logText(); strings.Contains(logs, digits) || strings.Contains(logs, spaced) {
				t.Errorf("the log holds card number %s", digits)
			}
			if dump := dumpDB(t, db); strings.Contains(dump, digits) || strings.Contains(dump, spaced) {
				t.Errorf("the database holds card number %s", digits)
			}
		}
	})
}
