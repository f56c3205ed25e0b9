package httpapi_test

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"

	"platter/internal/httpapi"
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

// TestStreamCaps: one user may hold only so many streams (1429), the
// instance only so many in all (1503), both with Retry-After; a closed
// stream frees its place.
func TestStreamCaps(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) { streamCaps(t, db) })
}

func streamCaps(t *testing.T, db *store.DB) {
	f := newPermFixture(t, db)
	f.e = start(t, db, options{now: f.clk.Now, streams: httpapi.StreamLimits{PerUser: 1, Total: 2}})
	base := f.e.srv.URL
	mine, theirs := f.paidOrder(1), f.readOrder()
	first, _ := openSSE(t, base, streamPath(t, f, mine, owner))
	_, res := openSSE(t, base, streamPath(t, f, mine, owner))
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("second stream of one user: %d", res.StatusCode)
	}
	waitFor(t, "one open stream", func() bool { return f.e.api.OpenStreams() == 1 })
	_, _ = openSSE(t, base, streamPath(t, f, theirs, manager))
	waitFor(t, "two open streams", func() bool { return f.e.api.OpenStreams() == 2 })
	_, res = openSSE(t, base, streamPath(t, f, theirs, admin))
	if res.StatusCode != 503 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("over the instance's cap: %d", res.StatusCode)
	}
	first.close()
	waitFor(t, "the closed stream's place freed", func() bool { return f.e.api.OpenStreams() == 1 })
	if _, res := openSSE(t, base, streamPath(t, f, mine, owner)); res.StatusCode != 200 {
		t.Fatalf("after closing: %d", res.StatusCode)
	}
}

// TestStreamEndsOnShutdown: http.Server.Shutdown waits for handlers, and a
// stream never ends by itself: the server ends open streams when shutdown
// starts, so it finishes at once and the client sees the stream end.
func TestStreamEndsOnShutdown(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) { streamEndsOnShutdown(t, db) })
}

func streamEndsOnShutdown(t *testing.T, db *store.DB) {
	f := newPermFixture(t, db)
	id := f.paidOrder(1)
	path := streamPath(t, f, id, owner)
	srv := f.e.api.HTTPServer(nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	c, res := openSSE(t, "http://"+ln.Addr().String(), path)
	if res.StatusCode != 200 {
		t.Fatalf("open: %d", res.StatusCode)
	}
	for range 2 { // created, paid
		c.next(t)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	began := time.Now()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown with an open stream: %v", err)
	}
	if took := time.Since(began); took > 2*time.Second {
		t.Fatalf("shutdown took %s", took)
	}
	select {
	case _, ok := <-c.events:
		if ok {
			t.Fatal("an event after shutdown")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the client's stream did not end")
	}
	_, _ = io.Copy(io.Discard, c.res.Body)
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestStreamHeartbeatAndTicketLifetime: an idle stream sends a comment
// line every Heartbeat (so proxies keep it open); a new EventSource may
// resume with last_event_id in the query; a ticket past its lifetime
// opens nothing (1401), and a fresh one is needed.
func TestStreamHeartbeatAndTicketLifetime(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) { streamHeartbeatAndTicketLifetime(t, db) })
}

func streamHeartbeatAndTicketLifetime(t *testing.T, db *store.DB) {
	f := newPermFixture(t, db)
	f.e = start(t, db, options{now: f.clk.Now, streams: httpapi.StreamLimits{Heartbeat: 50 * time.Millisecond,
		TicketTTL: time.Minute}})
	id := f.paidOrder(1)
	path := streamPath(t, f, id, owner)
	logged, err := db.OrderEvents(context.Background(), f.schemes[owner], id, 0, 100)
	if err != nil || len(logged) < 2 {
		t.Fatalf("events: %v %v", logged, err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet,
		f.e.srv.URL+path+"&last_event_id="+strconv.FormatInt(logged[len(logged)-2].ID, 10), nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("open: %v %v", res, err)
	}
	sc := bufio.NewScanner(res.Body)
	var ids []string
	beats := 0
	for beats < 3 && sc.Scan() {
		switch line := sc.Text(); {
		case line == ": heartbeat":
			beats++
		case strings.HasPrefix(line, "id: "):
			ids = append(ids, line[4:])
		}
	}
	res.Body.Close()
	if beats < 3 {
		t.Fatalf("%d heartbeats before the stream ended", beats)
	}
	if len(ids) != 1 || ids[0] != strconv.FormatInt(logged[len(logged)-1].ID, 10) {
		t.Fatalf("resumed after event %d: got ids %v, want only the last one", logged[len(logged)-2].ID, ids)
	}

	f.clk.Add(time.Minute)
	_, expired := openSSE(t, f.e.srv.URL, path)
	if expired.StatusCode != 401 {
		t.Fatalf("an expired ticket: %d", expired.StatusCode)
	}
	if _, fresh := openSSE(t, f.e.srv.URL, streamPath(t, f, id, owner)); fresh.StatusCode != 200 {
		t.Fatalf("a fresh ticket: %d", fresh.StatusCode)
	}
}

// rawStream is a stream read without a goroutine of the test's own, so
// the process's goroutines count only the server's.
type rawStream struct {
	conn net.Conn
	r    *bufio.Reader
}

func openRaw(t *testing.T, base, path string) *rawStream {
	t.Helper()
	host := strings.TrimPrefix(base, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, err := io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: "+host+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	s := &rawStream{conn: conn, r: bufio.NewReader(conn)}
	res, err := http.ReadResponse(s.r, nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("open: %v %v", res, err)
	}
	return s
}

// until reads lines until one contains want.
func (s *rawStream) until(t *testing.T, want string) {
	t.Helper()
	_ = s.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			t.Fatalf("no %s: %v", want, err)
		}
		if strings.Contains(line, want) {
			return
		}
	}
}

// TestManyStreamsOfOneOrder: many streams of one order each get every
// event, and a stream holds at most one goroutine of the server (its
// reads and writes are made by the shared workers), so tens of thousands
// fit in one instance (bench/streams.sh measures the memory). Not
// parallel: it counts the process's goroutines.
func TestManyStreamsOfOneOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) { manyStreamsOfOneOrder(t, db) })
}

func manyStreamsOfOneOrder(t *testing.T, db *store.DB) {
	f := newPermFixture(t, db)
	f.e = start(t, db, options{now: f.clk.Now, streams: httpapi.StreamLimits{PerUser: 300}})
	id := f.paidOrder(1)
	path := streamPath(t, f, id, owner)
	first := openRaw(t, f.e.srv.URL, path) // the workers and the sweeper start with the first stream
	first.until(t, `"payment_status":"paid"`)
	time.Sleep(100 * time.Millisecond) // the fixture's calls' keep-alive goroutines settle
	before := runtime.NumGoroutine()
	const n = 200
	streams := make([]*rawStream, n)
	for i := range streams {
		streams[i] = openRaw(t, f.e.srv.URL, path)
		streams[i].until(t, `"payment_status":"paid"`) // the history
	}
	if grew := runtime.NumGoroutine() - before; grew > n+5 {
		t.Fatalf("%d streams added %d goroutines", n, grew)
	}
	if f.e.api.OpenStreams() != n+1 {
		t.Fatalf("OpenStreams = %d", f.e.api.OpenStreams())
	}
	r := f.e.call("admin/orders/transition", data("order_id", id, "status", "accepted", "eta_minutes", 15),
		f.auth(manager)...)
	if r.Status != 200 {
		t.Fatalf("accept: %s", r.Raw)
	}
	for _, s := range append(streams, first) {
		s.until(t, `"status":"accepted"`)
		s.until(t, "event: eta")
	}
	for _, s := range streams {
		s.conn.Close()
	}
	waitFor(t, "the closed streams' places freed", func() bool { return f.e.api.OpenStreams() == 1 })
	// Operators see the count on /metrics.
	rec := httptest.NewRecorder()
	f.e.api.MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if !strings.Contains(rec.Body.String(), "\nplatter_order_streams_open 1\n") {
		t.Fatalf("/metrics lacks platter_order_streams_open 1")
	}
}
