package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/config"
	"platter/internal/httpapi"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// serveReal runs the API the way `platter serve` does: HTTPServer on a real
// TCP listener, so connection timeouts and header limits are net/http's own.
func serveReal(t *testing.T, o httpapi.Options) (*httpapi.Server, string) {
	t.Helper()
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if o.Config == nil {
		cfg, err := config.Load(func(string) string { return "" }, nil)
		if err != nil {
			t.Fatal(err)
		}
		o.Config = cfg
	}
	api := httpapi.New(o)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := api.HTTPServer(nil)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return api, ln.Addr().String()
}

// patience is how long a test waits for an answer the server owes; far
// beyond the timeouts under test, so a slow machine does not fail it.
const patience = 10 * time.Second

// TestStalledBodyIsCutOff: a client that sends the headers and one byte of
// a 100-byte body is answered 408 (code 1408) and disconnected at the read
// timeout instead of holding its connection forever (issue 8).
func TestStalledBodyIsCutOff(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	_, addr := serveReal(t, httpapi.Options{Catalog: db, Health: db,
		Timeouts: httpapi.Timeouts{Read: 300 * time.Millisecond}})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, err = io.WriteString(conn, "POST /api/v3/venue/info HTTP/1.1\r\nHost: x\r\n"+
		"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	if err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(patience))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a stalled body within %s: %v", patience, err)
	}
	var body map[string]any
	_ = json.NewDecoder(res.Body).Decode(&body)
	if res.StatusCode != 408 || body["code"] != float64(1408) {
		t.Errorf("stalled body: %d %v", res.StatusCode, body)
	}
	// And the connection is closed, not kept for another request.
	if _, err := io.ReadAll(io.MultiReader(res.Body, conn)); err != nil {
		t.Errorf("connection still open after the answer: %v", err)
	}
}

// stalling is the real store with one fault injected: looking a scheme up
// takes until the test ends, ignoring the context when ignoreCtx is set
// (a handler stuck in CPU work) and honouring it otherwise (a slow query).
type stalling struct {
	*store.DB
	ignoreCtx bool
	release   chan struct{}
}

func (s stalling) SchemeBySlug(ctx context.Context, slug string) (*catalog.Scheme, error) {
	if s.ignoreCtx {
		<-s.release
		return nil, context.Canceled
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-s.release:
		return nil, context.Canceled
	}
}

// TestSlowCallAnswers503: an envelope call that outlives its deadline is
// answered 503 code 1503 with Retry-After, in the caller's language, rather
// than hanging; the server keeps serving (issue 8).
func TestSlowCallAnswers503(t *testing.T) {
	t.Parallel()
	for _, ignore := range []bool{false, true} {
		db := storetest.Open(t, "sqlite")
		release := make(chan struct{})
		t.Cleanup(func() { close(release) })
		_, addr := serveReal(t, httpapi.Options{Catalog: stalling{db, ignore, release}, Health: db,
			Timeouts: httpapi.Timeouts{Call: time.Second}})
		client := &http.Client{Timeout: patience}
		req, _ := http.NewRequest("POST", "http://"+addr+"/api/v3/venue/info",
			strings.NewReader(`{"filter":{"business_slug":"demo-burgers"}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", "pl-PL")
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("ignoring the context %v: %v", ignore, err)
		}
		var body map[string]any
		_ = json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if res.StatusCode != 503 || body["code"] != float64(1503) || res.Header.Get("Retry-After") == "" ||
			!strings.Contains(body["message"].(string), "Serwer") || res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("ignoring the context %v: %d %v %v", ignore, res.StatusCode, res.Header, body)
		}
		res, err = client.Post("http://"+addr+"/api/v3/general/shake-hand", "application/json", nil)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("after a timed-out call: %v %v", res, err)
		}
		res.Body.Close()
	}
}

// TestOversizedHeadersAnswer431Envelope: headers over our limit (64 KiB)
// are refused with 431 code 1431 in the envelope rather than net/http's
// plain text (which remains beyond 1 MiB, where net/http stops reading).
func TestOversizedHeadersAnswer431Envelope(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	_, addr := serveReal(t, httpapi.Options{Catalog: db, Health: db})
	send := func(size int) (*http.Response, map[string]any) {
		req, _ := http.NewRequest("POST", "http://"+addr+"/api/v3/general/shake-hand", nil)
		req.Header.Set("X-Padding", strings.Repeat("a", size))
		req.Header.Set("Accept-Language", "pl-PL")
		res, err := (&http.Client{Timeout: patience}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body map[string]any
		_ = json.NewDecoder(res.Body).Decode(&body)
		return res, body
	}
	if res, body := send(32 << 10); res.StatusCode != 200 {
		t.Errorf("32 KiB of headers: %d %v", res.StatusCode, body)
	}
	res, body := send(100 << 10)
	if res.StatusCode != 431 || body["code"] != float64(1431) || body["message"] != "Nagłówki żądania są za duże." ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Errorf("100 KiB of headers: %d %v %v", res.StatusCode, res.Header, body)
	}
}
