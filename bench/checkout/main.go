// Command checkout is a load driver for whole checkouts against a running
// `platter serve` with the demo data: N customers, each a guest, run
// orders/quote, orders/prepare and payments/confirm (sandbox card 4242…)
// back to back for a while; it prints checkouts/s and the p50/p99 of one
// whole checkout, and with -results appends them to bench/RESULTS.md.
//
// With -server-pid (one, or several comma-separated and summed) it also
// reads the CPU time (user + system, from /proc/PID/stat) the server and
// the driver itself used during the measured window and reports both per completed checkout: unlike the rate,
// that does not depend on how busy the machine is, so runs on a shared
// machine can still be compared.
//
// Orders are ASAP pickups at demo-burgers/soho by default; the server must
// then run with a clock at which soho is open (bench/checkout.sh sets
// PLATTER_CLOCK to a Monday noon in London). -preorder orders for a slot
// instead.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

type options struct {
	base      string
	customers int
	duration  time.Duration
	warmup    time.Duration
	label     string
	results   string
	preorder  string
	serverPID string
	metrics   string
}

func main() {
	var o options
	flag.StringVar(&o.base, "url", "http://127.0.0.1:8080", "the server")
	flag.IntVar(&o.customers, "customers", 8, "concurrent customers")
	flag.DurationVar(&o.duration, "duration", 20*time.Second, "how long to measure")
	flag.DurationVar(&o.warmup, "warmup", 2*time.Second, "how long to run before measuring (not counted)")
	flag.StringVar(&o.label, "label", "", "what the run measured (database, machine), for -results")
	flag.StringVar(&o.results, "results", "", "append a row to this RESULTS.md")
	flag.StringVar(&o.preorder, "preorder", "", "order for this RFC 3339 slot instead of ASAP")
	flag.StringVar(&o.serverPID, "server-pid", "", "the server's process id, to report its CPU time per checkout "+
		"(several, comma-separated: instances behind a load balancer, summed)")
	flag.StringVar(&o.metrics, "metrics", "", "the server's /metrics URL, to report database statements per checkout")
	printHeader := flag.Bool("header", false, "print the results table's header and exit")
	flag.Parse()
	if *printHeader {
		fmt.Println(header)
		return
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "checkout bench:", err)
		os.Exit(1)
	}
}

// header is the table header of the rows run prints.
const header = "| run | customers | duration | checkouts | failed | checkouts/s | p50 ms | p99 ms | server CPU ms/checkout | driver CPU ms/checkout | statements/checkout | transactions/checkout |\n" +
	"|---|---|---|---|---|---|---|---|---|---|---|---|"

func run(o options) error {
	c := &client{base: o.base, http: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: o.customers * 2}}}
	item, err := c.cheapItem()
	if err != nil {
		return err
	}
	if o.preorder != "" {
		if _, err := time.Parse(time.RFC3339, o.preorder); err != nil {
			return fmt.Errorf("-preorder: %w", err)
		}
	}

	var (
		wg        sync.WaitGroup
		mu        sync.Mutex
		lat       []time.Duration
		measuring atomic.Bool
		failures  atomic.Int64
		firstErr  atomic.Value
		ready     sync.WaitGroup
	)
	run := fmt.Sprint(time.Now().UnixNano())
	stop := make(chan struct{})
	ready.Add(o.customers)
	for w := range o.customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := c.from(w)
			token, err := c.guest()
			ready.Done()
			if err != nil {
				failures.Add(1)
				firstErr.CompareAndSwap(nil, err)
				return
			}
			bodies := newBodies(item, o.preorder)
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				counted := measuring.Load()
				t0 := time.Now()
				err := c.checkout(token, bodies, run+"-"+strconv.Itoa(w)+"-"+strconv.Itoa(n))
				d := time.Since(t0)
				if !counted || !measuring.Load() {
					continue // begun or ended outside the measured window
				}
				if err != nil {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, err)
					continue
				}
				mu.Lock()
				lat = append(lat, d)
				mu.Unlock()
			}
		}()
	}
	ready.Wait()
	time.Sleep(o.warmup)
	cpu0, err := cpuTimes(o.serverPID)
	if err != nil {
		return err
	}
	db0, err := dbCounts(o.metrics)
	if err != nil {
		return err
	}
	start := time.Now()
	measuring.Store(true)
	time.Sleep(o.duration)
	measuring.Store(false)
	elapsed := time.Since(start)
	cpu1, err := cpuTimes(o.serverPID)
	if err != nil {
		return err
	}
	db1, err := dbCounts(o.metrics)
	if err != nil {
		return err
	}
	close(stop)
	wg.Wait()
	if len(lat) == 0 {
		return fmt.Errorf("no checkout succeeded: %v", firstErr.Load())
	}
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	rate := float64(len(lat)) / elapsed.Seconds()
	perCheckout := func(d time.Duration) string {
		if d < 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f", float64(d.Microseconds())/1000/float64(len(lat)))
	}
	perCount := func(d float64) string {
		if o.metrics == "" {
			return "–"
		}
		return fmt.Sprintf("%.1f", d/float64(len(lat)))
	}
	row := fmt.Sprintf("| %s | %d | %s | %d | %d | %.1f | %.2f | %.2f | %s | %s | %s | %s |", o.label, o.customers,
		o.duration, len(lat), failures.Load(), rate, pct(0.50), pct(0.99),
		perCheckout(cpu1.server-cpu0.server), perCheckout(cpu1.driver-cpu0.driver),
		perCount(db1.statements-db0.statements), perCount(db1.transactions-db0.transactions))
	fmt.Println(header)
	fmt.Println(row)
	if e := firstErr.Load(); e != nil {
		fmt.Fprintln(os.Stderr, "first failure:", e)
	}
	if o.results == "" {
		return nil
	}
	f, err := os.OpenFile(o.results, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = fmt.Fprintln(f, row)
	return err
}

type client struct {
	base string
	http *http.Client
	// forwardedFor: the customer's own address, sent as X-Forwarded-For
	// (a server that trusts 127.0.0.1 as its load balancer,
	// PLATTER_TRUSTED_PROXIES, takes it for the client's); "": none.
	forwardedFor string
}

// from is the client of customer w: each customer has an address of its
// own (TEST-NET-2, 198.51.100.0/24), as customers behind a load balancer
// do, so the per-client limits (the unpaid-order cap) count each apart.
func (c *client) from(w int) *client {
	cc := *c
	cc.forwardedFor = "198.51.100." + strconv.Itoa(w%254+1)
	return &cc
}

// call posts one envelope call and decodes data into out.
func (c *client) call(path, token string, body []byte, out any) error {
	req, err := http.NewRequest(http.MethodPost, c.base+"/api/v3/"+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Client", "source=ios;version=2.1")
	if c.forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", c.forwardedFor)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(res.Body)
		return fmt.Errorf("%s: %d %s", path, res.StatusCode, raw)
	}
	// One pass over the answer, into the fields wanted (the rest skipped).
	env := struct {
		Data any `json:"data"`
	}{Data: out}
	if out == nil {
		env.Data = &json.RawMessage{}
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, res.Body) // to the end, so the connection is reused
	return err
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// cheapItem is an available item of soho that needs no modifier and may be
// ordered four at a time.
func (c *client) cheapItem() (int64, error) {
	var menu struct {
		Items []struct {
			ID          int64   `json:"id"`
			IsAvailable bool    `json:"is_available"`
			Mods        []int64 `json:"modifier_category_ids"`
			SelectMax   int     `json:"select_max"`
		} `json:"items"`
	}
	if err := c.call("menu/list", "", mustJSON(map[string]any{"filter": map[string]any{"business_slug": "demo-burgers",
		"venue_slug": "soho", "order_type": 1}}), &menu); err != nil {
		return 0, err
	}
	for _, it := range menu.Items {
		if it.IsAvailable && len(it.Mods) == 0 && it.SelectMax == 0 {
			return it.ID, nil
		}
	}
	return 0, errors.New("soho has no item without modifiers")
}

func (c *client) guest() (string, error) {
	var s struct {
		Token string `json:"token"`
	}
	err := c.call("auth/guest", "", mustJSON(map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}}), &s)
	return s.Token, err
}

// bodies are one customer's request bodies, encoded once: the checkout is
// the same every time but for the idempotency key and the order id, which
// are spliced in.
type bodies struct {
	quote                 []byte
	prepareHead           []byte // ends where the key's string goes
	confirmHead, cardTail []byte // around the order id
}

func newBodies(item int64, preorder string) *bodies {
	d := map[string]any{"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1,
		"is_asap": preorder == "", "user_email": "bench@example.com", "tip_percent": 10,
		"items": []any{map[string]any{"item_id": item, "qty": 4}}}
	if preorder != "" {
		d["preorder_for"] = preorder
	}
	quote := mustJSON(map[string]any{"data": d})
	// {"data":{...}} → {"data":{..., "idempotency_key":"KEY"}}
	head := append(slices.Clone(quote[:len(quote)-2]), `,"idempotency_key":"`...)
	card := mustJSON(map[string]any{"number": "4242 4242 4242 4242", "exp_month": 12, "exp_year": 2039, "cvc": "123"})
	return &bodies{quote: quote, prepareHead: head,
		confirmHead: []byte(`{"data":{"order_id":`), cardTail: append(append([]byte(`,"card":`), card...), "}}"...)}
}

// checkout is one whole checkout: quote, prepare, pay.
func (c *client) checkout(token string, b *bodies, key string) error {
	var q struct {
		CanOrder bool  `json:"can_order"`
		Problems []any `json:"problems"`
	}
	if err := c.call("orders/quote", token, b.quote, &q); err != nil {
		return err
	}
	if !q.CanOrder {
		return fmt.Errorf("quote: the basket cannot be ordered: %v", q.Problems)
	}
	prepare := append(append(slices.Clone(b.prepareHead), key...), `"}}`...)
	var p struct {
		Order struct {
			ID int64 `json:"id"`
		} `json:"order"`
	}
	if err := c.call("orders/prepare", token, prepare, &p); err != nil {
		return err
	}
	confirm := append(strconv.AppendInt(slices.Clone(b.confirmHead), p.Order.ID, 10), b.cardTail...)
	var o struct {
		PaymentStatus string `json:"payment_status"`
	}
	err := c.call("payments/confirm", token, confirm, &o)
	if err == nil && o.PaymentStatus != "paid" {
		err = fmt.Errorf("confirm: payment %s", o.PaymentStatus)
	}
	return err
}
