package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestBackupWhileServing: `platter backup` copies a SQLite database while a
// server takes paid orders on it; the copy passes SQLite's integrity check,
// holds no order without its lines or its payment, and a server started on
// it (the restore) serves those orders. A second backup to the same file is
// refused, and a PostgreSQL database is sent to pg_dump.
func TestBackupWhileServing(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := platterBinary(t)
	dbURL := databaseURL(t, store.SQLite)
	env := append(os.Environ(), "PLATTER_DATABASE_URL="+dbURL, "PLATTER_ADDR=127.0.0.1:0",
		"PLATTER_METRICS_ADDR=off", "PLATTER_CLOCK=2026-11-23T12:00:00Z")
	if err := run(context.Background(), []string{"demo"}, envMap(env), io.Discard, io.Discard); err != nil {
		t.Fatalf("demo: %v", err)
	}
	srv := startChild(t, bin, env)
	guest := apiCall(t, srv.base, "auth/guest", "", map[string]any{"data": map[string]any{"business_slug": "demo-burgers"}})
	token := guest["token"].(string)

	// Orders keep coming while the copy is made.
	var placed atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			orderAndPay(t, srv.base, token, fmt.Sprintf("backup-%d", i))
			placed.Add(1)
		}
	}()
	waitFor(t, "the first orders", func() bool { return placed.Load() >= 3 })
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	backup := func() ([]byte, error) {
		cmd := exec.Command(bin, "backup", copyPath)
		cmd.Env = env
		return cmd.CombinedOutput()
	}
	out, err := backup()
	if err != nil || !strings.Contains(string(out), "backed up to") {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	before := placed.Load()
	waitFor(t, "orders after the copy", func() bool { return placed.Load() >= before+2 })
	close(stop)
	wg.Wait()
	out, err = backup()
	if err == nil || !strings.Contains(string(out), "already exists") {
		t.Errorf("a second backup over the first: %v\n%s", err, out)
	}

	cp, err := store.Open(context.Background(), "sqlite:"+copyPath)
	if err != nil {
		t.Fatal(err)
	}
	var orders, lonely, unpaid int
	var lastPaid sql.NullInt64
	q := func(sql string, dst *int) {
		if err := cp.SQL().QueryRow(sql).Scan(dst); err != nil {
			t.Fatal(err)
		}
	}
	q("SELECT count(*) FROM orders", &orders)
	q("SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)", &lonely)
	q("SELECT count(*) FROM orders WHERE payment_status <> 'paid'", &unpaid)
	if err := cp.SQL().QueryRow("SELECT max(id) FROM orders WHERE payment_status = 'paid'").Scan(&lastPaid); err != nil ||
		!lastPaid.Valid {
		t.Fatalf("no paid order in the copy: %v", err)
	}
	cp.Close()
	if orders < 3 || orders >= int(placed.Load()) {
		t.Errorf("the copy holds %d orders; want the 3 or more placed before it and not the %d placed by the end",
			orders, placed.Load())
	}
	if lonely != 0 {
		t.Errorf("%d orders in the copy have no lines", lonely)
	}
	t.Logf("copy: %d of %d orders; %d not yet paid when copied", orders, placed.Load(), unpaid)

	// Restore: a server on the copy answers for the orders it holds.
	restored := startChild(t, bin, append(os.Environ(), "PLATTER_DATABASE_URL=sqlite:"+copyPath,
		"PLATTER_ADDR=127.0.0.1:0", "PLATTER_METRICS_ADDR=off", "PLATTER_CLOCK=2026-11-23T12:00:00Z"))
	res, err := http.Get(restored.base + "/readyz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("restored server not ready: %v %v", res, err)
	}
	res.Body.Close()
	got := apiCall(t, restored.base, "orders/get", token, map[string]any{"filter": map[string]any{"id": lastPaid.Int64}})
	if got["payment_status"] != "paid" {
		t.Errorf("restored orders/get %d (the guest's session came with the copy): %v", lastPaid.Int64, got)
	}

	if pg := os.Getenv(storetest.PostgresEnv); pg != "" {
		cmd := exec.Command(bin, "backup", filepath.Join(t.TempDir(), "pg.db"))
		cmd.Env = append(os.Environ(), "PLATTER_DATABASE_URL="+databaseURL(t, store.Postgres))
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "pg_dump") {
			t.Errorf("backup of PostgreSQL: %v\n%s", err, out)
		}
	}
}

// orderAndPay places one pickup order of Cheesy Fries at soho and pays it.
func orderAndPay(t *testing.T, base, token, key string) {
	t.Helper()
	menu := apiCall(t, base, "menu/list", "", map[string]any{"filter": map[string]any{
		"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1}})
	var fries float64
	for _, it := range menu["items"].([]any) {
		if m := it.(map[string]any); m["title"] == "Cheesy Fries" {
			fries = m["id"].(float64)
		}
	}
	prep := apiCall(t, base, "orders/prepare", token, map[string]any{"data": map[string]any{
		"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1, "is_asap": true,
		"idempotency_key": key, "user_email": "ann@example.test", "first_name": "Ann",
		"items": []any{map[string]any{"item_id": fries, "qty": 1}}}})
	id := prep["order"].(map[string]any)["id"].(float64)
	apiCall(t, base, "payments/confirm", token, map[string]any{"data": map[string]any{"order_id": id,
		"card": map[string]any{"number": "4242424242424242", "exp_month": 12, "exp_year": 2030, "cvc": "123"}}})
}
