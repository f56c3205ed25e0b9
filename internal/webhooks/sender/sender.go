// Package sender delivers the webhooks the store queued (docs/architecture.md
// §11): the HTTP client behind its SSRF guard, the Standard Webhooks 1.0
// headers, and the job that claims deliveries, posts them and records each
// attempt. It is the only part of webhooks that talks to the network; the
// store never imports it.
package sender

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"syscall"
	"time"

	"go.opentelemetry.io/otel/attribute"

	"platter/internal/tracing"
	"platter/internal/webhooks"
)

// Bounds of one attempt.
const (
	Timeout        = 10 * time.Second // the whole attempt, redirects included
	DialTimeout    = 5 * time.Second
	MaxRedirects   = 3
	MaxResponse    = 4 << 10 // bytes of an answer read (then the connection is closed)
	MaxHeaderBytes = 16 << 10
)

// Resolver resolves a host name (net.Resolver is one).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// DialFunc opens a connection to an address ("ip:port").
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// RefusedError is the SSRF guard's refusal: host resolved to an address a
// webhook may not reach (webhooks.Refused).
type RefusedError struct {
	Host   string
	Addr   netip.Addr
	Reason string // "private" or "reserved"
}

func (e *RefusedError) Error() string {
	if e.Host != "" && e.Host != e.Addr.String() {
		return fmt.Sprintf("refused: %s resolves to %s, a %s address", e.Host, e.Addr, e.Reason)
	}
	return fmt.Sprintf("refused: %s is a %s address", e.Addr, e.Reason)
}

// Sender posts deliveries. Every connection it opens, to the endpoint or to
// where a redirect leads, goes through guardedDial: the host is resolved
// once, every address it resolves to is judged by webhooks.Refused, and
// only then is the checked address itself dialled (never the name again,
// so a DNS answer that changes between the check and the connection
// changes nothing). The default dialer checks the address once more in its
// Control hook, just before connect(2). No proxy from the environment is
// used: a proxy would connect on the sender's behalf, past the guard.
type Sender struct {
	AllowPrivate bool // PLATTER_WEBHOOKS_ALLOW_PRIVATE: loopback and private networks may be reached
	Resolver     Resolver
	Dial         DialFunc
	UserAgent    string
	client       *http.Client
}

// Options build a Sender; nil Resolver and Dial are the system's, guarded.
type Options struct {
	AllowPrivate bool
	Resolver     Resolver
	Dial         DialFunc
}

// New returns a sender.
func New(o Options) *Sender {
	s := &Sender{AllowPrivate: o.AllowPrivate, Resolver: o.Resolver, Dial: o.Dial, UserAgent: "Platter-Webhooks/1.0"}
	if s.Resolver == nil {
		s.Resolver = net.DefaultResolver
	}
	if s.Dial == nil {
		d := &net.Dialer{Timeout: DialTimeout, Control: s.control}
		s.Dial = d.DialContext
	}
	tr := &http.Transport{
		Proxy:                  nil,
		DialContext:            s.guardedDial,
		ForceAttemptHTTP2:      true,
		TLSHandshakeTimeout:    5 * time.Second,
		ResponseHeaderTimeout:  Timeout,
		MaxIdleConns:           20,
		MaxIdleConnsPerHost:    2,
		IdleConnTimeout:        30 * time.Second,
		MaxResponseHeaderBytes: MaxHeaderBytes,
		DisableCompression:     true,
	}
	s.client = &http.Client{Transport: tr, Timeout: Timeout, CheckRedirect: checkRedirect}
	return s
}

// checkRedirect follows at most MaxRedirects, to http or https only; where
// they lead is judged by the guard when it is dialled.
func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > MaxRedirects {
		return fmt.Errorf("more than %d redirects", MaxRedirects)
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return fmt.Errorf("redirect to a %q URL", req.URL.Scheme)
	}
	return nil
}

// guardedDial resolves host, refuses the connection when any address it
// resolves to is refused, and dials the checked addresses in turn.
func (s *Sender) guardedDial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		ctx, cancel := context.WithTimeout(ctx, DialTimeout)
		ips, err = s.Resolver.LookupNetIP(ctx, "ip", host)
		cancel()
		if err != nil {
			return nil, err
		}
	}
	if len(ips) == 0 {
		return nil, fmt.Errorf("%s has no address", host)
	}
	for _, ip := range ips {
		if reason := webhooks.Refused(ip, s.AllowPrivate); reason != "" {
			return nil, &RefusedError{Host: host, Addr: ip.Unmap(), Reason: reason}
		}
	}
	p, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, ip := range ips {
		c, err := s.Dial(ctx, network, netip.AddrPortFrom(ip.Unmap(), uint16(p)).String())
		if err == nil {
			return c, nil
		}
		errs = append(errs, err)
	}
	return nil, errors.Join(errs...)
}

// control is the default dialer's last check, on the address the socket is
// about to connect to.
func (s *Sender) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return err
	}
	if reason := webhooks.Refused(ap.Addr(), s.AllowPrivate); reason != "" {
		return &RefusedError{Addr: ap.Addr().Unmap(), Reason: reason}
	}
	return nil
}

// Send makes one attempt of q at `at` (its webhook-timestamp): POST the body
// with webhook-id, webhook-timestamp and webhook-signature (every current
// secret signing), read at most MaxResponse of the answer, and say what came
// of it. Only a 2xx answer delivers.
func (s *Sender) Send(ctx context.Context, q webhooks.Queued, at time.Time) (o webhooks.Outcome) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	// A client span per attempt (a trace of its own from the worker),
	// failed unless the endpoint answered 2xx; the URL is not in it (it
	// may hold a token), the delivery, its webhook-id and the answer are.
	ctx, span := tracing.StartCall(ctx, "webhook", "POST")
	defer func() {
		if span.IsRecording() {
			span.SetAttributes(attribute.Int64("platter.delivery_id", q.ID), attribute.Int("platter.attempt", q.Attempt),
				attribute.String("webhook.id", q.MessageID), attribute.Int("http.response.status_code", o.ResponseCode))
		}
		var err error
		if !o.OK() {
			err = errors.New(o.Err)
		}
		tracing.End(span, err)
	}()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, q.URL, bytes.NewReader(q.Body))
	if err != nil {
		return webhooks.Outcome{Err: "invalid URL", Duration: time.Since(start)}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", s.UserAgent)
	req.Header.Set("webhook-id", q.MessageID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(at.Unix(), 10))
	req.Header.Set("webhook-signature", webhooks.Sign(q.Secrets, q.MessageID, at, q.Body))
	resp, err := s.client.Do(req)
	if err != nil {
		return webhooks.Outcome{Err: describe(err), Duration: time.Since(start)}
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, MaxResponse))
	_ = resp.Body.Close()
	o = webhooks.Outcome{ResponseCode: resp.StatusCode, Duration: time.Since(start)}
	if !o.OK() {
		o.Err = "HTTP " + strconv.Itoa(resp.StatusCode)
	}
	return o
}

// describe says what went wrong without the request's URL (which the log
// line shows already).
func describe(err error) string {
	var r *RefusedError
	if errors.As(err, &r) {
		return r.Error()
	}
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) {
		if inner := ue.Unwrap(); inner != nil {
			return inner.Error()
		}
	}
	return err.Error()
}
