// Package mailer delivers Platter's mail: the SMTP sender and the outbox
// worker. Mail is queued in the database with the change that causes it
// (see the store's outbox) and sent after commit by the Worker, through a
// Sender. Only the binary's wiring imports this package; code that writes
// mail imports platter/internal/notify/mail.
package mailer

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/textproto"
	"net/url"
	"strings"
	"time"

	"net/smtp"

	"platter/internal/notify/mail"
	"platter/internal/tracing"
)

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m mail.Message) error
}

// SMTP sends through an SMTP server: smtp:// upgrades with STARTTLS when the
// server offers it, smtps:// uses implicit TLS. User and password in the URL
// authenticate with PLAIN.
type SMTP struct {
	addr     string
	implicit bool
	user     string
	pass     string
	from     string
	// Domain is the right-hand side of Message-IDs: the public host
	// (PLATTER_PUBLIC_URL's), so they are unique under a domain the
	// operator owns; "" takes the From address's domain.
	Domain string
	// TLS is the client TLS configuration; nil verifies against the system
	// roots for the server's host name.
	TLS     *tls.Config
	Timeout time.Duration
}

// NewSMTP parses an smtp:// or smtps:// URL.
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("smtp url: %w", err)
	}
	s := &SMTP{from: from, Timeout: 30 * time.Second}
	switch u.Scheme {
	case "smtp":
		s.addr = hostPort(u.Host, "587")
	case "smtps":
		s.addr, s.implicit = hostPort(u.Host, "465"), true
	default:
		return nil, fmt.Errorf("smtp url: scheme %q, want smtp or smtps", u.Scheme)
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	return s, nil
}

func hostPort(host, port string) string {
	if _, _, err := net.SplitHostPort(host); err == nil {
		return host
	}
	return net.JoinHostPort(host, port)
}

// Send delivers m over one SMTP session, from the configured address
// under m's display name (the scheme's).
func (s *SMTP) Send(ctx context.Context, m mail.Message) (err error) {
	ctx, span := tracing.StartCall(ctx, "smtp", "send")
	defer func() { tracing.End(span, err) }()
	from, err := netmail.ParseAddress(s.from)
	if err != nil {
		return fmt.Errorf("from %q: %w", s.from, err)
	}
	to, err := netmail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("to %q: %w", m.To, err)
	}
	domain := s.Domain
	if domain == "" {
		domain = from.Address[strings.LastIndexByte(from.Address, '@')+1:]
	}
	body, err := Compose(m, s.from, domain)
	if err != nil {
		return err
	}
	c, err := s.dial(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if s.user != "" {
		// net/smtp's PLAIN refuses to send a password in clear text except
		// to localhost: exactly the safety wanted here.
		host, _, _ := net.SplitHostPort(s.addr)
		if err := c.Auth(smtp.PlainAuth("", s.user, s.pass, host)); err != nil {
			return fmt.Errorf("smtp auth: %w", err)
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return fmt.Errorf("smtp mail from: %w", err)
	}
	if err := c.Rcpt(to.Address); err != nil {
		return fmt.Errorf("smtp rcpt to: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp data: %w", err)
	}
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("smtp data: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp data: %w", err)
	}
	// The server took responsibility for the message with its reply to
	// DATA. A failed QUIT after that must not count as a failure: retrying
	// would deliver the message twice.
	_ = c.Quit()
	return nil
}

func (s *SMTP) dial(ctx context.Context) (*smtp.Client, error) {
	host, _, _ := net.SplitHostPort(s.addr)
	cfg := s.TLS
	if cfg == nil {
		cfg = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}
	d := net.Dialer{Timeout: s.Timeout}
	var conn net.Conn
	var err error
	if s.implicit {
		conn, err = (&tls.Dialer{NetDialer: &d, Config: cfg}).DialContext(ctx, "tcp", s.addr)
	} else {
		conn, err = d.DialContext(ctx, "tcp", s.addr)
	}
	if err != nil {
		return nil, fmt.Errorf("smtp dial %s: %w", s.addr, err)
	}
	// The whole session ends by the sooner of ctx's deadline (the worker's
	// lease) and the SMTP timeout.
	dl := time.Now().Add(s.Timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(dl) {
		dl = d
	}
	_ = conn.SetDeadline(dl)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("smtp greeting: %w", err)
	}
	if err := c.Hello("localhost"); err != nil {
		c.Close()
		return nil, fmt.Errorf("smtp hello: %w", err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok && !s.implicit {
		if err := c.StartTLS(cfg); err != nil {
			c.Close()
			return nil, fmt.Errorf("smtp starttls: %w", err)
		}
	}
	return c, nil
}

// Compose renders m as an RFC 5322 message: multipart/alternative with a
// text and an HTML part, headers encoded for non-ASCII names and subjects.
// It is sent from the address of from (PLATTER_MAIL_FROM) under m.FromName
// (from's own name when m has none), with m's Reply-To, marked
// Auto-Submitted (RFC 3834: no autoresponder answers it), and a
// Message-ID under domain (m.ID, else random). No List-Unsubscribe: every mail Platter sends
// is one the reader's own action or order causes, none is marketing.
func Compose(m mail.Message, from, domain string) ([]byte, error) {
	var b bytes.Buffer
	boundary := randomHex(12)
	hdr := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	hdr("From", fromWithName(m.FromName, from))
	if m.ReplyTo != "" {
		hdr("Reply-To", encodeAddress(m.ReplyTo))
	}
	hdr("To", encodeAddress(m.To))
	hdr("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	hdr("Date", time.Now().UTC().Format(time.RFC1123Z))
	if domain == "" {
		domain = "localhost"
	}
	local := m.ID
	if local == "" {
		local = randomHex(16)
	}
	hdr("Message-ID", "<"+local+"@"+domain+">")
	hdr("Auto-Submitted", "auto-generated")
	hdr("MIME-Version", "1.0")
	hdr("Content-Type", `multipart/alternative; boundary="`+boundary+`"`)
	b.WriteString("\r\n")
	w := multipart.NewWriter(&b)
	if err := w.SetBoundary(boundary); err != nil {
		return nil, err
	}
	for _, part := range []struct{ ctype, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		if part.body == "" {
			continue
		}
		pw, err := w.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.ctype + "; charset=utf-8"},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		qp := quotedprintable.NewWriter(pw)
		if _, err := qp.Write([]byte(strings.ReplaceAll(part.body, "\n", "\r\n"))); err != nil {
			return nil, err
		}
		if err := qp.Close(); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// fromWithName is from's address under name ("" keeps from's own name).
func fromWithName(name, from string) string {
	a, err := netmail.ParseAddress(from)
	if err != nil {
		return from
	}
	if name != "" {
		a.Name = name
	}
	return a.String() // encodes a non-ASCII display name
}

func encodeAddress(s string) string {
	a, err := netmail.ParseAddress(s)
	if err != nil {
		return s
	}
	return a.String() // encodes a non-ASCII display name
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
