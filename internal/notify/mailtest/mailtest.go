// Package mailtest runs a real SMTP server (emersion/go-smtp) in the test's
// process and keeps what it receives, so mail is tested end to end.
package mailtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Mail is one received message.
type Mail struct {
	From, To string
	Raw      []byte
	Msg      *mail.Message
}

// Parts returns the text and HTML parts of a multipart/alternative message,
// decoded from quoted-printable.
func (m Mail) Parts(tb testing.TB) (text, html string) {
	tb.Helper()
	_, params, err := mime.ParseMediaType(m.Msg.Header.Get("Content-Type"))
	if err != nil {
		tb.Fatal(err)
	}
	r := multipart.NewReader(m.Msg.Body, params["boundary"])
	for {
		p, err := r.NextRawPart()
		if err == io.EOF {
			return text, html
		}
		if err != nil {
			tb.Fatal(err)
		}
		b, _ := io.ReadAll(quotedprintable.NewReader(p))
		if strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") {
			html = string(b)
		} else {
			text = string(b)
		}
	}
}

// Server is a running SMTP server.
type Server struct {
	Addr string
	// CertPool trusts the server's certificate (for STARTTLS and implicit TLS).
	CertPool *x509.CertPool
	User     string
	Pass     string

	mu       sync.Mutex
	received []Mail
	notify   chan struct{}
	opts     Options
}

// Options choose how the server behaves.
type Options struct {
	TLS      bool // offer STARTTLS (or, with Implicit, speak TLS from the start)
	Implicit bool
	User     string // require AUTH PLAIN with these credentials when set
	Pass     string
	// OnData runs as each message arrives, before it is accepted: a slow
	// server, in a test that advances its clock here as if the send took
	// that long (and looks at the world meanwhile).
	OnData func(Mail)
	// DropQuit closes the connection when the client says QUIT, without the
	// 221 reply: the message was accepted, yet the client sees an error. It
	// reads the plain-text command stream, so it does not combine with TLS.
	DropQuit bool
}

// Start runs a server on 127.0.0.1:0 until the test ends.
func Start(tb testing.TB, o Options) *Server {
	tb.Helper()
	s := &Server{User: o.User, Pass: o.Pass, notify: make(chan struct{}, 1), opts: o}
	srv := smtp.NewServer(&backend{s})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	var ln net.Listener
	var err error
	if o.TLS || o.Implicit {
		cert, pool := selfSigned(tb)
		s.CertPool = pool
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	}
	if o.Implicit {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", srv.TLSConfig)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		tb.Fatal(err)
	}
	s.Addr = ln.Addr().String()
	if o.DropQuit {
		ln = dropQuitListener{ln}
	}
	go func() { _ = srv.Serve(ln) }()
	tb.Cleanup(func() { srv.Close() })
	return s
}

// Received returns every message so far.
func (s *Server) Received() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.received...)
}

// Wait returns the first message to `to` that arrives within d.
func (s *Server) Wait(tb testing.TB, to string, d time.Duration) Mail {
	tb.Helper()
	deadline := time.After(d)
	for {
		for _, m := range s.Received() {
			if strings.EqualFold(m.To, to) {
				return m
			}
		}
		select {
		case <-s.notify:
		case <-deadline:
			tb.Fatalf("no mail to %s within %s", to, d)
		}
	}
}

type backend struct{ s *Server }

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s        *Server
	from, to string
	authed   bool
}

func (se *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (se *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != se.s.User || pass != se.s.Pass {
			return errors.New("bad credentials")
		}
		se.authed = true
		return nil
	}), nil
}

func (se *session) Mail(from string, _ *smtp.MailOptions) error {
	if se.s.User != "" && !se.authed {
		return smtp.ErrAuthRequired
	}
	se.from = from
	return nil
}

func (se *session) Rcpt(to string, _ *smtp.RcptOptions) error { se.to = to; return nil }

func (se *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	msg, err := mail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		return err
	}
	m := Mail{From: se.from, To: se.to, Raw: raw, Msg: msg}
	if se.s.opts.OnData != nil {
		se.s.opts.OnData(m)
	}
	se.s.mu.Lock()
	se.s.received = append(se.s.received, m)
	se.s.mu.Unlock()
	select {
	case se.s.notify <- struct{}{}:
	default:
	}
	return nil
}

func (se *session) Reset()        {}
func (se *session) Logout() error { return nil }

// dropQuitListener hands out connections that hang up on QUIT.
type dropQuitListener struct{ net.Listener }

func (l dropQuitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &dropQuitConn{Conn: c}, nil
}

// dropQuitConn closes itself instead of passing a QUIT command to the
// server, so no 221 reply is ever written. Clients send QUIT on its own
// after the reply to DATA, so it starts a read.
type dropQuitConn struct{ net.Conn }

func (c *dropQuitConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n >= 4 && strings.EqualFold(string(p[:4]), "QUIT") {
		c.Conn.Close()
		return 0, io.EOF
	}
	return n, err
}

func selfSigned(tb testing.TB) (tls.Certificate, *x509.CertPool) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	leaf, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}
