package notify_test

import (
	"testing"

	"platter/internal/notify"
)

func pending(s *notify.Sub) bool {
	select {
	case <-s.C:
		return true
	default:
		return false
	}
}

// TestHubWakesOnlyTheOrdersStreams: a wake-up for one order reaches every
// stream of it and none of another order's; many wake-ups before a read
// are one; an unsubscribed stream is not woken.
func TestHubWakesOnlyTheOrdersStreams(t *testing.T) {
	h := notify.NewHub()
	a1, a2, b := h.Subscribe(1), h.Subscribe(1), h.Subscribe(2)
	for range 5 {
		h.Wake(1) // never blocks, however many
	}
	if !pending(a1) || !pending(a2) || pending(b) {
		t.Fatal("order 1's streams not woken, or order 2's woken")
	}
	if pending(a1) {
		t.Fatal("five wake-ups left more than one pending")
	}
	h.Unsubscribe(a2)
	h.Unsubscribe(a2)
	h.Wake(1)
	if pending(a2) || !pending(a1) {
		t.Fatal("an unsubscribed stream was woken")
	}
	if h.Len() != 2 {
		t.Fatalf("Len = %d, want 2", h.Len())
	}
	h.WakeAll()
	if !pending(a1) || !pending(b) {
		t.Fatal("WakeAll missed a stream")
	}
	h.Unsubscribe(a1)
	h.Unsubscribe(b)
	if h.Len() != 0 {
		t.Fatalf("Len = %d after every unsubscribe", h.Len())
	}
}

// TestHubCallsFunctions: a SubscribeFunc subscription is called at each
// wake-up of its order (and at WakeAll), and no more once unsubscribed.
func TestHubCallsFunctions(t *testing.T) {
	h := notify.NewHub()
	calls := map[int64]int{}
	a := h.SubscribeFunc(1, func() { calls[1]++ })
	b := h.SubscribeFunc(2, func() { calls[2]++ })
	h.Wake(1)
	h.Wake(1)
	h.WakeAll()
	if calls[1] != 3 || calls[2] != 1 {
		t.Fatalf("calls %v, want order 1 three times and order 2 once", calls)
	}
	h.Unsubscribe(a)
	h.Wake(1)
	if calls[1] != 3 {
		t.Fatal("an unsubscribed function was called")
	}
	h.Unsubscribe(b)
	if h.Len() != 0 {
		t.Fatalf("Len = %d", h.Len())
	}
}
