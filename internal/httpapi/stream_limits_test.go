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

	"platter/internal/httpapi"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

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
