// Command streams is a load driver for the order event streams (issue 11)
// against one running `platter serve` with the demo data and its clock at
// a moment the demo venues are open (bench/streams.sh starts it so):
//
//  1. -orders guests each place and pay an ASAP delivery order at
//     demo-burgers/soho and take one stream ticket for it (a ticket opens
//     any number of streams of its order until it expires);
//  2. -per-order streams are opened on every order (GET
//     /api/v3/orders/stream), each its own TCP connection, read by a small
//     hand-written HTTP/1.1 + server-sent-events reader so the driver's own
//     cost stays low;
//  3. the demo manager and driver move every order along its life —
//     accepted, on the way, -moves driver positions, delivered — at -rate
//     calls a second in all; each stream times every event from just
//     before the call that causes it to the moment the event's last line
//     has arrived.
//
// The server's memory is read before the streams open, once they are all
// open and idle, and after the moves: VmRSS and VmHWM from /proc/PID/status
// (-pid) and Go's heap and stack in use from /metrics (-metrics). Per
// stream = the difference ÷ the number of streams.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type options struct {
	base, metrics, label, results string
	verdict                       string
	pid, orders, perOrder, moves  int
	perGuest                      int
	rate                          float64
	openers                       int
	settle                        time.Duration
}

func main() {
	var o options
	flag.StringVar(&o.base, "url", "http://127.0.0.1:8080", "the server")
	flag.StringVar(&o.metrics, "metrics", "", "the server's /metrics URL (Go heap and stacks); empty: not read")
	flag.IntVar(&o.pid, "pid", 0, "the server's process id (VmRSS, VmHWM); 0: not read")
	flag.IntVar(&o.orders, "orders", 100, "orders")
	flag.IntVar(&o.perGuest, "per-guest", 4, "orders each guest places (auth calls are limited per client address)")
	flag.IntVar(&o.perOrder, "per-order", 100, "streams open on each order")
	flag.IntVar(&o.moves, "moves", 5, "driver positions posted per order while it is on the way")
	flag.Float64Var(&o.rate, "rate", 20, "transitions and positions posted per second, over all orders")
	flag.IntVar(&o.openers, "openers", 64, "streams being opened at once")
	flag.DurationVar(&o.settle, "settle", 5*time.Second, "pause before each memory reading")
	flag.StringVar(&o.label, "label", "", "what the run measured (database), for -results")
	flag.StringVar(&o.results, "results", "", "append the result row to this RESULTS.md")
	flag.StringVar(&o.verdict, "verdict", "", "append a sentence on the goal to this file")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "streams bench:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	c := &client{base: o.base, http: &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 32}}}
	manager, err := c.signIn("manager@demo.test")
	if err != nil {
		return err
	}
	driver, err := c.signIn("driver@demo.test")
	if err != nil {
		return err
	}
	item, qty, err := c.plainItem()
	if err != nil {
		return err
	}
	t0 := time.Now()
	orders, err := c.placeOrders(o.orders, o.perGuest, item, qty)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d orders placed and paid in %s\n", len(orders), time.Since(t0).Round(time.Millisecond))

	time.Sleep(o.settle)
	base := readMemory(o)
	fmt.Fprintf(os.Stderr, "before the streams: %s\n", base)

	u, err := url.Parse(o.base)
	if err != nil {
		return err
	}
	b := &bench{host: u.Host, pending: map[string]time.Time{}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	t0 = time.Now()
	if err := b.open(ctx, orders, o.perOrder, o.openers); err != nil {
		return err
	}
	n := len(orders) * o.perOrder
	fmt.Fprintf(os.Stderr, "%d streams open in %s\n", n, time.Since(t0).Round(time.Millisecond))
	time.Sleep(o.settle)
	open := readMemory(o)
	fmt.Fprintf(os.Stderr, "streams open and idle: %s\n", open)

	steps := c.steps(manager, driver, o.moves)
	t0 = time.Now()
	postErrs := b.move(orders, steps, o.rate)
	want := int64(n * len(steps))
	deadline := time.Now().Add(15 * time.Second)
	for b.got.Load() < want && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	moveTime := time.Since(t0)
	fmt.Fprintf(os.Stderr, "%d calls posted (%d failed) in %s; %d of %d events arrived\n", len(orders)*len(steps),
		postErrs, moveTime.Round(time.Millisecond), b.got.Load(), want)
	time.Sleep(o.settle)
	after := readMemory(o)
	fmt.Fprintf(os.Stderr, "after the moves: %s\n", after)
	broken := b.broken.Load()
	cancel()

	lat := b.latencies()
	if len(lat) == 0 {
		return errors.New("no event arrived")
	}
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	kb := func(a, b int64) string {
		if a < 0 || b < 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f", float64(b-a)/float64(n)/1024)
	}
	goMem := func(m memory) int64 {
		if m.heap < 0 {
			return -1
		}
		return m.heap + m.stack
	}
	row := fmt.Sprintf("| %s | %d × %d = %d | %d | %.0f/s | %s | %s | %s | %s | %.1f | %.1f | %.1f | %d | %d |",
		o.label, len(orders), o.perOrder, n, len(orders)*len(steps), o.rate,
		kb(base.rss, open.rss), kb(base.rss, after.rss), kb(base.hwm, after.hwm), kb(goMem(base), goMem(after)),
		pct(0.50), pct(0.99), float64(lat[len(lat)-1].Microseconds())/1000, want-b.got.Load(), broken+postErrs)
	header := "| run | orders × streams | calls | rate | RSS KB/stream (open) | RSS KB/stream (after moves) | VmHWM KB/stream | Go heap+stack KB/stream | p50 ms | p99 ms | max ms | events missing | errors |\n" +
		"|---|---|---|---|---|---|---|---|---|---|---|---|---|"
	fmt.Println(header)
	fmt.Println(row)
	if e := b.firstErr.Load(); e != nil {
		fmt.Fprintln(os.Stderr, "first stream error:", e)
	}
	// The goal: 10,000 streams at <= 30 KB each (the largest of the
	// server's figures), p99 <= 250 ms, nothing lost.
	worst := max(after.rss-base.rss, open.rss-base.rss, after.hwm-base.hwm, goMem(after)-goMem(base))
	perStream := float64(worst) / float64(n) / 1024
	meets := n >= 10000 && perStream <= 30 && pct(0.99) <= 250 && want == b.got.Load() && broken+postErrs == 0
	verdict := fmt.Sprintf("%s: %d streams at %.1f KB each (the largest figure), p99 %.1f ms, %d events missing: ",
		o.label, n, perStream, pct(0.99), want-b.got.Load())
	if meets {
		verdict += "meets the goal."
	} else {
		verdict += "MISSES the goal."
	}
	fmt.Println(verdict)
	if o.verdict != "" {
		if f, err := os.OpenFile(o.verdict, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintln(f, verdict)
			f.Close()
		}
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

// order is one placed order and the ticket that opens its streams.
type order struct {
	id     int64
	ticket string
}

// step is one call that moves an order, and the key of the event it causes.
type step struct {
	key  string
	post func(orderID int64) error
}

// bench holds the open streams' shared state.
type bench struct {
	host     string
	mu       sync.Mutex
	pending  map[string]time.Time // "orderID|event key" → when the call that causes it was sent
	lat      []time.Duration
	got      atomic.Int64
	broken   atomic.Int64
	firstErr atomic.Value
}

func (b *bench) fail(err error) {
	b.broken.Add(1)
	b.firstErr.CompareAndSwap(nil, err)
}

// open opens perOrder streams on every order, openers at a time, and
// returns once each has answered 200 (or the first failure).
func (b *bench) open(ctx context.Context, orders []order, perOrder, openers int) error {
	sem := make(chan struct{}, openers)
	var wg sync.WaitGroup
	var failed atomic.Value
	for _, o := range orders {
		for range perOrder {
			if failed.Load() != nil {
				break
			}
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				ready := make(chan error, 1)
				go b.stream(ctx, o, ready)
				if err := <-ready; err != nil {
					failed.CompareAndSwap(nil, err)
				}
				<-sem
				wg.Done()
			}()
		}
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		return fmt.Errorf("opening the streams: %w", err)
	}
	return nil
}

// stream opens one order stream and reads it until ctx ends, timing each
// event the bench is waiting for.
func (b *bench) stream(ctx context.Context, o order, ready chan<- error) {
	conn, err := net.DialTimeout("tcp", b.host, 10*time.Second)
	if err != nil {
		ready <- err
		return
	}
	defer conn.Close()
	go func() { <-ctx.Done(); conn.Close() }()
	_, err = fmt.Fprintf(conn, "GET /api/v3/orders/stream?id=%d&ticket=%s HTTP/1.1\r\nHost: %s\r\n"+
		"Accept: text/event-stream\r\nAccept-Language: en-US\r\n\r\n", o.id, o.ticket, b.host)
	if err != nil {
		ready <- err
		return
	}
	br := bufio.NewReaderSize(conn, 1024)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		ready <- err
		return
	}
	if res.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		ready <- fmt.Errorf("stream of order %d: %d %s", o.id, res.StatusCode, body)
		return
	}
	ready <- nil
	// res.Body undoes the chunked encoding.
	lines := bufio.NewReaderSize(res.Body, 1024)
	prefix := strconv.FormatInt(o.id, 10) + "|"
	var kind, data string
	for {
		line, err := lines.ReadString('\n')
		if err != nil {
			if ctx.Err() == nil {
				b.fail(fmt.Errorf("stream of order %d ended: %w", o.id, err))
			}
			return
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			kind = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			data = line[len("data: "):]
		case line == "":
			if kind != "" {
				b.arrived(prefix+eventKey(kind, data), time.Now())
			}
			kind, data = "", ""
		}
	}
}

// eventKey names an event as the bench's calls expect it: a status event
// by its status, a driver event by its latitude.
func eventKey(kind, data string) string {
	var p struct {
		Status string  `json:"status"`
		Lat    float64 `json:"lat"`
	}
	_ = json.Unmarshal([]byte(data), &p)
	switch kind {
	case "status":
		return "status:" + p.Status
	case "driver":
		return fmt.Sprintf("driver:%.6f", p.Lat)
	}
	return kind
}

func (b *bench) arrived(key string, at time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if t, ok := b.pending[key]; ok {
		b.lat = append(b.lat, at.Sub(t))
		b.got.Add(1)
	}
}

func (b *bench) expect(key string, at time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending[key] = at
}

func (b *bench) latencies() []time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := slices.Clone(b.lat)
	slices.Sort(out)
	return out
}

// move runs every step on every order, step by step, at rate calls a
// second in all; it returns how many calls failed.
func (b *bench) move(orders []order, steps []step, rate float64) int64 {
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	var wg sync.WaitGroup
	var failed atomic.Int64
	for _, s := range steps {
		for _, o := range orders {
			<-tick.C
			wg.Add(1)
			go func() {
				defer wg.Done()
				b.expect(strconv.FormatInt(o.id, 10)+"|"+s.key, time.Now())
				if err := s.post(o.id); err != nil {
					failed.Add(1)
					b.firstErr.CompareAndSwap(nil, err)
				}
			}()
		}
		wg.Wait() // an order's next step only after its last one
	}
	return failed.Load()
}

// steps are an order's life after payment: accepted, on its way, moves
// driver positions, delivered.
func (c *client) steps(manager, driver string, moves int) []step {
	transition := func(status string, extra map[string]any) step {
		return step{
			key: "status:" + status,
			post: func(id int64) error {
				d := map[string]any{"business_slug": "demo-burgers", "order_id": id, "status": status}
				for k, v := range extra {
					d[k] = v
				}
				return c.call("admin/orders/transition", manager, map[string]any{"data": d}, nil)
			},
		}
	}
	out := []step{transition("accepted", map[string]any{"eta_minutes": 25}), transition("on_the_way", nil)}
	for m := range moves {
		lat := 51.5136 + 0.0007*float64(m)
		out = append(out, step{
			key: fmt.Sprintf("driver:%.6f", lat),
			post: func(id int64) error {
				return c.call("driver/location", driver, map[string]any{"data": map[string]any{
					"business_slug": "demo-burgers", "order_id": id, "lat": lat, "lng": -0.1365}}, nil)
			},
		})
	}
	return append(out, transition("delivered", nil))
}

// memory is one reading of the server's memory; -1: not read.
type memory struct{ rss, hwm, heap, stack, goroutines int64 }

func (m memory) String() string {
	return fmt.Sprintf("VmRSS %d KiB, VmHWM %d KiB, Go heap in use %d KiB, stacks %d KiB, %d goroutines",
		m.rss/1024, m.hwm/1024, m.heap/1024, m.stack/1024, m.goroutines)
}

func readMemory(o options) memory {
	m := memory{-1, -1, -1, -1, -1}
	if o.pid > 0 {
		if raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", o.pid)); err == nil {
			for _, line := range strings.Split(string(raw), "\n") {
				f := strings.Fields(line)
				if len(f) < 2 {
					continue
				}
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				switch f[0] {
				case "VmRSS:":
					m.rss = kb * 1024
				case "VmHWM:":
					m.hwm = kb * 1024
				}
			}
		}
	}
	if o.metrics != "" {
		if res, err := http.Get(o.metrics); err == nil {
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			for _, line := range strings.Split(string(raw), "\n") {
				f := strings.Fields(line)
				if len(f) != 2 {
					continue
				}
				v, _ := strconv.ParseFloat(f[1], 64)
				switch f[0] {
				case "go_memstats_heap_inuse_bytes":
					m.heap = int64(v)
				case "go_memstats_stack_inuse_bytes":
					m.stack = int64(v)
				case "go_goroutines":
					m.goroutines = int64(v)
				}
			}
		}
	}
	return m
}

type client struct {
	base string
	http *http.Client
}

// call posts one envelope call and decodes data into out.
func (c *client) call(path, token string, body, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, c.base+"/api/v3/"+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err = io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %d %s", path, res.StatusCode, raw)
	}
	if out == nil {
		return nil
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return err
	}
	return json.Unmarshal(env.Data, out)
}

func (c *client) signIn(email string) (string, error) {
	var s struct {
		Token string `json:"token"`
	}
	err := c.call("auth/signin", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers",
		"email": email, "password": "Platter-demo-1"}}, &s)
	return s.Token, err
}

// plainItem is an available delivery item of soho without modifiers, and
// how many of it make the £10 minimum.
func (c *client) plainItem() (id int64, qty int, err error) {
	var menu struct {
		Items []struct {
			ID          int64   `json:"id"`
			Price       int64   `json:"price"`
			IsAvailable bool    `json:"is_available"`
			Mods        []int64 `json:"modifier_category_ids"`
		} `json:"items"`
	}
	if err := c.call("menu/list", "", map[string]any{"filter": map[string]any{"business_slug": "demo-burgers",
		"venue_slug": "soho", "order_type": 0}}, &menu); err != nil {
		return 0, 0, err
	}
	for _, it := range menu.Items {
		if it.IsAvailable && len(it.Mods) == 0 && it.Price > 0 {
			return it.ID, int(1500/it.Price) + 1, nil
		}
	}
	return 0, 0, errors.New("soho has no item without modifiers")
}

// placeOrders has guests each place and pay perGuest ASAP delivery orders
// (n in all) and take a stream ticket for each, eight orders at a time.
func (c *client) placeOrders(n, perGuest int, item int64, qty int) ([]order, error) {
	tokens := make([]string, (n+perGuest-1)/perGuest)
	for i := range tokens {
		var g struct {
			Token string `json:"token"`
		}
		if err := c.call("auth/guest", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}}, &g); err != nil {
			return nil, err
		}
		tokens[i] = g.Token
	}
	out := make([]order, n)
	var wg sync.WaitGroup
	var firstErr atomic.Value
	sem := make(chan struct{}, 8)
	stamp := time.Now().UnixNano()
	for i := range n {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			o, err := c.placeOrder(tokens[i/perGuest], item, qty, fmt.Sprintf("streams-%d-%d", stamp, i))
			if err != nil {
				firstErr.CompareAndSwap(nil, err)
				return
			}
			out[i] = o
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return nil, fmt.Errorf("placing the orders: %w", err)
	}
	return out, nil
}

func (c *client) placeOrder(token string, item int64, qty int, key string) (order, error) {
	var p struct {
		Order struct {
			ID int64 `json:"id"`
		} `json:"order"`
	}
	err := c.call("orders/prepare", token, map[string]any{"data": map[string]any{
		"business_slug": "demo-burgers", "venue_slug": "soho", "idempotency_key": key, "order_type": 0,
		"is_asap": true, "items": []any{map[string]any{"item_id": item, "qty": qty}},
		"user_email": "streams@example.com", "user_contact_number": "+447911123456", "first_name": "Bench",
		"delivery_address": map[string]any{"name": "Home", "line1": "10 Gower Street", "city": "London",
			"postcode": "WC1E 6HA", "country": "GB", "contact_number": "+447911123456",
			"email": "streams@example.com", "latitude": 51.5215, "longitude": -0.1318},
	}}, &p)
	if err != nil {
		return order{}, err
	}
	err = c.call("payments/confirm", token, map[string]any{"data": map[string]any{"order_id": p.Order.ID,
		"card": map[string]any{"number": "4242 4242 4242 4242", "exp_month": 12, "exp_year": 2039, "cvc": "123",
			"name": "Bench Eater"}}}, nil)
	if err != nil {
		return order{}, err
	}
	var t struct {
		Ticket string `json:"ticket"`
	}
	if err := c.call("orders/stream-ticket", token, map[string]any{"data": map[string]any{"id": p.Order.ID}}, &t); err != nil {
		return order{}, err
	}
	return order{id: p.Order.ID, ticket: t.Ticket}, nil
}
