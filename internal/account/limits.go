package account

import (
	"context"
	"math"
	"strconv"
	"time"

	"platter/internal/platter"
)

// Rate limits. Counters live in the database (shared by every instance) as
// fixed windows.
const (
	SignInPerMinute = 10 // sign-ins a minute per client and e-mail
	MailPerMinute   = 1  // code or notice mails a minute per address and purpose
	MailPerHour     = 5  // … and an hour

	// SignInFreeFailures wrong passwords in a row are answered at once;
	// after that each further failure doubles the wait before the account
	// may be tried again, up to SignInMaxDelay. A delay, not a lockout: an
	// attacker can slow an account down but never shut its owner out for
	// longer than the cap, and the right password clears the count.
	SignInFreeFailures = 20
	SignInMaxDelay     = 15 * time.Minute
	// SignInFailureMemory is how long a failure count is kept without new
	// failures.
	SignInFailureMemory = 24 * time.Hour
)

// SignInDelay is the wait after the given number of consecutive failures.
func SignInDelay(failures int) time.Duration {
	if failures < SignInFreeFailures {
		return 0
	}
	n := failures - SignInFreeFailures
	if n > 20 {
		return SignInMaxDelay
	}
	d := time.Second << n
	if d > SignInMaxDelay {
		return SignInMaxDelay
	}
	return d
}

// Hitter counts events in fixed windows (store.DB).
type Hitter interface {
	Hit(ctx context.Context, key string, window time.Duration, now time.Time) (hits int, resetAt time.Time, err error)
}

// Limit counts one hit against key and refuses (1429 with retry_after)
// beyond max in the window.
func Limit(ctx context.Context, h Hitter, key string, max int, window time.Duration, now time.Time) error {
	hits, reset, err := h.Hit(ctx, key, window, now)
	if err != nil {
		return err
	}
	if hits <= max {
		return nil
	}
	return RateLimited(reset.Sub(now))
}

// RateLimited is 1429 with the wait rounded up to whole seconds (at least
// one).
func RateLimited(wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	return &platter.Error{Code: platter.CodeRateLimited, Message: "error.rate_limited",
		Params: map[string]string{"retry_after": strconv.Itoa(secs)}}
}
