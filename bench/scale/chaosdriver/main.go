// Command chaosdriver is the client side of bench/scale/chaos.sh: customers
// checking out at demo-burgers/soho through the load balancer while the
// script kills instances under them, behaving as real clients do (a call
// that got no answer, a 5xx or a 429 is sent again with the same body, so
// the same idempotency key, until answered or -bound has passed), with
// everything the instances send out received here:
//
//   - -customers guests, each its own client address (X-Forwarded-For),
//     quote + prepare + pay (sandbox card) in a loop; every -promo-every-th
//     order with promo code CHAOS (-promo-uses uses in all) and every
//     -slot-every-th a delivery pre-order for a 15-minute slot whose
//     capacity is -slot-capacity (the others ASAP pickups); -lose of first answers thrown away as if lost;
//   - the demo manager rejects every -reject-every-th paid order (a refund
//     is queued), set up the promo code, the slot capacity (the venue's
//     document) and a webhook endpoint through the API as a manager would;
//   - -streams board streams of soho, resumed with Last-Event-ID;
//   - an SMTP server on -smtp and a webhook receiver on -hooks.
//
// Everything goes to JSON-lines logs in -logs (calls, mail, webhooks,
// streams) for chaoscheck. After -duration the customers stop and the
// driver writes "load done" to stdout; it keeps receiving mail, webhooks
// and stream events until SIGTERM, then waits (bounded) until its streams
// have seen every order it paid and been quiet a moment, and exits.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

type options struct {
	base, logDir, smtpAddr, hooksAddr string
	customers, streams                int
	promoEvery, slotEvery             int
	promoUses, slotCapacity           int
	rejectEvery                       int
	duration, bound                   time.Duration
	lose                              float64
	day                               string
	setup                             bool
}

type driver struct {
	o    options
	http *http.Client
	logs *logs

	mu   sync.Mutex
	paid []int64 // orders confirmed paid
}

func main() {
	var o options
	flag.StringVar(&o.base, "url", "http://127.0.0.1:8080", "the load balancer (or the one server)")
	flag.StringVar(&o.logDir, "logs", ".", "directory of the JSON-lines logs")
	flag.StringVar(&o.smtpAddr, "smtp", "127.0.0.1:2525", "the SMTP server's address (PLATTER_SMTP_URL of the instances)")
	flag.StringVar(&o.hooksAddr, "hooks", "127.0.0.1:2526", "the webhook receiver's address")
	flag.IntVar(&o.customers, "customers", 6, "concurrent customers (0: streams and receivers only)")
	flag.IntVar(&o.streams, "streams", 2, "board streams of soho kept open")
	flag.IntVar(&o.promoEvery, "promo-every", 8, "every n-th order of a customer uses the promo code")
	flag.IntVar(&o.slotEvery, "slot-every", 9, "every n-th order of a customer is a pre-order for a slot")
	flag.IntVar(&o.promoUses, "promo-uses", 40, "the promo code's use limit")
	flag.IntVar(&o.slotCapacity, "slot-capacity", 2, "soho's delivery orders per 15-minute slot")
	flag.IntVar(&o.rejectEvery, "reject-every", 5, "the manager rejects every n-th paid order")
	flag.DurationVar(&o.duration, "duration", time.Minute, "how long customers check out")
	flag.DurationVar(&o.bound, "bound", 3*time.Minute, "how long a client keeps sending one call")
	flag.Float64Var(&o.lose, "lose", 0.03, "share of first answers thrown away as lost")
	flag.StringVar(&o.day, "day", "2026-11-16", "the day of the pre-order slots (the servers' PLATTER_CLOCK's, UTC)")
	flag.BoolVar(&o.setup, "setup", true, "set up the promo code, slot capacity and webhook endpoint")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "chaos driver:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	l, err := openLogs(o.logDir)
	if err != nil {
		return err
	}
	defer l.close()
	d := &driver{o: o, logs: l, http: &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext}}}
	smtpSrv, err := serveSMTP(o.smtpAddr, l)
	if err != nil {
		return err
	}
	defer smtpSrv.Close()
	hk := &hooks{l: l}
	hookSrv := &http.Server{Addr: o.hooksAddr, Handler: hk, ReadHeaderTimeout: 10 * time.Second}
	hookLn, err := net.Listen("tcp", o.hooksAddr)
	if err != nil {
		return err
	}
	go func() { _ = hookSrv.Serve(hookLn) }()
	defer hookSrv.Close()

	ctx, stopStreams := context.WithCancel(context.Background())
	defer stopStreams()
	staff := &client{base: o.base, http: d.http, forwarded: "10.78.0.1"}
	manager, err := d.signIn(ctx, staff)
	if err != nil {
		return err
	}
	if o.setup {
		if err := d.setUp(ctx, staff, manager, hk); err != nil {
			return err
		}
	}
	boards := make([]*board, o.streams)
	for i := range boards {
		boards[i] = &board{d: d, n: i + 1, token: manager, seen: map[int64]bool{}}
		go boards[i].run(ctx)
	}
	if o.customers > 0 {
		if err := d.load(ctx, staff, manager); err != nil {
			return err
		}
	}
	fmt.Println("load done")
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	<-sig
	// The instances have sent what they will: let the streams catch up.
	d.mu.Lock()
	paid := append([]int64(nil), d.paid...)
	d.mu.Unlock()
	deadline := time.Now().Add(90 * time.Second)
	for _, b := range boards {
		for !b.caughtUp(paid, 3*time.Second) && time.Now().Before(deadline) {
			time.Sleep(200 * time.Millisecond)
		}
	}
	return nil
}

func (d *driver) signIn(ctx context.Context, c *client) (string, error) {
	a, ok := d.call(ctx, c, "auth/signin", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers",
		"email": "manager@demo.test", "password": "Platter-demo-1"}}, record{Call: "signin"}, 0)
	var s struct {
		Token string `json:"token"`
	}
	if !ok || a.status != http.StatusOK || json.Unmarshal(a.data, &s) != nil {
		return "", fmt.Errorf("manager sign-in: %d %v", a.status, a.err)
	}
	return s.Token, nil
}

// admin makes a manager's call that must succeed.
func (d *driver) admin(ctx context.Context, c *client, token, path string, data map[string]any, out any) error {
	data["business_slug"] = "demo-burgers"
	a, ok := d.call(ctx, c, path, token, map[string]any{"filter": map[string]any{"business_slug": "demo-burgers"},
		"data": data}, record{Call: path}, 0)
	if !ok || a.status != http.StatusOK {
		return fmt.Errorf("%s: %d code %d %v", path, a.status, a.code, a.err)
	}
	if out != nil {
		return json.Unmarshal(a.data, out)
	}
	return nil
}

// setUp does what a manager does before the rush: a promo code with a use
// limit, a capacity on soho's pickup slots, a webhook endpoint.
func (d *driver) setUp(ctx context.Context, c *client, token string, hk *hooks) error {
	if err := d.admin(ctx, c, token, "admin/promotions/upsert", map[string]any{"promo_code": map[string]any{
		"code": "CHAOS", "kind": "fixed", "amount": 100, "max_uses": d.o.promoUses}}, nil); err != nil {
		return err
	}
	var doc struct {
		Venues []map[string]any `json:"venues"`
	}
	if err := d.admin(ctx, c, token, "admin/scheme/document", map[string]any{}, &doc); err != nil {
		return err
	}
	found := false
	for _, v := range doc.Venues {
		if v["venue_slug"] != "soho" {
			continue
		}
		delivery, _ := v["delivery"].(map[string]any)
		if delivery == nil {
			return errors.New("soho does not deliver")
		}
		delivery["slot_capacity"] = d.o.slotCapacity
		v["delivery"], found = delivery, true
		if err := d.admin(ctx, c, token, "admin/venues/upsert", map[string]any{"venue": v}, nil); err != nil {
			return err
		}
	}
	if !found {
		return errors.New("the scheme document has no venue soho")
	}
	var ep struct {
		Secret string `json:"secret"`
	}
	if err := d.admin(ctx, c, token, "admin/webhooks/upsert", map[string]any{"url": "http://" + d.o.hooksAddr + "/hooks",
		"events": []string{"order.paid", "order.status_changed", "order.refunded"}}, &ep); err != nil {
		return err
	}
	return hk.setSecret(ep.Secret)
}

// load runs the customers and the manager's rejections for the duration.
func (d *driver) load(ctx context.Context, staff *client, manager string) error {
	item, err := d.cheapItem(ctx, staff)
	if err != nil {
		return err
	}
	end := time.Now().Add(d.o.duration)
	paid := make(chan int64, 1024)
	var rejected sync.WaitGroup
	rejected.Add(1)
	go func() {
		defer rejected.Done()
		n := 0
		for id := range paid {
			if n++; n%d.o.rejectEvery == 0 {
				d.call(ctx, staff, "admin/orders/transition", manager, map[string]any{"filter": map[string]any{
					"business_slug": "demo-burgers", "venue_slug": "soho"}, "data": map[string]any{
					"business_slug": "demo-burgers", "venue_slug": "soho", "order_id": id, "status": "rejected",
					"reason": "chaos: out of buns"}}, record{Call: "reject", OrderID: id}, 0)
			}
		}
	}()
	var wg sync.WaitGroup
	var failed atomic.Int64
	run := time.Now().UnixNano() % 1_000_000
	for w := range d.o.customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &client{base: d.o.base, http: d.http, forwarded: fmt.Sprintf("10.77.%d.%d", w/250, w%250+1)}
			token, err := d.guest(ctx, c, w)
			if err != nil {
				failed.Add(1)
				fmt.Fprintln(os.Stderr, "chaos driver: guest:", err)
				return
			}
			for n := 0; time.Now().Before(end); n++ {
				d.checkout(ctx, c, w, token, fmt.Sprintf("k%d-%d-%d", run, w, n), n, item, paid)
			}
		}()
	}
	wg.Wait()
	close(paid)
	rejected.Wait()
	if failed.Load() == int64(d.o.customers) {
		return errors.New("no customer could start")
	}
	return nil
}

func (d *driver) guest(ctx context.Context, c *client, w int) (string, error) {
	a, ok := d.call(ctx, c, "auth/guest", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}},
		record{Worker: w, Call: "guest"}, 0)
	var s struct {
		Token string `json:"token"`
	}
	if !ok || a.status != http.StatusOK || json.Unmarshal(a.data, &s) != nil {
		return "", fmt.Errorf("%d code %d %v", a.status, a.code, a.err)
	}
	return s.Token, nil
}

// item is what every order holds: qty of one item, £15 or more (over
// soho's delivery minimum).
type item struct {
	id  int64
	qty int
}

// cheapItem is an available item of soho without modifiers, for pickup
// and delivery.
func (d *driver) cheapItem(ctx context.Context, c *client) (item, error) {
	a := c.post(ctx, "menu/list", "", map[string]any{"filter": map[string]any{"business_slug": "demo-burgers",
		"venue_slug": "soho", "order_type": 0}})
	var menu struct {
		Items []struct {
			ID          int64   `json:"id"`
			Price       int64   `json:"price"`
			IsAvailable bool    `json:"is_available"`
			Mods        []int64 `json:"modifier_category_ids"`
			SelectMax   int     `json:"select_max"`
		} `json:"items"`
	}
	if a.status != http.StatusOK || json.Unmarshal(a.data, &menu) != nil {
		return item{}, fmt.Errorf("menu/list: %d %v", a.status, a.err)
	}
	for _, it := range menu.Items {
		if it.IsAvailable && len(it.Mods) == 0 && it.SelectMax == 0 && it.Price > 0 {
			return item{it.ID, int(1500/it.Price) + 1}, nil
		}
	}
	return item{}, errors.New("soho has no item without modifiers")
}

// checkout is one customer's order: quote, prepare (its key), pay.
func (d *driver) checkout(ctx context.Context, c *client, w int, token, key string, n int, item item,
	paid chan<- int64) {
	data := map[string]any{"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1, "is_asap": true,
		"user_email": "chaos-" + key + "@example.com", "tip_percent": 10, "order_note": "chaos " + key,
		"items": []any{map[string]any{"item_id": item.id, "qty": item.qty}}}
	rec := record{Worker: w, Call: "prepare", Key: key}
	if n%d.o.promoEvery == d.o.promoEvery-1 {
		data["promocode"], rec.Promo = "CHAOS", true
	}
	if n%d.o.slotEvery == d.o.slotEvery-2 {
		// A delivery for one of 16 slots from 18:00 UTC (London's evening
		// in November); ASAP pickups take no place of those.
		slot := fmt.Sprintf("%sT%02d:%02d:00Z", d.o.day, 18+(n/d.o.slotEvery+w)%16/4, (n/d.o.slotEvery+w)%4*15)
		data["is_asap"], data["preorder_for"], data["order_type"], rec.Slot = false, slot, 0, slot
		data["user_contact_number"], data["first_name"] = "+447911123456", "Chaos"
		data["delivery_address"] = map[string]any{"name": "Home", "line1": "10 Gower Street", "city": "London",
			"postcode": "WC1E 6HA", "country": "GB", "contact_number": "+447911123456",
			"email": "chaos-" + key + "@example.com", "latitude": 51.5215, "longitude": -0.1318}
	}
	q := c.post(ctx, "orders/quote", token, map[string]any{"data": data})
	d.logs.call(record{Worker: w, Call: "quote", Key: key, Attempt: 1, Status: q.status, Code: q.code})
	data["idempotency_key"] = key
	a, ok := d.call(ctx, c, "orders/prepare", token, map[string]any{"data": data}, rec, d.o.lose)
	if !ok || a.status != http.StatusOK {
		return
	}
	var p struct {
		Order struct {
			ID int64 `json:"id"`
		} `json:"order"`
	}
	if json.Unmarshal(a.data, &p) != nil || p.Order.ID == 0 {
		return
	}
	a, ok = d.call(ctx, c, "payments/confirm", token, map[string]any{"data": map[string]any{"order_id": p.Order.ID,
		"card": map[string]any{"number": "4242 4242 4242 4242", "exp_month": 12, "exp_year": 2039, "cvc": "123"}}},
		record{Worker: w, Call: "confirm", Key: key, OrderID: p.Order.ID}, d.o.lose)
	var o struct {
		PaymentStatus string `json:"payment_status"`
	}
	if ok && a.status == http.StatusOK && json.Unmarshal(a.data, &o) == nil && o.PaymentStatus == "paid" {
		d.mu.Lock()
		d.paid = append(d.paid, p.Order.ID)
		d.mu.Unlock()
		paid <- p.Order.ID
	}
}
