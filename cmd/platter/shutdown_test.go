package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// waitOutput polls out until re matches and returns its first group.
func waitOutput(t *testing.T, out *syncBuffer, re string) string {
	t.Helper()
	rx := regexp.MustCompile(re)
	for i := 0; i < 500; i++ {
		if m := rx.FindStringSubmatch(out.String()); m != nil {
			return m[1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%q never appeared in:\n%s", re, out.String())
	return ""
}

// booted is a `platter serve` run by the test.
type booted struct {
	base   string
	cancel context.CancelFunc
	done   chan error
	log    *syncBuffer
}

func boot(t *testing.T, kv ...string) *booted {
	t.Helper()
	dir := t.TempDir()
	var out syncBuffer
	b := &booted{done: make(chan error, 1), log: &syncBuffer{}}
	if err := run(context.Background(), []string{"demo"}, testEnv(dir), io.Discard, b.log); err != nil {
		t.Fatalf("demo: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel = cancel
	t.Cleanup(cancel)
	go func() { b.done <- run(ctx, []string{"serve"}, testEnv(dir, kv...), &out, b.log) }()
	b.base = "http://" + waitOutput(t, &out, `listening on http://(\S+)`)
	return b
}

// startStalled opens a venue/info call whose body is half sent: a request
// really in flight, which the test finishes when it chooses. It returns once
// the server's handler is reading the body (net/http sends "100 Continue"
// when it first does).
func startStalled(t *testing.T, base string) (finish func() *http.Response) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	body := `{"filter":{"business_slug":"demo-burgers"}}`
	fmt.Fprintf(conn, "POST /api/v3/venue/info HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n", len(body))
	rd := bufio.NewReader(conn)
	if res, err := http.ReadResponse(rd, nil); err != nil || res.StatusCode != 100 {
		t.Fatalf("no 100 Continue: %v %v", res, err)
	}
	if _, err := io.WriteString(conn, body[:10]); err != nil {
		t.Fatal(err)
	}
	return func() *http.Response {
		if _, err := io.WriteString(conn, body[10:]); err != nil {
			t.Fatalf("finishing the body: %v", err)
		}
		res, err := http.ReadResponse(rd, nil)
		if err != nil {
			t.Fatalf("the in-flight request got no answer: %v", err)
		}
		return res
	}
}

func status(url string) int {
	res, err := http.Get(url)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// TestShutdownReadyFirstThenDrain: on SIGTERM /readyz answers 503 at once
// while the listener stays open (PLATTER_SHUTDOWN_DELAY), then a request
// that was in flight all along completes and serve returns cleanly.
func TestShutdownReadyFirstThenDrain(t *testing.T) {
	b := boot(t, "PLATTER_SHUTDOWN_DELAY", "3s")
	if got := status(b.base + "/readyz"); got != 200 {
		t.Fatalf("readyz before: %d", got)
	}
	finish := startStalled(t, b.base)
	b.cancel()
	saw503 := false
	for i := 0; i < 250 && !saw503; i++ {
		saw503 = status(b.base+"/readyz") == 503
		time.Sleep(10 * time.Millisecond)
	}
	if !saw503 {
		t.Fatal("/readyz never answered 503 while the process was stopping")
	}
	if got := status(b.base + "/healthz"); got != 200 {
		t.Errorf("healthz during the delay: %d", got)
	}
	waitOutput(t, b.log, `(draining in-flight requests)`)
	res := finish()
	if res.StatusCode != 200 {
		t.Errorf("in-flight request: %d", res.StatusCode)
	}
	res.Body.Close()
	select {
	case err := <-b.done:
		if err != nil {
			t.Fatalf("serve returned %v after a clean drain", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestShutdownTimeoutIsAnError: a request still in flight when
// PLATTER_SHUTDOWN_TIMEOUT passes makes serve fail (exit status 1), where
// it used to return as if all was well.
func TestShutdownTimeoutIsAnError(t *testing.T) {
	b := boot(t, "PLATTER_SHUTDOWN_TIMEOUT", "300ms")
	startStalled(t, b.base)
	b.cancel()
	select {
	case err := <-b.done:
		if err == nil || !strings.Contains(err.Error(), "did not finish") {
			t.Fatalf("serve returned %v, want a drain error\n%s", err, b.log.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}
