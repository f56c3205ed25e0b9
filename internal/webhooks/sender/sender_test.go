package sender

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/internal/tracing"
	"platter/internal/tracing/tracingtest"
	"platter/internal/webhooks"
)

// No test may send a packet off this machine. The sender under test is
// given this dialer and resolver: the resolver answers from a table (a
// name it does not know is not found, and nothing is asked of real DNS),
// and the dialer records every address it is asked for and connects only
// to loopback, refusing (and recording) anything else. A test asserts the
// SSRF guard refused first: the dialer never saw the address.
type net0 struct {
	mu      sync.Mutex
	names   map[string][]netip.Addr
	dialled []string
	leaked  []string // non-loopback addresses the guard let through
	lookups []string
}

func (n *net0) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.lookups = append(n.lookups, host)
	if a, ok := n.names[host]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host (test resolver)", Name: host, IsNotFound: true}
}

func (n *net0) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	n.mu.Lock()
	n.dialled = append(n.dialled, addr)
	ap, err := netip.ParseAddrPort(addr)
	if err != nil || !ap.Addr().Unmap().IsLoopback() {
		n.leaked = append(n.leaked, addr)
		n.mu.Unlock()
		return nil, errors.New("test dialer: refusing a non-loopback address " + addr)
	}
	n.mu.Unlock()
	var d net.Dialer
	return d.DialContext(ctx, network, addr)
}

func (n *net0) set(host string, addrs ...string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.names[host] = nil
	for _, a := range addrs {
		n.names[host] = append(n.names[host], netip.MustParseAddr(a))
	}
}

func (n *net0) seen() (dialled, leaked []string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]string(nil), n.dialled...), append([]string(nil), n.leaked...)
}

func newNet() *net0 {
	n := &net0{names: map[string][]netip.Addr{}}
	n.set("metadata.test", "169.254.169.254")
	n.set("private.test", "10.0.0.1")
	n.set("loopback.test", "127.0.0.1")
	n.set("loopback6.test", "::1")
	n.set("mapped.test", "::ffff:169.254.169.254")
	n.set("mixed.test", "93.184.216.34", "10.0.0.1") // one good address does not vouch for the other
	return n
}

// local is the test's receiver on 127.0.0.1: /ok answers 200, /to?url=…
// redirects (307, so the POST and its body follow) to url. Every answer
// closes its connection, so each attempt dials (and is guarded) afresh.
func local(t *testing.T) (*httptest.Server, *int) {
	hits := new(int)
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		*hits++
		mu.Unlock()
		w.Header().Set("Connection", "close")
		if r.URL.Path == "/to" {
			http.Redirect(w, r, r.URL.Query().Get("url"), http.StatusTemporaryRedirect)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(srv.Close)
	return srv, hits
}

func queued(url string) webhooks.Queued {
	return webhooks.Queued{ID: 1, Attempt: 1, MessageID: "msg_test", URL: url, Body: []byte(`{"type":"menu.updated"}`),
		Secrets: []string{webhooks.NewSecret()}}
}

func refusedBy(t *testing.T, o webhooks.Outcome, what string) {
	t.Helper()
	if o.OK() || o.ResponseCode != 0 || !strings.HasPrefix(o.Err, "refused: ") {
		t.Errorf("%s: %+v, want the guard's refusal", what, o)
	}
}

// TestGuardRefusesBeforeConnecting: without the operator's allowance,
// loopback (v4 and v6), the metadata service, a private address, names
// that resolve to them, and an IPv4-mapped address are refused, and the
// dialer is never asked for any of them.
func TestGuardRefusesBeforeConnecting(t *testing.T) {
	srv, hits := local(t)
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	p := ":" + itoa(port)
	n := newNet()
	s := New(Options{Resolver: n, Dial: n.Dial})
	for _, u := range []string{
		"http://127.0.0.1" + p + "/ok",
		"http://[::1]" + p + "/ok",
		"http://169.254.169.254/latest/meta-data/",
		"http://10.0.0.1/",
		"https://10.0.0.1/",
		"http://[::ffff:10.0.0.1]/",
		"http://[fe80::1]/",
		"http://0.0.0.0" + p + "/ok",
		"http://loopback.test" + p + "/ok",
		"http://loopback6.test" + p + "/ok",
		"http://private.test/",
		"http://metadata.test/",
		"https://mapped.test/",
		"http://mixed.test/",
	} {
		refusedBy(t, s.Send(context.Background(), queued(u), time.Now()), u)
	}
	if dialled, _ := n.seen(); len(dialled) != 0 {
		t.Errorf("the dialer was asked for %v", dialled)
	}
	if *hits != 0 {
		t.Errorf("the local receiver was reached %d times", *hits)
	}
}

// TestGuardFollowsRedirectsAndDNS: with the allowance (the receiver is on
// 127.0.0.1), a redirect from it to the metadata service (by address, as
// IPv4-mapped IPv6, or by a name resolving to it) or to link-local IPv6 is
// refused by the guard before any connection; a redirect to another loopback name is followed; and a name
// whose DNS answer changes to a refused address is refused at the next
// connection.
func TestGuardFollowsRedirectsAndDNS(t *testing.T) {
	srv, hits := local(t)
	n := newNet()
	s := New(Options{AllowPrivate: true, Resolver: n, Dial: n.Dial})
	ctx := context.Background()
	if o := s.Send(ctx, queued(srv.URL+"/ok"), time.Now()); !o.OK() {
		t.Fatalf("the allowed receiver: %+v", o)
	}
	for _, target := range []string{
		"http://169.254.169.254/latest/meta-data/",
		"http://metadata.test/",
		"http://[::ffff:169.254.169.254]/",
		"http://[fe80::1]:8080/",
		"http://mapped.test/",
	} {
		refusedBy(t, s.Send(ctx, queued(srv.URL+"/to?url="+target), time.Now()), "redirect to "+target)
	}
	port := ":" + itoa(srv.Listener.Addr().(*net.TCPAddr).Port)
	if o := s.Send(ctx, queued(srv.URL+"/to?url=http://loopback.test"+port+"/ok"), time.Now()); !o.OK() {
		t.Errorf("a redirect to an allowed name: %+v", o)
	}
	n.set("flip.test", "127.0.0.1")
	if o := s.Send(ctx, queued("http://flip.test"+port+"/ok"), time.Now()); !o.OK() {
		t.Fatalf("flip.test before its DNS changed: %+v", o)
	}
	n.set("flip.test", "169.254.169.254")
	refusedBy(t, s.Send(ctx, queued("http://flip.test"+port+"/ok"), time.Now()), "flip.test after its DNS changed")

	dialled, leaked := n.seen()
	if len(leaked) != 0 {
		t.Errorf("the guard let the dialer be asked for %v", leaked)
	}
	for _, a := range dialled {
		if !strings.HasPrefix(a, "127.0.0.1:") {
			t.Errorf("dialled %s", a)
		}
	}
	// Each redirect reached the receiver once (the redirect itself); the
	// allowed ones twice; nothing else got through.
	if *hits != 1+5+2+1 {
		t.Errorf("the receiver saw %d requests", *hits)
	}
}

// TestDialerControl: the system dialer's last check, on the address the
// socket is about to connect to (called here directly: no socket is made).
func TestDialerControl(t *testing.T) {
	s := New(Options{})
	for addr, refused := range map[string]bool{
		"127.0.0.1:80": true, "[::1]:80": true, "10.0.0.1:443": true, "169.254.169.254:80": true,
		"[::ffff:169.254.169.254]:80": true, "93.184.216.34:443": false,
	} {
		err := s.control("tcp", addr, nil)
		var r *RefusedError
		if got := errors.As(err, &r); got != refused {
			t.Errorf("%s: %v", addr, err)
		}
	}
	allowing := New(Options{AllowPrivate: true})
	if err := allowing.control("tcp", "127.0.0.1:80", nil); err != nil {
		t.Errorf("loopback with the allowance: %v", err)
	}
	if err := allowing.control("tcp", "169.254.169.254:80", nil); err == nil {
		t.Error("the metadata service with the allowance")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestSendSpan: with tracing on, each attempt is a client span "webhook
// POST" with the delivery, its webhook-id and the answer's status, failed
// unless the answer was 2xx, and without the endpoint's URL (it may hold
// a token).
func TestSendSpan(t *testing.T) {
	rc := tracingtest.New(t)
	tr, err := tracing.New(context.Background(), rc.URL, "test")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tr.Shutdown(context.Background()) }()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/down" {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(srv.Close)
	s := New(Options{AllowPrivate: true})
	ctx, job := tr.Tracer().Start(context.Background(), "webhooks job")
	ok, down := queued(srv.URL+"/ok?token=SeCrEt"), queued(srv.URL+"/down")
	down.ID, down.MessageID = 2, "msg_down"
	if o := s.Send(ctx, ok, time.Now()); !o.OK() {
		t.Fatalf("ok: %+v", o)
	}
	if o := s.Send(ctx, down, time.Now()); o.OK() {
		t.Fatalf("down: %+v", o)
	}
	job.End()
	if err := tr.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var got []tracingtest.Span
	for _, sp := range rc.Spans() {
		if sp.Name == "webhook POST" {
			got = append(got, sp)
		}
		for k, v := range sp.Attributes {
			if strings.Contains(v, "SeCrEt") {
				t.Errorf("span %s attribute %s holds the URL's token: %s", sp.Name, k, v)
			}
		}
	}
	if len(got) != 2 {
		t.Fatalf("webhook spans: %+v", rc.Spans())
	}
	want := map[string][2]string{"msg_test": {"200", "STATUS_CODE_UNSET"}, "msg_down": {"503", "STATUS_CODE_ERROR"}}
	for _, sp := range got {
		w, found := want[sp.Attributes["webhook.id"]]
		if !found || sp.Attributes["http.response.status_code"] != w[0] || sp.Status.String() != w[1] ||
			sp.Kind.String() != "SPAN_KIND_CLIENT" {
			t.Errorf("span %+v, want status %v", sp, w)
		}
	}
}
