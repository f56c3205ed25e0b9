package notify_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/internal/notify"
	"platter/internal/notify/mailtest"
)

// memOutbox is an in-memory Outbox recording what the worker decided.
type memOutbox struct {
	mu       sync.Mutex
	pending  []notify.Queued
	finished map[int64]string
	retried  map[int64]string
	next     map[int64]time.Time
}

func (o *memOutbox) ClaimMail(_ context.Context, _ time.Time, _ time.Duration, limit int) ([]notify.Queued, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := min(limit, len(o.pending))
	out := o.pending[:n]
	o.pending = o.pending[n:]
	return out, nil
}

func (o *memOutbox) FinishMail(_ context.Context, id int64, _ int, status string, _ time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.finished[id] = status
	return nil
}

func (o *memOutbox) RetryMail(_ context.Context, id int64, _ int, status string, next time.Time, _ string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.retried[id], o.next[id] = status, next
	return nil
}

type failSender struct{}

func (failSender) Send(context.Context, notify.Message) error {
	return errors.New("connection refused")
}

func runOnce(t *testing.T, o *memOutbox, s notify.Sender, now time.Time) {
	t.Helper()
	w := notify.NewWorker(o, s, slog.New(slog.NewTextHandler(io.Discard, nil)))
	w.Now = func() time.Time { return now }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); w.Run(ctx) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		o.mu.Lock()
		left := len(o.pending)
		o.mu.Unlock()
		if left == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
}

func TestWorkerOutcomes(t *testing.T) {
	t.Parallel()
	newBox := func(attempts ...int) *memOutbox {
		o := &memOutbox{finished: map[int64]string{}, retried: map[int64]string{}, next: map[int64]time.Time{}}
		for i, a := range attempts {
			o.pending = append(o.pending, notify.Queued{ID: int64(i + 1), Attempt: a,
				Message: notify.Message{To: "a@example.test", Subject: "s", Text: "code 123456"}})
		}
		return o
	}
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)

	o := newBox(1)
	runOnce(t, o, nil, now)
	if o.finished[1] != notify.StatusOutbox {
		t.Errorf("without SMTP: %v", o.finished)
	}
	o = newBox(1, 3, 12)
	runOnce(t, o, failSender{}, now)
	if o.retried[1] != notify.StatusPending || !o.next[1].Equal(now.Add(2*time.Second)) ||
		!o.next[2].Equal(now.Add(8*time.Second)) || o.retried[3] != notify.StatusFailed {
		t.Errorf("retries: %v %v", o.retried, o.next)
	}
	if notify.Backoff(40) != 30*time.Minute {
		t.Errorf("backoff is not capped: %v", notify.Backoff(40))
	}
}

func TestRenderTemplates(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en-US", "pl-PL", "de-DE"} {
		for _, kind := range []string{notify.KindVerifyCode, notify.KindResetCode, notify.KindAlreadyRegistered} {
			code := ""
			if kind != notify.KindAlreadyRegistered {
				code = "042917"
			}
			m, err := notify.Render(kind, notify.MailData{Lang: lang, SchemeName: "Ember & <Bun>",
				Colour: "#e4572e", Code: code, Link: "http://localhost:8080/demo-burgers"})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(m.Subject, "Ember & <Bun>") || !strings.Contains(m.Text, code) ||
				!strings.Contains(m.HTML, "Ember &amp; &lt;Bun&gt;") || !strings.Contains(m.HTML, "#e4572e") {
				t.Errorf("%s %s: %+v", lang, kind, m)
			}
		}
	}
	pl, _ := notify.Render(notify.KindVerifyCode, notify.MailData{Lang: "pl-PL", SchemeName: "Smok", Code: "1"})
	if !strings.Contains(pl.Subject, "kod weryfikacyjny") {
		t.Errorf("Polish subject %q", pl.Subject)
	}
	bad, _ := notify.Render(notify.KindVerifyCode, notify.MailData{SchemeName: "x", Colour: "red;}</style>"})
	if strings.Contains(bad.HTML, "red;") {
		t.Errorf("an invalid colour reached the HTML")
	}
	if _, err := notify.Render("nope", notify.MailData{}); err == nil {
		t.Error("unknown kind rendered")
	}
}

// TestQuitErrorAfterDataCountsAsSent: the server accepts the message (250
// after DATA) and then hangs up on QUIT. The mail was delivered, so the
// worker records it as sent and does not send it again.
func TestQuitErrorAfterDataCountsAsSent(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{DropQuit: true})
	sender, err := notify.NewSMTP("smtp://"+srv.Addr, "Platter <no-reply@example.test>")
	if err != nil {
		t.Fatal(err)
	}
	o := &memOutbox{finished: map[int64]string{}, retried: map[int64]string{}, next: map[int64]time.Time{},
		pending: []notify.Queued{{ID: 1, Attempt: 1, Message: notify.Message{To: "a@example.test", Subject: "s", Text: "x"}}}}
	runOnce(t, o, sender, time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	if o.finished[1] != notify.StatusSent || o.retried[1] != "" {
		t.Errorf("finished %v, retried %v; want sent, no retry", o.finished, o.retried)
	}
	if n := len(srv.Received()); n != 1 {
		t.Errorf("server received %d messages, want 1", n)
	}
}
