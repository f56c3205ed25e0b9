package main

import (
	"strings"
	"testing"
)

// healthy is a run in which everything held: two orders paid (one after
// a retried prepare), their receipts, webhooks and board events.
func healthy() *world {
	return &world{
		calls: []callLine{
			{Call: "prepare", Key: "k1", Attempt: 1, Status: 200, OrderID: 1, Lost: true},
			{Call: "prepare", Key: "k1", Attempt: 2, Status: 200, OrderID: 1},
			{Call: "confirm", Key: "k1", OrderID: 1, Attempt: 1, Status: 200, PaymentStatus: "paid"},
			{Call: "prepare", Key: "k2", Attempt: 1, Status: 502},
			{Call: "prepare", Key: "k2", Attempt: 2, Status: 200, OrderID: 2},
			{Call: "confirm", Key: "k2", OrderID: 2, Attempt: 1, Status: 200, PaymentStatus: "paid"},
		},
		orders: []orderRow{
			{ID: 1, Key: "k1", NoteKey: "k1", Status: "pending", PaymentStatus: "paid", Total: 100},
			{ID: 2, Key: "k2", NoteKey: "k2", Status: "pending", PaymentStatus: "paid", Total: 100},
		},
		intoPaid:    map[int64]int{1: 1, 2: 1},
		outbox:      []outboxRow{{To: "chaos-k1@x", Subject: "r1", Status: "sent"}, {To: "chaos-k2@x", Subject: "r2", Status: "sent"}},
		mails:       []mailLine{{To: "chaos-k1@x", Subject: "r1", MessageID: "<a>"}, {To: "chaos-k2@x", Subject: "r2", MessageID: "<b>"}, {To: "chaos-k2@x", Subject: "r2", MessageID: "<b>"}},
		deliveries:  []deliveryRow{{MsgID: "m1", Type: "order.paid", Status: "delivered", OrderID: 1}, {MsgID: "m2", Type: "order.paid", Status: "delivered", OrderID: 2}},
		hooks:       []hookLine{{WebhookID: "m1", BodySHA: "x", SigOK: true}, {WebhookID: "m2", BodySHA: "y", SigOK: true}},
		streams:     []streamLine{{Stream: 1, EventID: 10, OrderID: 1}, {Stream: 1, EventID: 11, OrderID: 2}},
		boardEvents: map[int64]bool{10: true, 11: true},
		promoMax:    5, slotCap: 2,
	}
}

func failed(w *world) []string {
	var out []string
	for _, r := range check(w) {
		if !r.ok {
			out = append(out, r.name+": "+strings.Join(r.failures, "; "))
		}
	}
	return out
}

func TestHealthyRunHolds(t *testing.T) {
	if f := failed(healthy()); len(f) > 0 {
		t.Fatalf("a healthy run failed: %v", f)
	}
}

// TestDoubledOrderFails: the retry after a lost answer made a second order
// under the same key (what a server without the key's lookup does).
func TestDoubledOrderFails(t *testing.T) {
	w := healthy()
	w.calls[1].OrderID = 3
	w.orders = append(w.orders, orderRow{ID: 3, Key: "k1#ab", NoteKey: "k1", Status: "pending", PaymentStatus: "requires_payment"})
	f := failed(w)
	if len(f) == 0 || !strings.Contains(f[0], "prepare: one order per idempotency key") || !strings.Contains(f[0], "2 orders") {
		t.Fatalf("a doubled order: %v", f)
	}
}

func TestEachPropertyCanFail(t *testing.T) {
	for name, spoil := range map[string]func(*world){
		"payment":       func(w *world) { w.intoPaid[1] = 2 },
		"board streams": func(w *world) { w.streams = w.streams[1:] },
		"mail":          func(w *world) { w.mails = append(w.mails, mailLine{To: "chaos-k1@x", Subject: "r1", MessageID: "<c>"}) },
		"webhooks":      func(w *world) { w.hooks = w.hooks[1:] },
		"promo code":    func(w *world) { w.promoHeld = 6 },
		"pre-order":     func(w *world) { w.slots = []slotRow{{Slot: "s", Used: 3}} },
		"refunds":       func(w *world) { w.refunds = []refundRow{{OrderID: 1, Amount: 100, Status: "pending"}} },
	} {
		w := healthy()
		spoil(w)
		f := failed(w)
		if len(f) != 1 || !strings.HasPrefix(f[0], name) {
			t.Errorf("%s spoilt: failed %v", name, f)
		}
	}
}
