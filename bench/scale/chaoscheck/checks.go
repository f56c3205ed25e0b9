package main

// The properties, each judged on the world read (pure functions, so a
// test can hand one a world with a doubled order).

import (
	"fmt"
	"slices"
	"strings"
)

// result is one property's verdict: what was counted, and the first
// failures found.
type result struct {
	name     string
	ok       bool
	counted  string
	failures []string
}

func (r *result) fail(format string, args ...any) {
	r.ok = false
	if len(r.failures) < 5 {
		r.failures = append(r.failures, fmt.Sprintf(format, args...))
	} else if len(r.failures) == 5 {
		r.failures = append(r.failures, "…")
	}
}

func check(w *world) []result {
	return []result{prepares(w), payments(w), boards(w), mail(w), webhooks(w), promo(w), slots(w), refunds(w)}
}

// prepares: every prepare answered 200 has exactly one order, the one
// every 200 for its key named; no order exists that no prepare accounts
// for, and each is stored under the key its client sent.
func prepares(w *world) result {
	r := result{name: "prepare: one order per idempotency key", ok: true}
	byKey := map[string][]int64{}
	var elsewhere []string
	for _, o := range w.orders {
		byKey[o.NoteKey] = append(byKey[o.NoteKey], o.ID)
		if o.Key != o.NoteKey {
			elsewhere = append(elsewhere, fmt.Sprintf("order %d under %q, sent with %q", o.ID, o.Key, o.NoteKey))
		}
	}
	answered := map[string]map[int64]bool{}
	sent := map[string]bool{}
	retried := 0
	for _, c := range w.calls {
		if c.Call != "prepare" {
			continue
		}
		sent[c.Key] = true
		if c.Attempt > 1 && !c.GaveUp {
			retried++
		}
		if c.Status == 200 {
			if answered[c.Key] == nil {
				answered[c.Key] = map[int64]bool{}
			}
			answered[c.Key][c.OrderID] = true
		}
	}
	doubled := 0
	for key, ids := range answered {
		orders := byKey[key]
		if len(orders) != 1 {
			if len(orders) > 1 {
				doubled++
			}
			r.fail("key %s answered 200 has %d orders %v", key, len(orders), orders)
			continue
		}
		if len(ids) != 1 || !ids[orders[0]] {
			r.fail("key %s: answers named orders %v, the database has %d", key, keys(ids), orders[0])
		}
	}
	for key, orders := range byKey {
		if !sent[key] {
			r.fail("orders %v have key %s, which no prepare sent", orders, key)
		} else if answered[key] == nil && len(orders) > 1 {
			doubled++
			r.fail("key %s (never answered 200) has %d orders %v", key, len(orders), orders)
		}
	}
	if len(elsewhere) > 0 {
		r.fail("%d orders stored under another key than their client's (%s)", len(elsewhere), elsewhere[0])
	}
	r.counted = fmt.Sprintf("%d keys sent, %d answered 200, %d retries sent, %d orders, %d keys doubled",
		len(sent), len(answered), retried, len(w.orders), doubled)
	return r
}

// payments: every confirmation (200, paid) belongs to its key's one order,
// which was paid; no order's payment became paid twice.
func payments(w *world) result {
	r := result{name: "payment: each confirmation one paid order, none charged twice", ok: true}
	orders := ordersByID(w)
	confirmed := map[int64]int{}
	for _, c := range w.calls {
		if c.Call != "confirm" || c.Status != 200 || c.PaymentStatus != "paid" {
			continue
		}
		confirmed[c.OrderID]++
		o, ok := orders[c.OrderID]
		switch {
		case !ok:
			r.fail("confirmation of order %d, which is not in the database", c.OrderID)
		case o.NoteKey != c.Key:
			r.fail("confirmation of order %d under key %s belongs to key %s", c.OrderID, c.Key, o.NoteKey)
		case o.PaymentStatus != "paid" && o.PaymentStatus != "refunded":
			r.fail("order %d was confirmed paid, is %s", o.ID, o.PaymentStatus)
		}
	}
	paid := 0
	for _, o := range w.orders {
		n := w.intoPaid[o.ID]
		if n > 0 {
			paid++
		}
		if n > 1 {
			r.fail("order %d was paid %d times", o.ID, n)
		}
		if (o.PaymentStatus == "paid" || o.PaymentStatus == "refunded") && n == 0 {
			r.fail("order %d is %s with no payment event", o.ID, o.PaymentStatus)
		}
	}
	r.counted = fmt.Sprintf("%d orders confirmed paid, %d paid in the database", len(confirmed), paid)
	return r
}

// boards: every paid order reached a board stream, and each stream, across
// its reconnections, lost and repeated no event of the board.
func boards(w *world) result {
	r := result{name: "board streams: every paid order seen, no event lost or repeated", ok: true}
	seen := map[int64]bool{}
	byStream := map[int][]int64{}
	connects := 0
	for _, s := range w.streams {
		if s.Kind == "connect" {
			connects++
			continue
		}
		seen[s.OrderID] = true
		byStream[s.Stream] = append(byStream[s.Stream], s.EventID)
	}
	if len(byStream) == 0 {
		r.fail("no stream saw any event")
	}
	for _, o := range w.orders {
		if w.intoPaid[o.ID] > 0 && !seen[o.ID] {
			r.fail("paid order %d reached no board stream", o.ID)
		}
	}
	board := keys(w.boardEvents)
	for n, ids := range byStream {
		for i := 1; i < len(ids); i++ {
			if ids[i] <= ids[i-1] {
				r.fail("stream %d: event %d after %d (repeated or out of order)", n, ids[i], ids[i-1])
			}
		}
		last := ids[len(ids)-1]
		got := map[int64]bool{}
		for _, id := range ids {
			got[id] = true
			if !w.boardEvents[id] {
				r.fail("stream %d: event %d is not one of the board's", n, id)
			}
		}
		for _, id := range board {
			if id <= last && !got[id] {
				r.fail("stream %d lost event %d", n, id)
			}
		}
	}
	r.counted = fmt.Sprintf("%d streams, %d connections, %d board events, %d orders seen", len(byStream),
		connects, len(board), len(seen))
	return r
}

// mail: every order mail queued was sent, and went out exactly once: the
// SMTP server received, for each, one message by Message-ID (each order
// has its own address and each kind of mail its own subject). An instance
// killed after the server's 250 and before it recorded the send sends the
// row again; the copy must carry the same Message-ID (mailer.MessageKey),
// so the reader's system knows it: counted, not a failure.
func mail(w *world) result {
	r := result{name: "mail: every order e-mail sent exactly once (by Message-ID)", ok: true}
	type ms struct{ to, subject string }
	queued := map[ms]int{}
	got := map[ms]map[string]bool{}
	for _, m := range w.outbox {
		queued[ms{m.To, m.Subject}]++
		if m.Status != "sent" {
			r.fail("mail %q to %s is %s", m.Kind, m.To, m.Status)
		}
	}
	received, copies := 0, 0
	for _, m := range w.mails {
		if !strings.HasPrefix(m.To, "chaos-") {
			continue
		}
		received++
		k := ms{strings.ToLower(m.To), m.Subject}
		if got[k] == nil {
			got[k] = map[string]bool{}
		}
		if got[k][m.MessageID] {
			copies++
		}
		got[k][m.MessageID] = true
	}
	for k, n := range queued {
		if len(got[k]) != n {
			r.fail("%q to %s: queued %d, received %d Message-IDs", k.subject, k.to, n, len(got[k]))
		}
	}
	for k, ids := range got {
		if queued[k] == 0 {
			r.fail("%q to %s: received %d, never queued", k.subject, k.to, len(ids))
		}
	}
	r.counted = fmt.Sprintf("%d queued, %d received, %d of them copies resent after a kill with the same Message-ID",
		len(w.outbox), received, copies)
	return r
}

// webhooks: every delivery was made, each webhook-id received carries one
// event body, and each paid order has one order.paid event.
func webhooks(w *world) result {
	r := result{name: "webhooks: every event delivered at least once, one webhook-id each", ok: true}
	bodies := map[string]map[string]bool{}
	posts := map[string]int{}
	for _, h := range w.hooks {
		if bodies[h.WebhookID] == nil {
			bodies[h.WebhookID] = map[string]bool{}
		}
		bodies[h.WebhookID][h.BodySHA] = true
		posts[h.WebhookID]++
		if !h.SigOK {
			r.fail("%s: signature does not verify", h.WebhookID)
		}
	}
	paidEvents := map[int64]int{}
	again := 0
	for _, d := range w.deliveries {
		if d.Status != "delivered" {
			r.fail("%s (%s, order %d) is %s", d.MsgID, d.Type, d.OrderID, d.Status)
		}
		if posts[d.MsgID] == 0 {
			r.fail("%s (%s, order %d) never received", d.MsgID, d.Type, d.OrderID)
		}
		if posts[d.MsgID] > 1 {
			again++
		}
		if len(bodies[d.MsgID]) > 1 {
			r.fail("%s received with %d different bodies", d.MsgID, len(bodies[d.MsgID]))
		}
		if d.Type == "order.paid" {
			paidEvents[d.OrderID]++
		}
	}
	known := map[string]bool{}
	for _, d := range w.deliveries {
		known[d.MsgID] = true
	}
	for id := range posts {
		if !known[id] {
			r.fail("%s received, but no delivery has that webhook-id", id)
		}
	}
	for _, o := range w.orders {
		if n := paidEvents[o.ID]; w.intoPaid[o.ID] > 0 && n != 1 {
			r.fail("order %d: %d order.paid events", o.ID, n)
		}
	}
	r.counted = fmt.Sprintf("%d deliveries, %d posts received, %d webhook-ids received more than once",
		len(w.deliveries), len(w.hooks), again)
	return r
}

// promo: the code's use limit held.
func promo(w *world) result {
	r := result{name: "promo code: use limit held", ok: true}
	if w.promoMax == 0 {
		r.fail("the promo code CHAOS has no use limit (was it set up?)")
	}
	if w.promoUses > w.promoMax || w.promoHeld > w.promoMax {
		r.fail("%d uses counted, %d redemptions held, limit %d", w.promoUses, w.promoHeld, w.promoMax)
	}
	live := 0
	for _, o := range w.orders {
		if o.Promo != "" && o.Status != "rejected" && o.Status != "cancelled" {
			live++
		}
	}
	if live > w.promoMax {
		r.fail("%d orders hold the code, limit %d", live, w.promoMax)
	}
	r.counted = fmt.Sprintf("limit %d, %d held, %d prepares refused used up", w.promoMax, w.promoHeld,
		refused(w, 3043))
	return r
}

// slots: no delivery slot holds more orders than its capacity.
func slots(w *world) result {
	r := result{name: "pre-order slots: capacity held", ok: true}
	if w.slotCap == 0 {
		r.fail("soho's delivery slots have no capacity (was it set up?)")
	}
	holding := map[string]int{}
	for _, o := range w.orders {
		if o.Slot != "" && o.Status != "rejected" && o.Status != "cancelled" {
			holding[o.Slot]++
		}
	}
	for slot, n := range holding {
		if n > w.slotCap {
			r.fail("slot %s holds %d orders, capacity %d", slot, n, w.slotCap)
		}
	}
	for _, s := range w.slots {
		if s.Used > w.slotCap {
			r.fail("slot %s counted %d, capacity %d", s.Slot, s.Used, w.slotCap)
		}
		if s.Used != holding[s.Slot] {
			r.fail("slot %s counted %d, %d orders hold it", s.Slot, s.Used, holding[s.Slot])
		}
	}
	r.counted = fmt.Sprintf("capacity %d, %d slots used, %d prepares refused full", w.slotCap, len(holding),
		refused(w, 3105))
	return r
}

// refunds: every refund queued was made; every rejected paid order was
// refunded in full.
func refunds(w *world) result {
	r := result{name: "refunds: every queued refund made", ok: true}
	sum := map[int64]int64{}
	for _, f := range w.refunds {
		if f.Status != "done" {
			r.fail("refund of order %d is %s", f.OrderID, f.Status)
		}
		sum[f.OrderID] += f.Amount
	}
	rejected := 0
	for _, o := range w.orders {
		if o.Status != "rejected" || w.intoPaid[o.ID] == 0 {
			continue
		}
		rejected++
		if sum[o.ID] != o.Total || o.PaymentStatus != "refunded" {
			r.fail("rejected order %d: total %d, refunded %d, payment %s", o.ID, o.Total, sum[o.ID], o.PaymentStatus)
		}
	}
	r.counted = fmt.Sprintf("%d paid orders rejected, %d refunds", rejected, len(w.refunds))
	return r
}

func ordersByID(w *world) map[int64]orderRow {
	out := make(map[int64]orderRow, len(w.orders))
	for _, o := range w.orders {
		out[o.ID] = o
	}
	return out
}

// refused counts the prepares (final answers) refused with code.
func refused(w *world, code int) int {
	n := 0
	for _, c := range w.calls {
		if c.Call == "prepare" && c.Code == code {
			n++
		}
	}
	return n
}

func keys[V any](m map[int64]V) []int64 {
	out := make([]int64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
