package httpapi_test

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// peakHeap runs fn while sampling the Go heap, and returns the largest heap
// seen minus the heap before fn.
func peakHeap(fn func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
	var peak uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak {
				peak = v
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	fn()
	close(stop)
	<-done
	if peak < base {
		return 0
	}
	return peak - base
}

// burst sends n calls at once and returns their statuses.
func burst(e *env, n int, body func(i int) any, path string) []*response {
	out := make([]*response, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); out[i] = e.call(path, body(i)) }()
	}
	wg.Wait()
	return out
}

// TestSignInBurstMemoryBounded: argon2id takes 19 MiB per hash, so 60
// concurrent sign-ins used to hold 60 of them at once (over 1 GiB). Hashing
// is now bounded to about GOMAXPROCS at a time; the rest wait their turn (or,
// past a short wait, are told to come back with 503 code 1503). Not
// parallel: it measures the process's heap.
func TestSignInBurstMemoryBounded(t *testing.T) {
	e := startAuth(t, storetest.Open(t, store.SQLite), nil, nil)
	const n = 60
	var res []*response
	grew := peakHeap(func() {
		res = burst(e, n, func(i int) any {
			return data("business_slug", "demo-burgers", "email", fmt.Sprintf("u%d@example.test", i), "password", "Wrong-pass-1")
		}, "auth/signin")
	})
	limit := uint64(400 << 20)
	if per := uint64(runtime.GOMAXPROCS(0)) * 19 << 20 * 3; per > limit {
		limit = per
	}
	if grew > limit {
		t.Errorf("%d concurrent sign-ins grew the heap by %d MiB (limit %d MiB)", n, grew>>20, limit>>20)
	}
	for i, r := range res {
		if r.Status != 401 && r.Status != 503 {
			t.Errorf("sign-in %d: %s", i, r.Raw)
		}
	}
}

// holdGate takes every slot of the server's password gate until the test
// ends, so the next hash cannot start.
func holdGate(t *testing.T, g *account.Gate, slots int) func() {
	t.Helper()
	var releases []func()
	for i := 0; i < slots; i++ {
		rel, err := g.Enter(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, rel)
	}
	return func() {
		for _, r := range releases {
			r()
		}
	}
}

// TestHashingBusyAnswers1503: when every hashing slot stays busy past the
// short wait, a sign-in is answered 503 code 1503 with Retry-After, in the
// caller's language, instead of queueing without bound.
func TestHashingBusyAnswers1503(t *testing.T) {
	t.Parallel()
	gate := account.NewGate(1, 50*time.Millisecond)
	e := start(t, storetest.Open(t, store.SQLite), options{gate: gate})
	release := holdGate(t, gate, 1)
	r := e.call("auth/signin", data("business_slug", "demo-burgers", "email", "a@example.test", "password", "Wrong-pass-1"),
		"Accept-Language", "pl-PL")
	r.wantError(t, 503, 1503)
	if ra, _ := strconv.Atoi(r.Header.Get("Retry-After")); ra < 1 {
		t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	if r.Body["message"] == "The service is busy. Please try again in a moment." {
		t.Errorf("pl-PL caller got English: %v", r.Body["message"])
	}
	release()
	e.call("auth/signin", data("business_slug", "demo-burgers", "email", "a@example.test", "password", "Wrong-pass-1")).
		wantError(t, 401, 2061)
}

// TestResetChecksCodeBeforeHashing: a wrong reset code is refused without
// hashing the new password (it used to hash first: free CPU and memory for
// anyone), and a right code that meets a busy gate is not used up.
func TestResetChecksCodeBeforeHashing(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		gate := account.NewGate(1, 50*time.Millisecond)
		clk := &clock{t: time.Now()}
		e := start(t, db, options{gate: gate, now: clk.Now})
		signUpVerified(t, e, clk, "demo-burgers", "rita@example.test")
		e.call("auth/forgotten-password", data("business_slug", "demo-burgers", "email", "rita@example.test"))
		code := lastCode(t, db, "rita@example.test")
		bad := "000000"
		if code == bad {
			bad = "111111"
		}
		reset := func(c string) *response {
			return e.call("auth/reset-password", data("business_slug", "demo-burgers", "email", "rita@example.test",
				"code", c, "password", "Brand-new-9"))
		}
		release := holdGate(t, gate, 1)
		reset(bad).wantError(t, 400, 2063) // checked with no hashing slot free
		reset(code).wantError(t, 503, 1503)
		release()
		bearerOf(reset(code), t) // the busy answer did not use the code up
		reset(code).wantError(t, 400, 2063)
	})
}
