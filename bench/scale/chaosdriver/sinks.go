package main

// What the instances send out, received in this process and logged: an
// SMTP server (every message's recipient, subject and Message-ID) and a
// webhook receiver (every POST's webhook-id, event type, order and
// whether its Standard Webhooks signature holds), plus the JSON-lines
// logs themselves.

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
)

// logs are the driver's JSON-lines files in one directory.
type logs struct {
	mu                           sync.Mutex
	calls, mail, hooks, streamsF *os.File
}

func openLogs(dir string) (*logs, error) {
	l := &logs{}
	for name, f := range map[string]**os.File{"calls.jsonl": &l.calls, "mail.jsonl": &l.mail,
		"webhooks.jsonl": &l.hooks, "streams.jsonl": &l.streamsF} {
		var err error
		if *f, err = os.Create(filepath.Join(dir, name)); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func (l *logs) write(f *os.File, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, err := f.Write(append(b, '\n')); err != nil {
		fmt.Fprintln(os.Stderr, "chaos driver: log:", err)
		os.Exit(1)
	}
}

func (l *logs) call(r record) {
	r.T = time.Now().UnixMilli()
	l.write(l.calls, r)
}

func (l *logs) close() {
	for _, f := range []*os.File{l.calls, l.mail, l.hooks, l.streamsF} {
		_ = f.Sync()
		_ = f.Close()
	}
}

// mailLine is one line of mail.jsonl: a message the SMTP server accepted.
type mailLine struct {
	T         int64  `json:"t"`
	To        string `json:"to"`
	Subject   string `json:"subject"`
	MessageID string `json:"message_id"`
}

// serveSMTP accepts mail on addr (plain SMTP, no auth) and logs it.
func serveSMTP(addr string, l *logs) (*smtp.Server, error) {
	srv := smtp.NewServer(smtpBackend{l})
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 30*time.Second, 30*time.Second
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	go func() { _ = srv.Serve(ln) }()
	return srv, nil
}

type smtpBackend struct{ l *logs }

func (b smtpBackend) NewSession(*smtp.Conn) (smtp.Session, error) { return &smtpSession{l: b.l}, nil }

type smtpSession struct {
	l  *logs
	to string
}

func (s *smtpSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = to
	return nil
}
func (s *smtpSession) Reset()        {}
func (s *smtpSession) Logout() error { return nil }

// Data logs the message before answering 250: once the line is written
// the message counts as delivered, as it would at a real server.
func (s *smtpSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return err
	}
	s.l.write(s.l.mail, mailLine{T: time.Now().UnixMilli(), To: strings.ToLower(s.to), Subject: subject,
		MessageID: m.Header.Get("Message-ID")})
	return nil
}

// hookLine is one line of webhooks.jsonl: a POST the receiver answered 204.
type hookLine struct {
	T         int64  `json:"t"`
	WebhookID string `json:"webhook_id"`
	Type      string `json:"type"`
	OrderID   int64  `json:"order_id,omitempty"`
	Status    string `json:"status,omitempty"`
	BodySHA   string `json:"body_sha"`
	SigOK     bool   `json:"sig_ok"`
}

// hooks receives the webhooks; secret is set once the endpoint exists.
type hooks struct {
	l      *logs
	mu     sync.Mutex
	secret []byte
}

func (h *hooks) setSecret(s string) error {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, "whsec_"))
	h.mu.Lock()
	h.secret = key
	h.mu.Unlock()
	return err
}

func (h *hooks) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var ev struct {
		Type string `json:"type"`
		Data struct {
			Order struct {
				ID     int64  `json:"id"`
				Status string `json:"status"`
			} `json:"order"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id, ts := r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp")
	h.mu.Lock()
	mac := hmac.New(sha256.New, h.secret)
	h.mu.Unlock()
	mac.Write([]byte(id + "." + ts + "."))
	mac.Write(body)
	want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
	ok := false
	for _, sig := range strings.Fields(r.Header.Get("webhook-signature")) {
		ok = ok || hmac.Equal([]byte(sig), []byte(want))
	}
	sum := sha256.Sum256(body)
	h.l.write(h.l.hooks, hookLine{T: time.Now().UnixMilli(), WebhookID: id, Type: ev.Type,
		OrderID: ev.Data.Order.ID, Status: ev.Data.Order.Status, BodySHA: fmt.Sprintf("%x", sum[:8]), SigOK: ok})
	w.WriteHeader(http.StatusNoContent)
}
