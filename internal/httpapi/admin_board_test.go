package httpapi_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// boardStreamPath asks for a board stream ticket of a venue as the caller.
func boardStreamPath(t *testing.T, f *permFixture, venue string, who kind) string {
	t.Helper()
	res := f.e.call("admin/orders/stream-ticket", data("business_slug", "demo-burgers", "venue_slug", venue),
		f.auth(who)...)
	if res.Status != 200 {
		t.Fatalf("admin/orders/stream-ticket: %s", res.Raw)
	}
	return res.data(t)["url"].(string)
}

// TestBoardStreamFollowsTheVenue: the board reads its venue's orders (with
// the auto-reject time and where its stream starts), then its stream sends
// each new paid order and every step of it as it happens, and nothing of
// other venues or unpaid orders; cut off and resumed with Last-Event-ID it
// sends exactly what it missed. A ticket opens only its venue, only for
// staff who work there.
func TestBoardStreamFollowsTheVenue(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		base := f.e.srv.URL
		before := f.paidOrder(1)

		board := f.e.call("admin/orders/board", filter("business_slug", "demo-burgers", "venue_slug", "soho"),
			f.auth(venueStaf)...)
		if board.Status != 200 || !listsOrder(board, before) {
			t.Fatalf("board: %s", board.Raw)
		}
		if got := num(board.Body["auto_reject_minutes"]); got != 13 {
			t.Fatalf("auto_reject_minutes %v", got)
		}
		if num(board.Body["last_event_id"]) <= 0 {
			t.Fatalf("last_event_id %v", board.Body["last_event_id"])
		}
		f.e.call("admin/orders/board", filter("business_slug", "demo-burgers"), f.auth(venueStaf)...).
			wantError(t, 400, 1000)
		f.e.call("admin/orders/board", filter("business_slug", "demo-burgers", "venue_slug", "shoreditch"),
			f.auth(venueStaf)...).wantError(t, 403, 1403)

		// Only staff of the venue get a ticket; a ticket opens only its venue.
		f.e.call("admin/orders/stream-ticket", data("business_slug", "demo-burgers", "venue_slug", "shoreditch"),
			f.auth(venueStaf)...).wantError(t, 403, 1403)
		path := boardStreamPath(t, f, "soho", venueStaf)
		if _, res := openSSE(t, base, strings.Replace(path, "venue=soho", "venue=shoreditch", 1)); res.StatusCode != 404 {
			t.Fatalf("a soho ticket opened shoreditch's stream: %d", res.StatusCode)
		}
		if _, res := openSSE(t, base, strings.Split(path, "ticket=")[0]+"ticket=0123456789abcdef"); res.StatusCode != 401 {
			t.Fatalf("a made-up ticket: %d", res.StatusCode)
		}

		// Opened without Last-Event-ID: live from now on (the board has read its orders).
		a, res := openSSE(t, base, path)
		checkBoardStreamContract(t, f, path, res)
		a.quiet(t, 200*time.Millisecond)

		// A checkout at soho: nothing until it is paid, then its payment.
		id := f.paidOrder(0)
		ev := a.next(t)
		if ev.event != "status" || !strings.Contains(ev.data, `"order_id":`+idString(id)) ||
			!strings.Contains(ev.data, `"payment_status":"paid"`) {
			t.Fatalf("first event of a new order: %+v", ev)
		}
		transition := func(status string, kv ...any) {
			t.Helper()
			r := f.e.call("admin/orders/transition", data(append([]any{"order_id", id, "status", status}, kv...)...),
				f.auth(venueStaf)...)
			if r.Status != 200 {
				t.Fatalf("%s: %s", status, r.Raw)
			}
		}
		transition("accepted", "eta_minutes", 20)
		for _, want := range []string{"status", "eta"} {
			if ev = a.next(t); ev.event != want {
				t.Fatalf("got %+v, want %s", ev, want)
			}
		}
		a.close() // the tablet's Wi-Fi drops

		transition("on_the_way")
		loc := f.e.call("driver/location", data("order_id", id, "lat", 51.5139, "lng", -0.1322), f.auth(driver)...)
		if loc.Status != 200 {
			t.Fatalf("driver/location: %s", loc.Raw)
		}
		transition("delivered")
		b, _ := openSSE(t, base, boardStreamPath(t, f, "soho", venueStaf), "Last-Event-ID", ev.id)
		for _, want := range []string{`"status":"on_the_way"`, `"status":"delivered"`} {
			got := b.next(t)
			if got.event != "status" || !strings.Contains(got.data, want) {
				t.Fatalf("resumed: got %+v, want %s (driver positions are not the board's)", got, want)
			}
		}
		b.quiet(t, 300*time.Millisecond)
	})
}

func idString(id int64) string { return strconv.FormatInt(id, 10) }

// checkBoardStreamContract holds the board stream's request and 200 to the spec.
func checkBoardStreamContract(t *testing.T, f *permFixture, path string, res *http.Response) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, f.e.srv.URL+path, nil)
	route, params, err := f.e.router.FindRoute(req)
	if err != nil {
		t.Fatalf("admin/orders/stream is not in api/openapi.yaml: %v", err)
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		t.Fatalf("stream request breaks the contract: %v", err)
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	covered.Store("admin/orders/stream", true)
}
