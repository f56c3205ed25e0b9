package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// addPrinter adds a printer of kind to soho as the manager and returns its
// answer (id, url).
func addPrinter(t *testing.T, f *permFixture, name, kind string) map[string]any {
	t.Helper()
	res := f.e.call("admin/printers/upsert", data("business_slug", "demo-burgers", "venue_slug", "soho", "name", name,
		"kind", kind), f.auth(manager)...)
	d := res.data(t)
	if !strings.Contains(fmt.Sprint(d["url"]), "/api/v3/printers/") {
		t.Fatalf("upsert: %s", res.Raw)
	}
	return d
}

func reprint(t *testing.T, f *permFixture, k kind, order int64) *response {
	t.Helper()
	return f.e.call("admin/orders/reprint", data("business_slug", "demo-burgers", "order_id", order), f.auth(k)...)
}

func orderNumber(t *testing.T, f *permFixture, id int64) string {
	t.Helper()
	d := f.e.call("orders/get", filter("id", id), f.auth(manager)...).data(t)
	return fmt.Sprintf("ORDER #%d", int64(num(d["order_number"])))
}

// TestCloudPRNTPrintsOnce: a Star printer on a network that loses every
// third answer prints an accepted order's ticket exactly once (the poll
// before the accept has nothing for it); a reprint prints one copy more;
// a confirmed job is never handed out again; an order never accepted has
// no ticket.
func TestCloudPRNTPrintsOnce(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		p := newStar(t, f.e, addPrinter(t, f, "Pass", "star_cloudprnt")["url"].(string), 3)
		p.tick = func() { f.clk.Add(time.Second) }
		if n := p.run(); n != 0 {
			t.Fatalf("printed %d before any order was accepted", n)
		}
		pending := f.paidOrder(1)
		if n := p.run(); n != 0 {
			t.Errorf("printed %d tickets of an order not yet accepted", n)
		}
		if res := reprint(t, f, manager, pending); res.Status != 409 || int(num(res.Body["code"])) != 3060 {
			t.Errorf("reprint of a pending order: %s", res.Raw)
		}
		id := f.acceptedOrder()
		if n := p.run(); n != 1 || !strings.Contains(p.printed[0], orderNumber(t, f, id)) {
			t.Fatalf("accept printed %d tickets: %q", n, p.printed)
		}
		if strings.Contains(p.printed[0], "COPY") {
			t.Error("the first ticket is marked as a copy")
		}
		if d := reprint(t, f, venueStaf, id).data(t); num(d["jobs"]) != 1 {
			t.Errorf("reprint: %v", d)
		}
		if n := p.run(); n != 1 || !strings.Contains(p.printed[1], "*** COPY ***") {
			t.Fatalf("reprint printed %d tickets: %q", n, p.printed)
		}
		if n := p.run(); n != 0 {
			t.Errorf("%d tickets printed again after their confirmation", n)
		}
		if got := count(t, db, "SELECT COUNT(*) FROM print_jobs WHERE order_id = ? AND status = 'printed'", id); got != 2 {
			t.Errorf("%d jobs printed, want 2", got)
		}
		if p.client.Transport.(*lossy).dropped == 0 {
			t.Error("the network lost no answer: the test proved nothing")
		}
	})
}

// TestCloudPRNTDuplicatePolls: polls arriving together (a printer that
// repeats itself) are all offered the same single job; once confirmed it
// is gone for each of them, and a failed print (paper out) leaves it
// waiting for the next poll.
func TestCloudPRNTDuplicatePolls(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		p := newStar(t, f.e, addPrinter(t, f, "Pass", "star_cloudprnt")["url"].(string), 0)
		id := f.acceptedOrder()
		tokens := make([]string, 8)
		var wg sync.WaitGroup
		for i := range tokens {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tokens[i], _ = p.poll()
			}()
		}
		wg.Wait()
		for _, tk := range tokens {
			if tk == "" || tk != tokens[0] {
				t.Fatalf("concurrent polls were offered %q", tokens)
			}
		}
		// The paper runs out mid-ticket: the job stays, the status shows.
		if _, found := p.fetch(tokens[0]); !found {
			t.Fatal("the job offered is not found")
		}
		p.confirm(tokens[0], "410 Out of paper")
		p.status = "410 Out of paper"
		if tk, ready := p.poll(); !ready || tk != tokens[0] {
			t.Fatalf("after a failed print the poll offers %q %v", tk, ready)
		}
		list := f.e.call("admin/printers/list", filter("business_slug", "demo-burgers", "venue_slug", "soho"),
			f.auth(venueStaf)...).dataList(t)
		if pr := list[0].(map[string]any); pr["paper_out"] != true || pr["online"] != true || num(pr["pending_jobs"]) != 1 ||
			pr["url"] != nil {
			t.Errorf("staff see the printer as %v", pr)
		}
		p.status = "200 OK"
		// Several fetches at once (duplicate GETs) then the confirmation.
		for range 3 {
			wg.Add(1)
			go func() { defer wg.Done(); p.fetch(tokens[0]) }()
		}
		wg.Wait()
		p.confirm(tokens[0], "200 OK")
		if _, found := p.fetch(tokens[0]); found {
			t.Error("a confirmed job was handed out again")
		}
		if got := count(t, db, "SELECT COUNT(*) FROM print_jobs WHERE order_id = ?", id); got != 1 {
			t.Errorf("%d jobs for one accept", got)
		}
		p.media = "image/png"
		reprint(t, f, manager, id).data(t)
		tk, _ := p.poll()
		img, found := p.fetch(tk)
		if cfg, err := png.DecodeConfig(strings.NewReader(img)); !found || err != nil || cfg.Width != 576 {
			t.Errorf("PNG ticket: %v %v", cfg, err)
		}
		// Firmware older than job tokens confirms without one: the job it was handed last.
		req, _ := http.NewRequest(http.MethodDelete, p.url+"?code=200%20OK", nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("a confirmation without a token: %v %v", res, err)
		}
		res.Body.Close()
		if _, ready := p.poll(); ready {
			t.Error("a job confirmed without its token is still offered")
		}
	})
}

// TestEpsonPrintsOnce: an Epson printer in Server Direct Print, on a
// network losing every third answer, prints an order auto-accepted at
// payment once and a reprint once more; its reported paper end shows.
func TestEpsonPrintsOnce(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		p := newEpson(t, f.e, addPrinter(t, f, "Grill", "epson_sdp")["url"].(string), 3)
		p.tick = func() { f.clk.Add(time.Second) }
		controlsSet(f.e, f.auth(manager), "auto_accept", true, "auto_accept_minutes", 20).data(t)
		id := f.paidOrder(0)
		if n := p.run(); n != 1 {
			t.Fatalf("auto-accept printed %d tickets", n)
		}
		p.asb = 0x80016 // paper end
		reprint(t, f, manager, id).data(t)
		if n := p.run(); n != 1 || p.printed[0] == p.printed[1] {
			t.Fatalf("reprint printed %d: %q", n, p.printed)
		}
		if n := p.run(); n != 0 {
			t.Errorf("%d printed again", n)
		}
		list := f.e.call("admin/printers/list", filter("business_slug", "demo-burgers"), f.auth(manager)...).dataList(t)
		if pr := list[0].(map[string]any); pr["paper_out"] != true || pr["kind"] != "epson_sdp" || pr["url"] == nil {
			t.Errorf("the manager sees %v", pr)
		}
	})
}

// TestPrinterAdmin: a venue's printers are bounded and named apart; an
// upsert of the same name changes that printer; a deleted printer's URL
// answers 404; a storm of polls is refused; a poll's answer is validated
// against api/openapi.yaml.
func TestPrinterAdmin(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		first := addPrinter(t, f, "Pass", "star_cloudprnt")
		again := addPrinter(t, f, "Pass", "epson_sdp")
		if again["id"] != first["id"] || again["url"] != first["url"] || again["kind"] != "epson_sdp" {
			t.Errorf("upsert of the same name: %v then %v", first, again)
		}
		bad := f.e.call("admin/printers/upsert", data("business_slug", "demo-burgers", "venue_slug", "soho",
			"name", strings.Repeat("ż", 61), "kind", "zebra"), append(f.auth(manager), "Accept-Language", "pl-PL")...)
		bad.wantError(t, 400, 1000)
		if fields := fmt.Sprint(bad.Body["fields"]); !strings.Contains(fields, "Nadaj drukarce nazwę") ||
			!strings.Contains(fields, "Star CloudPRNT") {
			t.Errorf("fields: %s", bad.Raw)
		}
		for i := 2; i <= 8; i++ {
			addPrinter(t, f, fmt.Sprintf("Printer %d", i), "star_cloudprnt")
		}
		f.e.call("admin/printers/upsert", data("business_slug", "demo-burgers", "venue_slug", "soho", "name", "Ninth",
			"kind", "star_cloudprnt"), f.auth(manager)...).wantError(t, 400, 1000)
		rename := f.e.call("admin/printers/upsert", data("business_slug", "demo-burgers", "venue_slug", "soho",
			"id", first["id"], "name", "Printer 2", "kind", "star_cloudprnt"), f.auth(manager)...)
		rename.wantError(t, 400, 1000)

		u := printerURL(t, f.e, first["url"].(string))
		body := []byte(`{"statusCode":"200%20OK"}`)
		req, _ := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		out := &response{Status: res.StatusCode, Header: res.Header}
		_ = json.NewDecoder(res.Body).Decode(&out.Body)
		res.Body.Close()
		out.Raw, _ = json.Marshal(out.Body)
		f.e.validate(req, body, out, "printers/{key}")
		if out.Body["jobReady"] != false {
			t.Errorf("poll: %s", out.Raw)
		}
		limited := 0
		for range 70 {
			r, err := http.Post(u, "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			r.Body.Close()
			if r.StatusCode == 429 {
				limited++
			}
		}
		if limited == 0 {
			t.Error("70 polls in a second were all answered")
		}
		f.e.call("admin/printers/delete", data("business_slug", "demo-burgers", "id", first["id"]), f.auth(manager)...).data(t)
		f.clk.Add(time.Minute)
		if r, err := http.Post(u, "application/json", bytes.NewReader(body)); err != nil || r.StatusCode != 404 {
			t.Errorf("a deleted printer's URL: %v %v", r, err)
		}
		f.e.call("admin/printers/delete", data("business_slug", "demo-burgers", "id", first["id"]),
			f.auth(manager)...).wantError(t, 404, 1404)
		if _, err := db.Printers(context.Background(), f.schemes[manager], nil); err != nil {
			t.Fatal(err)
		}
		// The audit log has who added, changed and removed "Pass" (the
		// refused upserts wrote nothing), never its key.
		key := u[strings.LastIndex(u, "/")+1:]
		trail := f.e.call("admin/audit/list", filter("business_slug", "demo-burgers", "action", "printer"), f.auth(manager)...)
		var pass []string
		for _, r := range trail.Body["data"].([]any) {
			if row := r.(map[string]any); row["target"] == "Pass" {
				pass = append(pass, row["action"].(string))
			}
		}
		if strings.Join(pass, " ") != "printer.delete printer.upsert printer.upsert" || strings.Contains(string(trail.Raw), key) {
			t.Errorf("audit of Pass: %v in %s", pass, trail.Raw)
		}
	})
}
