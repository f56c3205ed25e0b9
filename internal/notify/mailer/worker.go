package mailer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"platter/internal/notify/mail"
)

// Outbox is the queue the worker drains (the store implements it).
type Outbox interface {
	ClaimMail(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]mail.Queued, error)
	FinishMail(ctx context.Context, id int64, attempt int, status string, now time.Time) error
	RetryMail(ctx context.Context, id int64, attempt int, status string, next time.Time, lastErr string) error
}

// Worker sends queued mail after the transaction that queued it commits. It
// wakes when poked (a commit in this process) and polls (mail queued by
// another instance, or left behind by a crash). It claims one message at a
// time, sends it and records the outcome: a lease covers exactly one send,
// which the worker cuts off before the lease can run out, so no other
// instance can take over a message still being sent. A failed send is
// retried with exponential backoff; a worker that dies mid-send leaves its
// lease to run out, and the mail is sent again by whoever claims it next.
type Worker struct {
	Outbox Outbox
	// Sender delivers mail; nil logs each message (code included, so a
	// developer can sign up locally) and marks it "outbox".
	Sender      Sender
	Log         *slog.Logger
	Poll        time.Duration // default 2 s
	Lease       time.Duration // default 2 min: one send is cut off at 3/4 of it
	MaxAttempts int           // default 12 (about four hours of backoff)
	Now         func() time.Time

	wake chan struct{}
}

// NewWorker returns a worker with the defaults filled in.
func NewWorker(o Outbox, s Sender, log *slog.Logger) *Worker {
	if log == nil {
		log = slog.Default()
	}
	return &Worker{Outbox: o, Sender: s, Log: log, Poll: 2 * time.Second, Lease: 2 * time.Minute,
		MaxAttempts: 12, Now: time.Now, wake: make(chan struct{}, 1)}
}

// Poke wakes the worker now; it never blocks.
func (w *Worker) Poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run drains the outbox until ctx ends. A message being sent when ctx ends
// is finished (within its own timeout) before Run returns.
func (w *Worker) Run(ctx context.Context) {
	t := time.NewTicker(w.Poll)
	defer t.Stop()
	for {
		w.drain(ctx)
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-t.C:
		}
	}
}

// FinishClaimer is an Outbox that can record a delivery and claim the next
// messages in one transaction (store.DB can): a busy worker then spends
// one transaction a message instead of two.
type FinishClaimer interface {
	FinishMailAndClaim(ctx context.Context, id int64, attempt int, status string, now time.Time,
		lease time.Duration, limit int) ([]mail.Queued, error)
}

// drain claims and sends messages one at a time until the outbox has none
// due (or a claim fails: the next poll tries again).
// Claiming one at a time (not a batch) is what keeps a lease valid for the
// whole of its send: the tail of a batch would wait behind slow sends while
// its lease ran out, and another instance would send it too.
func (w *Worker) drain(ctx context.Context) {
	msgs, err := w.Outbox.ClaimMail(ctx, w.Now(), w.Lease, 1)
	for err == nil && len(msgs) > 0 {
		var claimed bool
		if msgs, claimed, err = w.deliver(ctx, msgs[0]); err == nil && !claimed {
			if ctx.Err() != nil {
				return
			}
			msgs, err = w.Outbox.ClaimMail(ctx, w.Now(), w.Lease, 1)
		}
	}
	if err != nil && ctx.Err() == nil {
		w.Log.Error("mail outbox: claim", "err", err)
	}
}

// deliver sends one claimed message and records the outcome. When it sent
// it, ctx is still live and the outbox can, it claims the next message in
// the same transaction as the record (claimed: next is that claim's).
func (w *Worker) deliver(ctx context.Context, q mail.Queued) (next []mail.Queued, claimed bool, err error) {
	live := ctx.Err() == nil
	// Shutdown must not cut a send in half: the outcome is recorded even as
	// ctx ends. The send itself must end well inside the lease, so that it
	// is over (and recorded) before anyone else may claim the message.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), w.Lease*3/4)
	defer cancel()
	status := mail.StatusOutbox
	if w.Sender == nil {
		w.Log.Info("mail (no SMTP configured; kept in the outbox)", "id", q.ID, "kind", q.Kind,
			"to", q.Message.To, "subject", q.Message.Subject, "text", q.Message.Text)
	} else {
		status = mail.StatusSent
		q.Message.ID = MessageKey(q)
		err = w.Sender.Send(ctx, q.Message)
	}
	if err == nil {
		if fc, ok := w.Outbox.(FinishClaimer); ok && live {
			next, err = fc.FinishMailAndClaim(ctx, q.ID, q.Attempt, status, w.Now(), w.Lease, 1)
			if err != nil {
				w.Log.Error("mail outbox: record delivery", "id", q.ID, "err", err)
			}
			return next, err == nil, nil
		}
		if err := w.Outbox.FinishMail(ctx, q.ID, q.Attempt, status, w.Now()); err != nil {
			w.Log.Error("mail outbox: record delivery", "id", q.ID, "err", err)
		}
		return nil, false, nil
	}
	at, give := w.Now().Add(Backoff(q.Attempt)), q.Attempt >= w.MaxAttempts
	status = mail.StatusPending
	if give {
		status = mail.StatusFailed
	}
	w.Log.Warn("mail not sent", "id", q.ID, "kind", q.Kind, "attempt", q.Attempt, "gave_up", give, "err", err)
	if err := w.Outbox.RetryMail(ctx, q.ID, q.Attempt, status, at, err.Error()); err != nil {
		w.Log.Error("mail outbox: record failure", "id", q.ID, "err", err)
	}
	return nil, false, nil
}

// MessageKey is the Message-ID's left-hand side for a queued message: the
// same at every attempt of the row (a crash after the SMTP server accepted
// it and before FinishMail sends it again, and bench/scale/chaos.sh's kill
// -9 finds that window: the recipient's system can tell the copy by it),
// and unique beyond this database, being a hash of the row's id and
// content (recipient, subject, text: the order's number, time and lines).
func MessageKey(q mail.Queued) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d\x00%s\x00%s\x00%s", q.ID, q.Message.To, q.Message.Subject, q.Message.Text)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Backoff is the wait after the given failed attempt: 2 s, 4 s, 8 s, …,
// at most 30 minutes.
func Backoff(attempt int) time.Duration {
	d := 2 * time.Second
	for i := 1; i < attempt && d < 30*time.Minute; i++ {
		d *= 2
	}
	return min(d, 30*time.Minute)
}
