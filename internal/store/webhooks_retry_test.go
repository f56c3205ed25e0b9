package store_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
	"platter/internal/webhooks"
)

// soldOut queues one menu.updated at the demo scheme (an item of soho sold
// out, or back).
func soldOut(t *testing.T, db *store.DB, schemeID int64, out bool) {
	t.Helper()
	item := mustMenu(t, db, "demo-burgers", "soho").Items[0].ID
	if err := db.SetSoldOut(context.Background(), schemeID, "soho", catalog.SoldOutItem, item, out, time.Time{}, t0); err != nil {
		t.Fatal(err)
	}
}

// TestWebhookRetriedUntilDelivered: a receiver that fails three times gets
// the event on the fourth try, each after its backoff (nothing is sent
// before it is due), always with the same webhook-id; the log lists every
// attempt with its response code.
func TestWebhookRetriedUntilDelivered(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		rx := newReceiver(t, 3)
		hook, secret := addEndpoint(t, db, schemeID, rx.URL)
		soldOut(t, db, schemeID, true)
		c := &clock{at: t0}
		w := hookWorker(db, c)
		for try := 1; try <= 4; try++ {
			if n := w.Drain(ctx); n != 1 {
				t.Fatalf("try %d: %d attempts", try, n)
			}
			if try < 4 {
				c.Add(webhooks.Backoff(try) - time.Second)
				if n := w.Drain(ctx); n != 0 {
					t.Fatalf("try %d: sent again %v before its backoff", try, webhooks.Backoff(try))
				}
				c.Add(time.Second)
			}
		}
		got := rx.requests()
		if len(got) != 4 {
			t.Fatalf("%d requests, want 4", len(got))
		}
		for i, r := range got {
			if id := r.header.Get("webhook-id"); id != got[0].header.Get("webhook-id") || id == "" {
				t.Errorf("try %d: webhook-id %q, the first was %q", i+1, id, got[0].header.Get("webhook-id"))
			}
			if string(r.body) != string(got[0].body) {
				t.Errorf("try %d: another body", i+1)
			}
		}
		if err := verify(t, secret, got[3], c.Now()); err != nil {
			t.Error(err)
		}
		list, total, err := db.WebhookDeliveries(ctx, schemeID, hook, 20, 0)
		if err != nil || total != 1 || len(list) != 1 {
			t.Fatal(list, total, err)
		}
		d := list[0]
		if d.Status != webhooks.StatusDelivered || d.Attempts != 4 || d.ResponseCode != 200 ||
			d.MessageID != got[0].header.Get("webhook-id") || d.Event != webhooks.MenuUpdated || len(d.Log) != 4 {
			t.Fatalf("delivery %+v", d)
		}
		for i, want := range []int{200, 500, 500, 500} {
			if d.Log[i].ResponseCode != want {
				t.Errorf("log %d: %d, want %d (newest first)", i, d.Log[i].ResponseCode, want)
			}
		}
		if d.DeliveredAt == nil || !d.DeliveredAt.Equal(c.Now()) {
			t.Errorf("delivered at %v, want %v", d.DeliveredAt, c.Now())
		}
		// Another scheme sees none of it.
		other := mustImport(t, db, mustParse(t, 1)).SchemeID
		if _, _, err := db.WebhookDeliveries(ctx, other, hook, 20, 0); err == nil {
			t.Error("another scheme read the delivery log")
		}
		if _, err := db.RedeliverWebhook(ctx, other, d.ID, c.Now()); err == nil {
			t.Error("another scheme redelivered")
		}
	})
}

// TestWebhookGivenUpThenRedelivered: a receiver that never answers 2xx is
// tried with backoff for 24 hours after the event and then given up; a
// manual redelivery sends it once more, with the same webhook-id.
func TestWebhookGivenUpThenRedelivered(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		rx := newReceiver(t, 1000)
		hook, _ := addEndpoint(t, db, schemeID, rx.URL)
		soldOut(t, db, schemeID, true)
		c := &clock{at: t0}
		w := hookWorker(db, c)
		for try := 1; try < 100; try++ {
			if w.Drain(ctx) == 0 {
				break
			}
			c.Add(webhooks.Backoff(try))
		}
		tries := len(rx.requests())
		if tries < 10 || tries > 20 {
			t.Errorf("%d tries in the 24 hours", tries)
		}
		list, _, err := db.WebhookDeliveries(ctx, schemeID, hook, 20, 0)
		if err != nil || len(list) != 1 || list[0].Status != webhooks.StatusFailed || list[0].ResponseCode != 500 {
			t.Fatalf("%+v %v", list, err)
		}
		if last := *list[0].LastAttemptAt; last.After(t0.Add(webhooks.RetryWindow)) {
			t.Errorf("tried at %v, after the 24 hours", last)
		}
		if len(list[0].Log) != webhooks.KeptAttempts && tries > webhooks.KeptAttempts {
			t.Errorf("log of %d attempts", len(list[0].Log))
		}

		rx.mu.Lock()
		rx.fail = 0 // the receiver is fixed
		rx.mu.Unlock()
		d, err := db.RedeliverWebhook(ctx, schemeID, list[0].ID, c.Now())
		if err != nil || d.Status != webhooks.StatusPending {
			t.Fatal(d, err)
		}
		if n := w.Drain(ctx); n != 1 {
			t.Fatalf("redelivery: %d attempts", n)
		}
		got := rx.requests()
		if got[len(got)-1].header.Get("webhook-id") != list[0].MessageID {
			t.Error("the redelivery has another webhook-id")
		}
		list, _, _ = db.WebhookDeliveries(ctx, schemeID, hook, 20, 0)
		if list[0].Status != webhooks.StatusDelivered {
			t.Errorf("after the redelivery: %+v", list[0])
		}
	})
}

// TestWebhookSecretRotation: after a rotation both the new and the
// previous secret verify each delivery for the overlap, then only the new.
func TestWebhookSecretRotation(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		rx := newReceiver(t, 0)
		hook, old := addEndpoint(t, db, schemeID, rx.URL)
		c := &clock{at: t0}
		fresh, err := db.RotateWebhookSecret(ctx, schemeID, hook, store.Audit{}, c.Now())
		if err != nil || fresh == old || fresh == "" {
			t.Fatal(fresh, err)
		}
		eps, _ := db.Webhooks(ctx, schemeID, c.Now())
		if len(eps) != 1 || eps[0].RotatedUntil == nil || !eps[0].RotatedUntil.Equal(t0.Add(webhooks.Overlap)) {
			t.Fatalf("endpoints %+v", eps)
		}
		soldOut(t, db, schemeID, true)
		w := hookWorker(db, c)
		w.Drain(ctx)
		c.Add(webhooks.Overlap + time.Second)
		soldOut(t, db, schemeID, false)
		w.Drain(ctx)
		got := rx.requests()
		if len(got) != 2 {
			t.Fatalf("%d requests", len(got))
		}
		if err := verify(t, old, got[0], t0); err != nil {
			t.Errorf("during the overlap, the previous secret: %v", err)
		}
		if err := verify(t, fresh, got[0], t0); err != nil {
			t.Errorf("during the overlap, the new secret: %v", err)
		}
		if err := verify(t, fresh, got[1], c.Now()); err != nil {
			t.Errorf("after the overlap, the new secret: %v", err)
		}
		if err := verify(t, old, got[1], c.Now()); err == nil {
			t.Error("after the overlap, the previous secret still verifies")
		}
	})
}
