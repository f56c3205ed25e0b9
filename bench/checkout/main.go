// Command checkout is a load driver for whole checkouts against a running
// `platter serve` with the demo data: N customers, each a guest, run
// orders/quote, orders/prepare and payments/confirm (sandbox card 4242…)
// back to back for a while; it prints checkouts/s and the p50/p99 of one
// whole checkout, and with -results appends them to bench/RESULTS.md.
//
// Orders are pre-orders for 13:00 tomorrow in London at demo-burgers/soho,
// so the run does not depend on the venue being open now.
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
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "the server")
	customers := flag.Int("customers", 8, "concurrent customers")
	duration := flag.Duration("duration", 20*time.Second, "how long to run")
	label := flag.String("label", "", "what the run measured (database, machine), for -results")
	results := flag.String("results", "", "append a row to this RESULTS.md")
	flag.Parse()
	if err := run(*base, *customers, *duration, *label, *results); err != nil {
		fmt.Fprintln(os.Stderr, "checkout bench:", err)
		os.Exit(1)
	}
}

func run(base string, customers int, duration time.Duration, label, results string) error {
	c := &client{base: base, http: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: customers * 2}}}
	item, err := c.cheapItem()
	if err != nil {
		return err
	}
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		return err
	}
	day := time.Now().In(london).AddDate(0, 0, 1)
	slot := time.Date(day.Year(), day.Month(), day.Day(), 13, 0, 0, 0, london).Format(time.RFC3339)

	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		lat      []time.Duration
		failures atomic.Int64
		firstErr atomic.Value
	)
	deadline := time.Now().Add(duration)
	start := time.Now()
	for w := range customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			token, err := c.guest()
			if err != nil {
				failures.Add(1)
				firstErr.CompareAndSwap(nil, err)
				return
			}
			for n := 0; time.Now().Before(deadline); n++ {
				t0 := time.Now()
				err := c.checkout(token, item, slot, fmt.Sprintf("bench-%d-%d-%d", start.UnixNano(), w, n))
				d := time.Since(t0)
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
	wg.Wait()
	elapsed := time.Since(start)
	if len(lat) == 0 {
		return fmt.Errorf("no checkout succeeded: %v", firstErr.Load())
	}
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	rate := float64(len(lat)) / elapsed.Seconds()
	row := fmt.Sprintf("| %s | %d | %s | %d | %d | %.1f | %.2f | %.2f |", label, customers, duration, len(lat),
		failures.Load(), rate, pct(0.50), pct(0.99))
	fmt.Println("| run | customers | duration | checkouts | failed | checkouts/s | p50 ms | p99 ms |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	fmt.Println(row)
	if e := firstErr.Load(); e != nil {
		fmt.Fprintln(os.Stderr, "first failure:", e)
	}
	if results == "" {
		return nil
	}
	f, err := os.OpenFile(results, os.O_APPEND|os.O_WRONLY, 0)
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
}

// call posts one envelope call and decodes data into out.
func (c *client) call(path, token string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequest(http.MethodPost, c.base+"/api/v3/"+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Client", "source=ios;version=2.1")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %d %s", path, res.StatusCode, raw)
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(env.Data, out)
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
	if err := c.call("menu/list", "", map[string]any{"filter": map[string]any{"business_slug": "demo-burgers",
		"venue_slug": "soho", "order_type": 1}}, &menu); err != nil {
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
	err := c.call("auth/guest", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}}, &s)
	return s.Token, err
}

// checkout is one whole checkout: quote, prepare, pay.
func (c *client) checkout(token string, item int64, slot, key string) error {
	d := map[string]any{"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1,
		"is_asap": false, "preorder_for": slot, "user_email": "bench@example.com", "tip_percent": 10,
		"items": []any{map[string]any{"item_id": item, "qty": 4}}}
	var q struct {
		CanOrder bool  `json:"can_order"`
		Problems []any `json:"problems"`
	}
	if err := c.call("orders/quote", token, map[string]any{"data": d}, &q); err != nil {
		return err
	}
	if !q.CanOrder {
		return fmt.Errorf("quote: the basket cannot be ordered: %v", q.Problems)
	}
	d["idempotency_key"] = key
	var p struct {
		Order struct {
			ID int64 `json:"id"`
		} `json:"order"`
	}
	if err := c.call("orders/prepare", token, map[string]any{"data": d}, &p); err != nil {
		return err
	}
	var o struct {
		PaymentStatus string `json:"payment_status"`
	}
	err := c.call("payments/confirm", token, map[string]any{"data": map[string]any{"order_id": p.Order.ID,
		"card": map[string]any{"number": "4242 4242 4242 4242", "exp_month": 12, "exp_year": 2039, "cvc": "123"}}}, &o)
	if err == nil && o.PaymentStatus != "paid" {
		err = fmt.Errorf("confirm: payment %s", o.PaymentStatus)
	}
	return err
}
