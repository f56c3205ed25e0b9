package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/demo"
	"platter/internal/catalog"
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

// dumpDB is every row of every table as text.
func dumpDB(t *testing.T, db *store.DB) string {
	t.Helper()
	q := "SELECT name FROM sqlite_master WHERE type = 'table'"
	if db.Dialect() == store.Postgres {
		q = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
	}
	rows, err := db.SQL().Query(q)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		_ = rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var b strings.Builder
	for _, tb := range tables {
		rows, err := db.SQL().Query("SELECT * FROM " + tb)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				if bs, ok := v.([]byte); ok {
					v = string(bs)
				}
				fmt.Fprint(&b, v, "\t")
			}
			b.WriteString("\n")
		}
		rows.Close()
	}
	return b.String()
}

// TestPrepareRetriedConcurrently: 100 concurrent retries of one prepare
// make one order, and every one of them answers it, even with a promo code
// the first one spent.
func TestPrepareRetriedConcurrently(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "")
		body := checkoutBody([]any{m.line(t, "Cheesy Fries", 4)}, "idempotency_key", "key-retried-100",
			"promocode", "WELCOME10") // once per customer: a retry must not count as a second use
		ids := make([]any, 100)
		var wg sync.WaitGroup
		for i := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.call("orders/prepare", body, ann...)
				if res.Status != 200 {
					t.Errorf("retry %d: %s", i, res.Raw)
					return
				}
				ids[i] = res.data(t)["order"].(map[string]any)["id"]
			}()
		}
		wg.Wait()
		for i := range ids {
			if ids[i] != ids[0] {
				t.Fatalf("retry %d answered order %v, retry 0 order %v", i, ids[i], ids[0])
			}
		}
		if n := count(t, db, "SELECT COUNT(*) FROM orders"); n != 1 {
			t.Errorf("%d orders", n)
		}
	})
}

func count(t *testing.T, db *store.DB, q string, args ...any) int {
	t.Helper()
	if db.Dialect() == store.Postgres {
		for i := 1; strings.Contains(q, "?"); i++ {
			q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	var n int
	if err := db.SQL().QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func execSQL(t *testing.T, db *store.DB, q string, args ...any) {
	t.Helper()
	if db.Dialect() == store.Postgres {
		for i := 1; strings.Contains(q, "?"); i++ {
			q = strings.Replace(q, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	if _, err := db.SQL().Exec(q, args...); err != nil {
		t.Fatal(err)
	}
}

// TestPromoCodeUsesAreAtomic: 20 customers prepare at once with a code
// that has 5 uses left: exactly 5 get it, the rest are told it is used up.
// Expiry gives back the uses of orders never paid, not of paid ones.
func TestPromoCodeUsesAreAtomic(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		execSQL(t, db, `INSERT INTO promo_codes (scheme_id, code, kind, percent_bp, max_uses)
			SELECT id, 'FIVE', 'percent', 1000, 5 FROM schemes WHERE slug = 'demo-burgers'`)
		body := func(i int) map[string]any {
			return checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", fmt.Sprintf("key-five-%03d", i),
				"promocode", "five", "user_email", fmt.Sprintf("c%d@example.com", i))
		}
		guests := make([][]string, 20)
		for i := range guests {
			guests[i] = signIn(t, e, "demo-burgers", "")
		}
		var (
			wg     sync.WaitGroup
			mu     sync.Mutex
			won    []any
			usedUp int
		)
		for i := range guests {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.call("orders/prepare", body(i), client(i, guests[i])...)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case res.Status == 200:
					won = append(won, res.data(t)["order"].(map[string]any)["id"])
				case int(num(res.Body["code"])) == 3043:
					usedUp++
				default:
					t.Errorf("prepare %d: %s", i, res.Raw)
				}
			}()
		}
		wg.Wait()
		if len(won) != 5 || usedUp != 15 {
			t.Fatalf("%d got the code, %d were told it is used up; want 5 and 15", len(won), usedUp)
		}
		uses := func() int { return count(t, db, "SELECT uses FROM promo_codes WHERE code = 'FIVE'") }
		if uses() != 5 {
			t.Errorf("uses %d", uses())
		}

		// Two of the five pay; the other three expire unpaid after 30 minutes.
		payers := 0
		for i := range guests {
			if payers == 2 {
				break
			}
			for _, id := range won {
				if res := confirm(e, guests[i], id, card("4242424242424242")); res.Status == 200 {
					payers++
				}
			}
		}
		clk.Add(30 * time.Minute)
		n, err := db.ExpireOrders(context.Background(), clk.Now(), 100)
		if err != nil || n != 3 {
			t.Fatalf("expired %d, %v; want 3", n, err)
		}
		if uses() != 2 {
			t.Errorf("after expiry the code counts %d uses, want the 2 paid", uses())
		}
		if n, _ := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 0 {
			t.Errorf("expired again: %d", n)
		}
		// The uses given back can be taken again.
		late := signIn(t, e, "demo-burgers", "")
		if res := e.call("orders/prepare", body(99), client(99, late)...); res.Status != 200 {
			t.Errorf("after expiry: %s", res.Raw)
		}
	})
}

// TestUnpaidOrderExpires: after 30 minutes an unpaid order is cancelled;
// paying it then is refused, and WELCOME10, once per customer, is the
// customer's to use again.
func TestUnpaidOrderExpires(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		items := []any{m.line(t, "Cheesy Fries", 4)}
		order := e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-expire-1", "promocode", "WELCOME10"),
			ann...).data(t)["order"].(map[string]any)
		if pricingOf(t, order)["discount"] != 200 {
			t.Errorf("WELCOME10: %v", order["pricing"])
		}
		e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-expire-2", "promocode", "WELCOME10"), ann...).
			wantError(t, 422, 3044)

		clk.Add(29 * time.Minute)
		if n, _ := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 0 {
			t.Fatalf("expired %d orders at 29 minutes", n)
		}
		clk.Add(time.Minute)
		if n, err := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 1 || err != nil {
			t.Fatalf("expired %d orders at 30 minutes: %v", n, err)
		}
		confirm(e, ann, order["id"], card("4242424242424242")).wantError(t, 422, 3053)
		again := e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-expire-3", "promocode", "WELCOME10"), ann...)
		if again.Status != 200 {
			t.Fatalf("WELCOME10 after expiry: %s", again.Raw)
		}
		id := again.data(t)["order"].(map[string]any)["id"]
		confirm(e, ann, id, card("4242424242424242")).data(t)
		clk.Add(time.Hour)
		if n, _ := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 0 {
			t.Errorf("a paid order expired")
		}
		e.call("orders/prepare", checkoutBody(items, "idempotency_key", "key-expire-4", "promocode", "WELCOME10"), ann...).
			wantError(t, 422, 3044)
	})
}

// TestOffers: the AUTO_APPLY offer applies itself where the basket
// qualifies and not with reward_id -1; the CLAIM offer applies when its
// reward_id is sent, once per customer: paid, it leaves user/offers.
func TestOffers(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		m := sohoMenu(t, e)
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		res := e.call("user/offers", filter("business_slug", "demo-burgers"), ann...)
		offers := res.Body["data"].([]any)
		if len(offers) != 2 {
			t.Fatalf("offers: %s", res.Raw)
		}
		auto, claim := offers[0].(map[string]any), offers[1].(map[string]any)
		if auto["button_kind"] != 0.0 || claim["button_kind"] != 1.0 {
			t.Fatalf("kinds: %v %v", auto, claim)
		}
		big := []any{m.line(t, "Cheesy Fries", 9)} // £44.91
		d := e.call("orders/quote", checkoutBody(big), ann...).data(t)
		if p := pricingOf(t, d); p["discount"] != 500 || d["reward_id"] != auto["reward_id"] {
			t.Errorf("AUTO_APPLY: %v reward %v", p, d["reward_id"])
		}
		d = e.call("orders/quote", checkoutBody(big, "reward_id", -1), ann...).data(t)
		if p := pricingOf(t, d); p["discount"] != 0 || d["reward_id"] != -1.0 {
			t.Errorf("reward -1: %v", p)
		}
		small := []any{m.line(t, "Cheesy Fries", 3)} // £14.97: under £40, AUTO_APPLY stays out
		if p := pricingOf(t, e.call("orders/quote", checkoutBody(small), ann...).data(t)); p["discount"] != 0 {
			t.Errorf("AUTO_APPLY under its minimum: %v", p)
		}
		body := checkoutBody(small, "reward_id", claim["reward_id"], "idempotency_key", "key-claim-1")
		order := e.call("orders/prepare", body, ann...).data(t)["order"].(map[string]any)
		if p := pricingOf(t, order); p["discount"] != 325 || order["reward_id"] != claim["reward_id"] ||
			order["pricing"].(map[string]any)["discount_source"] != "reward" {
			t.Errorf("CLAIM: %v", order)
		}
		confirm(e, ann, order["id"], card("4242424242424242")).data(t)
		if left := e.call("user/offers", filter(), ann...).Body["data"].([]any); len(left) != 1 {
			t.Errorf("after the CLAIM reward was spent: %v", left)
		}
		e.call("orders/prepare", checkoutBody(small, "reward_id", claim["reward_id"], "idempotency_key", "key-claim-2"),
			ann...).wantError(t, 422, 3045)

		// A re-import without offers withdraws them from checkout at once.
		doc, problems := catalog.ParseSchemeDoc(demo.Documents()[0].Data)
		if len(problems) > 0 || doc.BusinessSlug != "demo-burgers" {
			t.Fatalf("demo document: %v", problems)
		}
		doc.Offers = nil
		if _, err := db.ImportScheme(context.Background(), doc); err != nil {
			t.Fatal(err)
		}
		if p := pricingOf(t, e.call("orders/quote", checkoutBody(big), ann...).data(t)); p["discount"] != 0 {
			t.Errorf("a withdrawn AUTO_APPLY offer still applies: %v", p)
		}
	})
}

func TestTippingGet(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		d := e.call("tipping/get", filter("business_slug", "demo-burgers", "venue_slug", "soho")).data(t)
		if d["enabled"] != true || fmt.Sprint(d["percents"]) != "[0 10 15 20]" || d["default_percent"] != 10.0 ||
			d["allow_custom"] != true || d["max_percent"] != 50.0 {
			t.Errorf("tipping: %v", d)
		}
		e.call("tipping/get", filter("business_slug", "demo-burgers", "venue_slug", "nowhere")).wantError(t, 404, 1404)
	})
}

// TestSlotPlaces: 20 customers prepare at once for a pickup slot with 3
// places: exactly 3 get it, the rest hear the slot is full. An order that
// expires unpaid gives its place back.
func TestSlotPlaces(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, clk := startOrders(t, db)
		m := sohoMenu(t, e)
		execSQL(t, db, "UPDATE venues SET pickup_slot_capacity = 3 WHERE slug = 'soho'")
		slot := "2026-03-03T13:00:00Z" // tomorrow 13:00 in London
		body := func(i int) map[string]any {
			return checkoutBody([]any{m.line(t, "Cheesy Fries", 1)}, "idempotency_key", fmt.Sprintf("key-slot-%03d", i),
				"is_asap", false, "preorder_for", slot)
		}
		guests := make([][]string, 20)
		for i := range guests {
			guests[i] = signIn(t, e, "demo-burgers", "")
		}
		var (
			wg         sync.WaitGroup
			mu         sync.Mutex
			got, full  int
			firstOwner []string
			firstID    any
		)
		for i := range guests {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.call("orders/prepare", body(i), client(i, guests[i])...)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case res.Status == 200:
					got++
					firstOwner, firstID = guests[i], res.data(t)["order"].(map[string]any)["id"]
				case int(num(res.Body["code"])) == 3105:
					full++
				default:
					t.Errorf("prepare %d: %s", i, res.Raw)
				}
			}()
		}
		wg.Wait()
		if got != 3 || full != 17 {
			t.Fatalf("%d got a place, %d heard the slot is full; want 3 and 17", got, full)
		}
		// One pays; the other two expire and give their places back.
		confirm(e, firstOwner, firstID, card("4242424242424242")).data(t)
		clk.Add(30 * time.Minute)
		if n, err := db.ExpireOrders(context.Background(), clk.Now(), 100); n != 2 || err != nil {
			t.Fatalf("expired %d: %v", n, err)
		}
		for i := 100; i < 102; i++ {
			if res := e.call("orders/prepare", body(i), client(i, signIn(t, e, "demo-burgers", ""))...); res.Status != 200 {
				t.Errorf("after expiry: %s", res.Raw)
			}
		}
		e.call("orders/prepare", body(102), client(102, signIn(t, e, "demo-burgers", ""))...).wantError(t, 422, 3105)
	})
}
