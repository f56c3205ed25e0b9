package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestTransitionReachesAStreamOnAnotherInstance: two `platter serve`
// processes on one PostgreSQL database; a customer's stream is open on
// the second while the manager accepts the order through the first. The
// event crosses through LISTEN/NOTIFY and reaches the stream within 1 s.
func TestTransitionReachesAStreamOnAnotherInstance(t *testing.T) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		t.Skip("needs PostgreSQL: set " + storetest.PostgresEnv)
	}
	t.Parallel()
	bin := platterBinary(t)
	dbURL := databaseURL(t, store.Postgres)
	// Monday noon in London: the demo venues are open for ASAP orders.
	env := append(os.Environ(), "PLATTER_DATABASE_URL="+dbURL, "PLATTER_ADDR=127.0.0.1:0",
		"PLATTER_METRICS_ADDR=off", "PLATTER_CLOCK=2026-11-23T12:00:00Z")
	if err := run(context.Background(), []string{"demo"}, envMap(env), io.Discard, io.Discard); err != nil {
		t.Fatalf("demo: %v", err)
	}
	a := startChild(t, bin, env)
	b := startChild(t, bin, env)

	guest := apiCall(t, a.base, "auth/guest", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}})
	token := guest["token"].(string)
	order := placePaidOrder(t, a.base, token)
	ticket := apiCall(t, a.base, "orders/stream-ticket", token, map[string]any{"data": map[string]any{"id": order}})

	req, _ := http.NewRequest(http.MethodGet, b.base+ticket["url"].(string), nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("stream on the second instance: %v %v", res, err)
	}
	defer res.Body.Close()
	lines := streamLines(res.Body)
	waitLine(t, lines, `"payment_status":"paid"`, 5*time.Second) // the history: created, paid

	manager := apiCall(t, a.base, "auth/signin", "", map[string]any{"data": map[string]any{
		"business_slug": "demo-burgers", "email": "manager@demo.test", "password": "Platter-demo-1"}})
	began := time.Now()
	apiCall(t, a.base, "admin/orders/transition", manager["token"].(string), map[string]any{"data": map[string]any{
		"order_id": order, "status": "accepted", "eta_minutes": 20}})
	waitLine(t, lines, `"status":"accepted"`, time.Second)
	t.Logf("transition on one instance → stream on the other: %s (including the call)", time.Since(began))
}

// placePaidOrder orders Cheesy Fries for pickup at soho, ASAP, and pays
// with the sandbox's succeeding card.
func placePaidOrder(t *testing.T, base, token string) float64 {
	t.Helper()
	var fries float64
	menu := apiCall(t, base, "menu/list", "", map[string]any{"filter": map[string]any{
		"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1}})
	for _, it := range menu["items"].([]any) {
		if m := it.(map[string]any); m["title"] == "Cheesy Fries" {
			fries = m["id"].(float64)
		}
	}
	prep := apiCall(t, base, "orders/prepare", token, map[string]any{"data": map[string]any{
		"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1, "is_asap": true,
		"idempotency_key": "two-instances-1", "user_email": "ann@example.test", "first_name": "Ann",
		"items": []any{map[string]any{"item_id": fries, "qty": 1}}}})
	id := prep["order"].(map[string]any)["id"].(float64)
	apiCall(t, base, "payments/confirm", token, map[string]any{"data": map[string]any{"order_id": id,
		"card": map[string]any{"number": "4242424242424242", "exp_month": 12, "exp_year": 2030, "cvc": "123"}}})
	return id
}

// apiCall posts an envelope call and returns its data, failing on an error.
func apiCall(t *testing.T, base, path, token string, body any) map[string]any {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, base+"/api/v3/"+path, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var env struct {
		Data map[string]any `json:"data"`
	}
	if res.StatusCode != 200 || json.Unmarshal(raw, &env) != nil {
		t.Fatalf("%s: %d %s", path, res.StatusCode, raw)
	}
	return env.Data
}

// streamLines hands on the lines of a stream as they come, closed at its end.
func streamLines(body io.Reader) <-chan string {
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return lines
}

// waitLine waits for a stream line containing want.
func waitLine(t *testing.T, lines <-chan string, want string, within time.Duration) {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the stream ended before %s", want)
			}
			if strings.Contains(l, want) {
				return
			}
		case <-deadline:
			t.Fatalf("no %s within %s", want, within)
		}
	}
}
