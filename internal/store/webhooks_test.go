package store_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/store"
	"platter/internal/store/storetest"
	"platter/internal/support"
	"platter/internal/webhooks"
	"platter/internal/webhooks/sender"
)

// receiver is a real HTTP endpoint on 127.0.0.1 that records what it gets;
// it answers 500 to the first `fail` requests.
type receiver struct {
	*httptest.Server
	mu   sync.Mutex
	got  []received
	fail int
}

type received struct {
	header http.Header
	body   []byte
}

func newReceiver(t *testing.T, fail int) *receiver {
	r := &receiver{fail: fail}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, received{header: req.Header.Clone(), body: b})
		failing := len(r.got) <= r.fail
		r.mu.Unlock()
		if failing {
			http.Error(w, "down for maintenance", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) requests() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// clock is the sender's clock, moved by the test.
type clock struct {
	mu sync.Mutex
	at time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.at = c.at.Add(d)
	c.mu.Unlock()
}

// hookWorker is the delivery job over db with the clock, allowed to reach
// the test's receiver on 127.0.0.1 (the operator's setting).
func hookWorker(db *store.DB, c *clock) *sender.Worker {
	w := sender.NewWorker(db, sender.New(sender.Options{AllowPrivate: true}), slog.New(slog.NewTextHandler(io.Discard, nil)))
	w.Now = c.Now
	return w
}

func addEndpoint(t *testing.T, db *store.DB, schemeID int64, url string, events ...string) (int64, string) {
	t.Helper()
	if len(events) == 0 {
		events = webhooks.Events
	}
	id, secret, err := db.UpsertWebhook(context.Background(), schemeID,
		webhooks.Input{URL: url, Events: events, Enabled: true}, store.Audit{}, t0)
	if err != nil || secret == "" {
		t.Fatal(id, secret, err)
	}
	return id, secret
}

// verify checks a request's signature with the Standard Webhooks library
// and its timestamp against the sender's clock (the library's own check
// of the timestamp reads the wall clock).
func verify(t *testing.T, secret string, r received, at time.Time) error {
	t.Helper()
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		t.Fatal(err)
	}
	if ts := r.header.Get("webhook-timestamp"); ts != strconv.FormatInt(at.Unix(), 10) {
		t.Errorf("webhook-timestamp %s, want the attempt's %d", ts, at.Unix())
	}
	return wh.VerifyIgnoringTimestamp(r.body, r.header)
}

// TestWebhooksEveryEventDelivered: a scheme's endpoint that chose every
// event gets each one, after the commit of the change, signed so that the
// Standard Webhooks library verifies it, with the body {type, timestamp,
// data}; an endpoint of another event list gets only its own.
func TestWebhooksEveryEventDelivered(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		rig := newRefundRig(t, db, false) // order.paid, queued before any endpoint: not sent
		rx, menuRx := newReceiver(t, 0), newReceiver(t, 0)
		_, secret := addEndpoint(t, db, rig.schemeID, rx.URL+"/hooks")
		addEndpoint(t, db, rig.schemeID, menuRx.URL, webhooks.MenuUpdated)
		other := mustImport(t, db, mustParse(t, 1)).SchemeID
		otherRx := newReceiver(t, 0)
		addEndpoint(t, db, other, otherRx.URL)

		o := paidOrder(t, db, rig.schemeID, "hooks-paid") // order.paid
		if _, err := db.Transition(ctx, manager(rig.schemeID, o.ID, ordering.StatusAccepted), t0); err != nil {
			t.Fatal(err) // order.status_changed
		}
		if _, err := db.Transition(ctx, manager(rig.schemeID, rig.order.ID, ordering.StatusAccepted), t0); err != nil {
			t.Fatal(err) // order.status_changed
		}
		if _, err := rig.refund(100, ""); err != nil {
			t.Fatal(err) // order.refunded, made at once by the sandbox
		}
		item := mustMenu(t, db, "demo-burgers", "soho").Items[0].ID
		if err := db.SetSoldOut(ctx, rig.schemeID, "soho", catalog.SoldOutItem, item, true, time.Time{}, t0); err != nil {
			t.Fatal(err) // menu.updated
		}
		if _, err := db.InsertSupportRequest(ctx, support.Request{SchemeID: rig.schemeID, UserID: o.UserID, OrderID: o.ID,
			Kind: "quality_concern", Description: "Cold fries"}, nil, t0); err != nil {
			t.Fatal(err) // support.created
		}
		if n := len(rx.requests()); n != 0 {
			t.Fatalf("%d requests before the job ran", n)
		}

		c := &clock{at: t0.Add(time.Second)}
		if n := hookWorker(db, c).Drain(ctx); n != 7 {
			t.Errorf("%d attempts, want 7 (6 events, 1 menu, none for another scheme)", n)
		}
		got := map[string]int{}
		ids := map[string]bool{}
		for _, r := range rx.requests() {
			if err := verify(t, secret, r, c.Now()); err != nil {
				t.Errorf("signature: %v", err)
			}
			var body struct {
				Type      string          `json:"type"`
				Timestamp time.Time       `json:"timestamp"`
				Data      json.RawMessage `json:"data"`
			}
			if err := json.Unmarshal(r.body, &body); err != nil || !body.Timestamp.Equal(t0) || len(body.Data) < 10 {
				t.Errorf("body %s: %v", r.body, err)
			}
			got[body.Type]++
			ids[r.header.Get("webhook-id")] = true
			checkData(t, body.Type, body.Data, o.ID)
		}
		want := map[string]int{webhooks.OrderPaid: 1, webhooks.OrderStatusChanged: 2, webhooks.OrderRefunded: 1,
			webhooks.MenuUpdated: 1, webhooks.SupportCreated: 1}
		for e, n := range want {
			if got[e] != n {
				t.Errorf("%s delivered %d times, want %d (all: %v)", e, got[e], n, got)
			}
		}
		if len(ids) != 6 {
			t.Errorf("%d distinct webhook-ids for 6 deliveries", len(ids))
		}
		if m := menuRx.requests(); len(m) != 1 || !json.Valid(m[0].body) {
			t.Errorf("the menu endpoint got %d requests, want menu.updated only", len(m))
		}
		if n := len(otherRx.requests()); n != 0 {
			t.Errorf("another scheme's endpoint got %d requests", n)
		}
		if n := hookWorker(db, c).Drain(ctx); n != 0 {
			t.Errorf("%d attempts after everything was delivered", n)
		}
	})
}

// checkData looks at what each event says.
func checkData(t *testing.T, typ string, raw json.RawMessage, paidID int64) {
	t.Helper()
	var d struct {
		Order struct {
			ID            int64  `json:"id"`
			Venue         string `json:"venue"`
			Status        string `json:"status"`
			PaymentStatus string `json:"payment_status"`
			Total         int64  `json:"total"`
			Lines         []any  `json:"lines"`
		} `json:"order"`
		FromStatus string `json:"from_status"`
		Refund     struct {
			Amount int64 `json:"amount"`
		} `json:"refund"`
		Menu struct {
			Ref     string `json:"ref"`
			Version int64  `json:"version"`
		} `json:"menu"`
		Availability struct {
			SoldOut bool `json:"sold_out"`
		} `json:"availability"`
		OrderID int64  `json:"order_id"`
		Kind    string `json:"kind"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	switch typ {
	case webhooks.OrderPaid:
		if d.Order.ID != paidID || d.Order.PaymentStatus != "paid" || d.Order.Venue != "soho" || d.Order.Total <= 0 ||
			len(d.Order.Lines) == 0 {
			t.Errorf("order.paid: %s", raw)
		}
	case webhooks.OrderStatusChanged:
		if d.Order.Status != "accepted" || d.FromStatus != "pending" {
			t.Errorf("order.status_changed: %s", raw)
		}
	case webhooks.OrderRefunded:
		if d.Refund.Amount != 100 || d.Order.ID == 0 {
			t.Errorf("order.refunded: %s", raw)
		}
	case webhooks.MenuUpdated:
		if d.Menu.Ref == "" || !d.Availability.SoldOut {
			t.Errorf("menu.updated: %s", raw)
		}
	case webhooks.SupportCreated:
		if d.OrderID != paidID || d.Kind != "quality_concern" {
			t.Errorf("support.created: %s", raw)
		}
	}
}
