package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"platter/internal/store/storetest"
)

// TestPostgresRestartUnderLoad: two `platter serve` instances take paid
// orders on a PostgreSQL server of the test's own, which is stopped and
// started again while they do. While it is down every call answers 503
// with code 1503 and Retry-After (never 500) and /readyz says 503; once it
// is back both instances serve again without a restart of their own, an
// event crosses between them again (their LISTEN connection came back),
// and every order and payment they acknowledged is in the database.
func TestPostgresRestartUnderLoad(t *testing.T) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		t.Skip("needs PostgreSQL: set " + storetest.PostgresEnv)
	}
	t.Parallel()
	bin := platterBinary(t)
	pg := startCluster(t)
	env := append(os.Environ(), "PLATTER_DATABASE_URL="+pg.url, "PLATTER_ADDR=127.0.0.1:0",
		"PLATTER_METRICS_ADDR=off", "PLATTER_CLOCK=2026-11-23T12:00:00Z", "PLATTER_UNPAID_ORDERS_MAX=1000")
	if err := run(context.Background(), []string{"demo"}, envMap(env), io.Discard, io.Discard); err != nil {
		t.Fatalf("demo: %v", err)
	}
	a, b := startChild(t, bin, env), startChild(t, bin, env)
	fries := friesID(t, a.base)

	var (
		mu       sync.Mutex
		acked    = map[string]float64{} // idempotency key → order id, prepare answered 200
		paid     = map[float64]bool{}   // order id → payments/confirm answered 200
		charging = map[float64]bool{}   // order id → 3054 after a 1503: claimed, its answer not recorded
		refused  = map[string]int{}     // instance → 1503 answers
		wrong    []string               // any other failure
		done     atomic.Int64
	)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		base := []string{a.base, b.base}[w%2]
		token := apiCall(t, base, "auth/guest", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}})["token"].(string)
		wg.Add(1)
		go func() {
			defer wg.Done()
			// call retries one call, as a client would, until it is answered
			// 200; it is false when the test is over or the answer is wrong.
			call := func(path string, body any) (map[string]any, bool) {
				for {
					select {
					case <-stop:
						return nil, false
					default:
					}
					status, code, retry, data, raw := post(base, path, token, body)
					switch {
					case status == 200:
						return data, true
					case status == 422 && code == 3054 && path == "payments/confirm":
						// The first try claimed the order and the database went
						// away before the charge's answer was recorded: the claim
						// holds for ordering.PaymentLease, then a card may be tried
						// again. A customer is told the payment is under way.
						mu.Lock()
						charging[body.(map[string]any)["data"].(map[string]any)["order_id"].(float64)] = true
						mu.Unlock()
						return nil, false
					case status == 503 && code == 1503 && retry != "":
						mu.Lock()
						refused[base]++
						mu.Unlock()
						time.Sleep(50 * time.Millisecond) // the client's back-off
					default:
						mu.Lock()
						wrong = append(wrong, fmt.Sprintf("%s %s: %d %s", base, path, status, raw))
						mu.Unlock()
						return nil, false
					}
				}
			}
			for i := 0; ; i++ {
				key := fmt.Sprintf("restart-%d-%d", w, i)
				prep, ok := call("orders/prepare", map[string]any{"data": map[string]any{
					"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1, "is_asap": true,
					"idempotency_key": key, "user_email": "ann@example.test", "first_name": "Ann",
					"items": []any{map[string]any{"item_id": fries, "qty": 1}}}})
				if !ok {
					return
				}
				id := prep["order"].(map[string]any)["id"].(float64)
				mu.Lock()
				acked[key] = id
				mu.Unlock()
				if _, ok := call("payments/confirm", map[string]any{"data": map[string]any{"order_id": id,
					"card": map[string]any{"number": "4242424242424242", "exp_month": 12, "exp_year": 2030, "cvc": "123"}}}); !ok {
					mu.Lock()
					stuck := charging[id]
					mu.Unlock()
					if stuck {
						continue
					}
					return
				}
				mu.Lock()
				paid[id] = true
				mu.Unlock()
				done.Add(1)
			}
		}()
	}
	finish := func() {
		close(stop)
		wg.Wait()
	}
	defer func() {
		select {
		case <-stop:
		default:
			finish()
		}
	}()
	within(t, 60*time.Second, "the first paid orders", func() bool { return done.Load() >= 8 })

	pg.ctl(t, "stop", "-m", "fast")
	within(t, 60*time.Second, "1503 from both instances and /readyz 503", func() bool {
		mu.Lock()
		n := min(refused[a.base], refused[b.base])
		mu.Unlock()
		return n >= 3 && status(a.base+"/readyz") == 503 && status(b.base+"/readyz") == 503
	})
	before := done.Load()
	pg.ctl(t, "start")
	within(t, 90*time.Second, "paid orders again on both instances", func() bool {
		return done.Load() >= before+8 && status(a.base+"/readyz") == 200 && status(b.base+"/readyz") == 200
	})
	finish()
	if len(wrong) > 0 {
		t.Errorf("answers other than 200 and 1503 (%d), first: %s", len(wrong), wrong[0])
	}
	t.Logf("%d orders acknowledged, %d paid, %d with a charge under way; 1503 answers: %d and %d",
		len(acked), len(paid), len(charging), refused[a.base], refused[b.base])

	// Nothing acknowledged is lost: each prepare's order, under its key,
	// and each confirmed payment.
	db, err := sql.Open("pgx", pg.url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for key, id := range acked {
		var got float64
		var payment string
		err := db.QueryRow("SELECT id, payment_status FROM orders WHERE idempotency_key = $1", key).Scan(&got, &payment)
		if err != nil || got != id {
			t.Errorf("order %v (key %s) acknowledged: in the database %v, %v", id, key, got, err)
		} else if paid[id] && payment != "paid" {
			t.Errorf("order %v was confirmed paid; its payment status is %q", id, payment)
		} else if charging[id] && payment != "processing" && payment != "paid" {
			t.Errorf("order %v answered 3054 (a charge under way); its payment status is %q", id, payment)
		}
	}

	// The LISTEN connections came back: an order accepted through one
	// instance reaches a stream on the other.
	token := apiCall(t, a.base, "auth/guest", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}})["token"].(string)
	order := placePaidOrder(t, a.base, token)
	ticket := apiCall(t, a.base, "orders/stream-ticket", token, map[string]any{"data": map[string]any{"id": order}})
	res, err := http.Get(b.base + ticket["url"].(string))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("stream on the second instance: %v %v", res, err)
	}
	defer res.Body.Close()
	lines := streamLines(res.Body)
	waitLine(t, lines, `"payment_status":"paid"`, 10*time.Second)
	manager := apiCall(t, a.base, "auth/signin", "", map[string]any{"data": map[string]any{
		"business_slug": "demo-burgers", "email": "manager@demo.test", "password": "Platter-demo-1"}})
	apiCall(t, a.base, "admin/orders/transition", manager["token"].(string), map[string]any{"data": map[string]any{
		"order_id": order, "status": "accepted", "eta_minutes": 20}})
	waitLine(t, lines, `"status":"accepted"`, 15*time.Second)
}

// post makes one envelope call and returns its status, code, Retry-After,
// data and raw body; a transport error is status 0.
func post(base, path, token string, body any) (int, int, string, map[string]any, string) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, base+"/api/v3/"+path, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, 0, "", nil, err.Error()
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var env struct {
		Code int            `json:"code"`
		Data map[string]any `json:"data"`
	}
	_ = json.Unmarshal(raw, &env)
	return res.StatusCode, env.Code, res.Header.Get("Retry-After"), env.Data, string(raw)
}

// friesID is the id of Cheesy Fries on soho's pickup menu.
func friesID(t *testing.T, base string) float64 {
	t.Helper()
	menu := apiCall(t, base, "menu/list", "", map[string]any{"filter": map[string]any{
		"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1}})
	for _, it := range menu["items"].([]any) {
		if m := it.(map[string]any); m["title"] == "Cheesy Fries" {
			return m["id"].(float64)
		}
	}
	t.Fatal("no Cheesy Fries on the menu")
	return 0
}

// within waits until ok, polling, or fails the test after limit.
func within(t *testing.T, limit time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", limit, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// cluster is a PostgreSQL server of the test's own (initdb in a temporary
// directory), so that stopping it disturbs no other test.
type cluster struct {
	dir, bin, url, port string
}

func startCluster(t *testing.T) *cluster {
	t.Helper()
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		t.Fatal("no initdb under /usr/lib/postgresql: the PostgreSQL server package is needed")
	}
	dir, err := os.MkdirTemp("", "platter-pg-")
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{dir: dir, bin: filepath.Dir(found[len(found)-1])}
	c.port = strings.TrimPrefix(closedAddr(t), "127.0.0.1:")
	c.url = "postgres://postgres@127.0.0.1:" + c.port + "/postgres?sslmode=disable"
	if os.Geteuid() == 0 { // PostgreSQL refuses to run as root
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatal(err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		_ = c.command("pg_ctl", "-D", c.dir, "-m", "immediate", "stop").Run()
		_ = os.RemoveAll(c.dir)
	})
	if out, err := c.command("initdb", "-D", filepath.Join(dir, "data"), "-U", "postgres", "--auth=trust", "-N").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	c.dir = filepath.Join(dir, "data")
	c.ctl(t, "start")
	return c
}

func (c *cluster) command(name string, args ...string) *exec.Cmd {
	if os.Geteuid() == 0 {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", filepath.Join(c.bin, name)}, args...)...)
	}
	return exec.Command(filepath.Join(c.bin, name), args...)
}

// ctl runs pg_ctl start or stop and waits for it to finish.
func (c *cluster) ctl(t *testing.T, verb string, args ...string) {
	t.Helper()
	args = append([]string{"-D", c.dir, "-w", "-t", "120", "-l", filepath.Join(filepath.Dir(c.dir), "log"),
		"-o", "-p " + c.port + " -k " + filepath.Dir(c.dir) + " -c listen_addresses=127.0.0.1 -c fsync=off"}, args...)
	if out, err := c.command("pg_ctl", append(args, verb)...).CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(filepath.Dir(c.dir), "log"))
		t.Fatalf("pg_ctl %s: %v\n%s\n%s", verb, err, out, log)
	}
}
