package store_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/notify/mailer"
	"platter/internal/notify/mailtest"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// queueSignUps signs up n addresses at the first demo scheme, queueing one
// mail each, and returns the scheme id.
func queueSignUps(t *testing.T, db *store.DB, n int, now time.Time) int64 {
	t.Helper()
	schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
	for i := 0; i < n; i++ {
		email := fmt.Sprintf("q%d@example.test", i)
		su := account.SignUp{SchemeID: schemeID, Email: email, CodeHash: account.HashToken("123456"),
			Profile: account.Profile{PasswordHash: "x", Email: email}}
		m := mail.Message{To: email, Subject: "code", Text: "123456"}
		if err := db.SignUp(context.Background(), su, m, m, now); err != nil {
			t.Fatal(err)
		}
	}
	return schemeID
}

// TestClaimMailOnce has many workers claim at once: every message goes to
// exactly one of them.
func TestClaimMailOnce(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Now()
		queueSignUps(t, db, 40, now)
		var (
			mu     sync.Mutex
			counts = map[int64]int{}
			wg     sync.WaitGroup
		)
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					got, err := db.ClaimMail(context.Background(), now, time.Minute, 3)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, q := range got {
						counts[q.ID]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(counts) != 40 {
			t.Errorf("%d messages claimed, want 40", len(counts))
		}
		for id, n := range counts {
			if n != 1 {
				t.Errorf("message %d claimed %d times", id, n)
			}
		}
	})
}

// TestLeaseAndRetry: a claim holds until its lease ends; then another worker
// takes over, and the first one's late outcome is ignored. A retry waits
// for its time.
func TestLeaseAndRetry(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now()
		queueSignUps(t, db, 1, now)
		first, _ := db.ClaimMail(ctx, now, time.Minute, 10)
		if len(first) != 1 || first[0].Attempt != 1 || first[0].Message.To != "q0@example.test" {
			t.Fatalf("first claim: %+v", first)
		}
		if again, _ := db.ClaimMail(ctx, now.Add(59*time.Second), time.Minute, 10); len(again) != 0 {
			t.Fatalf("claimed during the lease: %+v", again)
		}
		second, _ := db.ClaimMail(ctx, now.Add(61*time.Second), time.Minute, 10)
		if len(second) != 1 || second[0].Attempt != 2 {
			t.Fatalf("after the lease: %+v", second)
		}
		// The first worker's late success must not count: the second holds it.
		if err := db.FinishMail(ctx, first[0].ID, first[0].Attempt, mail.StatusSent, now); err != nil {
			t.Fatal(err)
		}
		next := now.Add(2 * time.Minute)
		if err := db.RetryMail(ctx, second[0].ID, second[0].Attempt, mail.StatusPending, next, "refused"); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.ClaimMail(ctx, next.Add(-time.Second), time.Minute, 10); len(got) != 0 {
			t.Fatalf("claimed before its retry time: %+v", got)
		}
		third, _ := db.ClaimMail(ctx, next, time.Minute, 10)
		if len(third) != 1 || third[0].Attempt != 3 {
			t.Fatalf("retry: %+v", third)
		}
		if err := db.FinishMail(ctx, third[0].ID, third[0].Attempt, mail.StatusSent, next); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.ClaimMail(ctx, next.Add(time.Hour), time.Minute, 10); len(got) != 0 {
			t.Fatalf("a sent message was claimed again: %+v", got)
		}
	})
}

func TestRateLimitWindows(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2030, 1, 1, 12, 0, 30, 0, time.UTC)
		var wg sync.WaitGroup
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, _, err := db.Hit(ctx, "k", time.Minute, start); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		n, reset, err := db.Hit(ctx, "k", time.Minute, start)
		if err != nil || n != 21 || !reset.Equal(start.Add(30*time.Second)) {
			t.Fatalf("hit = %d, %v, %v; want 21 at 12:01:00", n, reset, err)
		}
		if n, _, _ := db.Hit(ctx, "other", time.Minute, start); n != 1 {
			t.Errorf("another key counted %d", n)
		}
		if n, _, _ := db.Hit(ctx, "k", time.Minute, start.Add(30*time.Second)); n != 1 {
			t.Errorf("a new window counted %d", n)
		}
		if err := db.Prune(ctx, start.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	})
}

// fakeClock is a clock the test moves by hand (shared by workers).
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestSlowSMTPNoSecondClaim: a worker sends ten queued messages through an
// SMTP server where each takes 30 s (of the workers' clock) to be accepted;
// ten take 300 s, longer than the 2-minute lease. While each message is in
// the server's hands, a second instance's worker polls the outbox (the
// probe in OnData): it must never get a message that is being sent or was
// sent, and every address receives its mail exactly once.
func TestSlowSMTPNoSecondClaim(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := &fakeClock{now: time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)}
		queueSignUps(t, db, 10, clock.Now())
		var (
			mu       sync.Mutex
			received = map[string]bool{}
			problems []string
		)
		// The second instance: claims whatever is due now, reports what it
		// should not have got, and gives the rest back at once.
		secondInstance := func(inFlight string) {
			got, err := db.ClaimMail(ctx, clock.Now(), 2*time.Minute, 10)
			if err != nil {
				problems = append(problems, err.Error())
			}
			for _, q := range got {
				if q.Message.To == inFlight || received[q.Message.To] {
					problems = append(problems, q.Message.To+" claimed by a second worker after its send began")
				}
				if err := db.RetryMail(ctx, q.ID, q.Attempt, mail.StatusPending, clock.Now(), ""); err != nil {
					problems = append(problems, err.Error())
				}
			}
		}
		srv := mailtest.Start(t, mailtest.Options{OnData: func(m mailtest.Mail) {
			mu.Lock()
			defer mu.Unlock()
			clock.Advance(30 * time.Second)
			secondInstance(m.To)
			received[m.To] = true
		}})
		sender, err := mailer.NewSMTP("smtp://"+srv.Addr, "Platter <no-reply@example.test>")
		if err != nil {
			t.Fatal(err)
		}
		w := mailer.NewWorker(db, sender, slog.New(slog.NewTextHandler(io.Discard, nil)))
		w.Now, w.Poll = clock.Now, 5*time.Millisecond
		runCtx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); w.Run(runCtx) }()
		for i := 0; i < 10; i++ {
			srv.Wait(t, fmt.Sprintf("q%d@example.test", i), 30*time.Second)
		}
		cancel()
		<-done // the worker finishes what it holds before Run returns
		mu.Lock()
		defer mu.Unlock()
		for _, p := range problems {
			t.Error(p)
		}
		seen := map[string]int{}
		for _, m := range srv.Received() {
			seen[m.To]++
		}
		for to, n := range seen {
			if n != 1 {
				t.Errorf("%s received %d mails, want 1", to, n)
			}
		}
		if got, _ := db.ClaimMail(ctx, clock.Now().Add(time.Hour), time.Minute, 10); len(got) != 0 {
			t.Errorf("%d messages still due after delivery", len(got))
		}
	})
}

// TestFinishMailAndClaim: a busy worker records a delivery and takes the
// next message in one transaction; the one it sent is never handed out
// again, and the one it took is held by its lease like any claim's. Many
// workers doing so at once send every message once.
func TestFinishMailAndClaim(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now()
		const n = 40
		queueSignUps(t, db, n, now)
		var (
			mu   sync.Mutex
			sent = map[int64]int{}
			wg   sync.WaitGroup
		)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				msgs, err := db.ClaimMail(ctx, now, time.Minute, 1)
				for err == nil && len(msgs) == 1 {
					mu.Lock()
					sent[msgs[0].ID]++
					mu.Unlock()
					msgs, err = db.FinishMailAndClaim(ctx, msgs[0].ID, msgs[0].Attempt, mail.StatusSent, now, time.Minute, 1)
				}
				if err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if len(sent) != n {
			t.Fatalf("%d of %d messages sent", len(sent), n)
		}
		for id, times := range sent {
			if times != 1 {
				t.Errorf("message %d sent %d times", id, times)
			}
		}
		if got, _ := db.ClaimMail(ctx, now.Add(time.Hour), time.Minute, 10); len(got) != 0 {
			t.Fatalf("sent messages were claimed again: %d", len(got))
		}
	})
}
