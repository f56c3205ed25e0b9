package httpapi_test

import (
	"bufio"
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

// sseEvent is one server-sent event as a browser's EventSource sees it.
type sseEvent struct {
	id, event, data string
}

// sseClient reads one open event stream.
type sseClient struct {
	res    *http.Response
	events chan sseEvent
	cancel context.CancelFunc
}

// openSSE opens a stream; headers are name, value pairs.
func openSSE(t *testing.T, base, path string, headers ...string) (*sseClient, *http.Response) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	c := &sseClient{res: res, events: make(chan sseEvent, 100), cancel: cancel}
	t.Cleanup(c.close)
	if res.StatusCode != 200 {
		return c, res
	}
	go func() {
		defer close(c.events)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.event != "" {
					c.events <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "id: "):
				ev.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev.event = line[7:]
			case strings.HasPrefix(line, "data: "):
				ev.data = line[6:]
			}
		}
	}()
	return c, res
}

func (c *sseClient) close() { c.cancel(); c.res.Body.Close() }

// next is the next event, failing the test after a few seconds.
func (c *sseClient) next(t *testing.T) sseEvent {
	t.Helper()
	select {
	case ev, ok := <-c.events:
		if !ok {
			t.Fatal("the stream ended")
		}
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
		return sseEvent{}
	}
}

// quiet fails if an event arrives within d.
func (c *sseClient) quiet(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case ev, ok := <-c.events:
		if ok {
			t.Fatalf("unexpected event %+v", ev)
		}
	case <-time.After(d):
	}
}

// streamPath asks for a stream ticket of an order as the caller.
func streamPath(t *testing.T, f *permFixture, id int64, who kind) string {
	t.Helper()
	res := f.e.call("orders/stream-ticket", data("id", id), f.auth(who)...)
	if res.Status != 200 {
		t.Fatalf("stream-ticket: %s", res.Raw)
	}
	return res.data(t)["url"].(string)
}

// checkStreamContract holds the stream's request and 200 to the spec
// (its body is not JSON, so the envelope's validation cannot).
func checkStreamContract(t *testing.T, e *env, path string, res *http.Response) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+"/api/v3/"+strings.TrimPrefix(path, "/api/v3/"), nil)
	route, params, err := e.router.FindRoute(req)
	if err != nil {
		t.Fatalf("orders/stream is not in api/openapi.yaml: %v", err)
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		t.Fatalf("stream request breaks the contract: %v", err)
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	covered.Store("orders/stream", true)
}

// TestOrderStreamFollowsTheOrder: a customer's stream sends the order's
// history, then each staff transition and driver position as it happens;
// cut off and resumed with Last-Event-ID it sends exactly what it missed
// (nothing lost, nothing repeated), so the two streams together are the
// order's event log. Nobody else can open it.
func TestOrderStreamFollowsTheOrder(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		base := f.e.srv.URL
		id := f.paidOrder(0)
		path := streamPath(t, f, id, owner)

		// Nobody else: another customer gets no ticket, a ticket opens only
		// its own order, a made-up ticket nothing.
		f.e.call("orders/stream-ticket", data("id", id), f.auth(neighbour)...).wantError(t, 404, 1404)
		other := streamPath(t, f, f.paidOrder(1), owner)
		if _, res := openSSE(t, base, strings.Split(other, "ticket=")[0]+"ticket="+strings.Split(path, "ticket=")[1]); res.StatusCode != 404 {
			t.Fatalf("a ticket of another order opened the stream: %d", res.StatusCode)
		}
		if _, res := openSSE(t, base, strings.Split(path, "ticket=")[0]+"ticket=0123456789abcdef"); res.StatusCode != 401 {
			t.Fatalf("a made-up ticket: %d", res.StatusCode)
		}

		ctx := context.Background()
		logged, err := db.OrderEvents(ctx, f.schemes[owner], id, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		a, res := openSSE(t, base, path)
		checkStreamContract(t, f.e, path, res)
		var seen []sseEvent
		for range logged { // the history so far: created, paid
			seen = append(seen, a.next(t))
		}
		transition := func(status string, kv ...any) {
			t.Helper()
			r := f.e.call("admin/orders/transition", data(append([]any{"order_id", id, "status", status}, kv...)...),
				f.auth(manager)...)
			if r.Status != 200 {
				t.Fatalf("%s: %s", status, r.Raw)
			}
		}
		transition("accepted", "eta_minutes", 30)
		for _, want := range []string{"status", "eta"} {
			ev := a.next(t)
			if ev.event != want {
				t.Fatalf("got %+v, want a %s event", ev, want)
			}
			seen = append(seen, ev)
		}
		if !strings.Contains(seen[len(seen)-2].data, `"status":"accepted"`) {
			t.Fatalf("status event %s", seen[len(seen)-2].data)
		}
		a.close() // the phone loses its connection

		transition("on_the_way")
		loc := f.e.call("driver/location", data("order_id", id, "lat", 51.5139, "lng", -0.1322), f.auth(driver)...)
		if loc.Status != 200 {
			t.Fatalf("driver/location: %s", loc.Raw)
		}
		b, _ := openSSE(t, base, path, "Last-Event-ID", seen[len(seen)-1].id)
		for _, want := range []string{"status", "driver"} {
			ev := b.next(t)
			if ev.event != want {
				t.Fatalf("resumed: got %+v, want a %s event", ev, want)
			}
			seen = append(seen, ev)
		}
		if !strings.Contains(seen[len(seen)-1].data, `"lat":51.5139`) {
			t.Fatalf("driver event %s", seen[len(seen)-1].data)
		}
		transition("delivered")
		seen = append(seen, b.next(t))
		b.quiet(t, 300*time.Millisecond)

		all, err := db.OrderEvents(ctx, f.schemes[owner], id, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != len(seen) {
			t.Fatalf("the streams sent %d events, the log holds %d", len(seen), len(all))
		}
		for i, e := range all {
			if seen[i].id != strconv.FormatInt(e.ID, 10) || seen[i].event != e.Kind {
				t.Fatalf("event %d: sent %+v, logged %d %s", i, seen[i], e.ID, e.Kind)
			}
		}
		// orders/get agrees: delivered, with the driver's last position.
		d := f.e.call("orders/get", filter("id", id), f.auth(owner)...).data(t)
		if d["status"] != "delivered" || d["driver"].(map[string]any)["lat"] != 51.5139 {
			t.Fatalf("orders/get: %v, driver %v", d["status"], d["driver"])
		}
	})
}
