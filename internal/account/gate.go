package account

import (
	"context"
	"runtime"
	"strconv"
	"time"

	"platter/internal/platter"
)

// Gate bounds how many password hashes run at once. argon2id takes 19 MiB
// and a core for tens of milliseconds per hash: unbounded, 100 concurrent
// sign-ins held 1.9 GB. Past a short wait for a slot, the caller is told
// to come back (503 code 1503 with Retry-After) rather than queue without
// bound.
type Gate struct {
	slots chan struct{}
	wait  time.Duration
}

// NewGate allows n hashes at once, each waiting at most wait for a slot.
func NewGate(n int, wait time.Duration) *Gate {
	if n < 1 {
		n = 1
	}
	return &Gate{slots: make(chan struct{}, n), wait: wait}
}

// DefaultGate allows one hash per usable core, with a two-second wait.
func DefaultGate() *Gate { return NewGate(runtime.GOMAXPROCS(0), 2*time.Second) }

// Enter takes a slot, waiting at most the gate's wait; release gives it
// back. A full gate is 1503 (busy) with a retry_after of one second.
func (g *Gate) Enter(ctx context.Context) (release func(), err error) {
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots }, nil
	case <-t.C:
		return nil, ErrBusy()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// ErrBusy is the answer when password hashing is saturated.
func ErrBusy() error {
	return &platter.Error{Code: platter.CodeUnavailable, Message: "error.busy",
		Params: map[string]string{"retry_after": strconv.Itoa(1)}}
}

// Hash is HashPassword inside the gate.
func (g *Gate) Hash(ctx context.Context, pw string) (string, error) {
	release, err := g.Enter(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	h, err := HashPassword(pw)
	if err != nil {
		return "", platter.Internal(err)
	}
	return h, nil
}

// Check is CheckPassword inside the gate; a malformed or empty hash (an
// account without a password) is a mismatch, after the same work.
func (g *Gate) Check(ctx context.Context, hash, pw string) (bool, error) {
	release, err := g.Enter(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	ok, err := CheckPassword(hash, pw)
	if err != nil {
		BurnTime(pw)
		return false, nil
	}
	return ok, nil
}

// Burn spends one hash inside the gate, so an unknown address costs as
// much as a known one and cannot be told apart by timing.
func (g *Gate) Burn(ctx context.Context, pw string) error {
	_, err := g.Check(ctx, dummyHash, pw)
	return err
}
