package store_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/printing"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestPrinterPollRecordedSparingly: a printer polls every few seconds; a
// poll that says nothing new is written only when the last one recorded
// is printing.PollRecordEvery old, while a changed status is written at
// once, so "last seen" and "online" stay true without a write per poll.
func TestPrinterPollRecordedSparingly(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		doc := mustParse(t, 0)
		schemeID := mustImport(t, db, doc).SchemeID
		t0 := time.Date(2026, 11, 16, 12, 0, 0, 0, time.UTC)
		p, err := db.UpsertPrinter(ctx, printing.Change{SchemeID: schemeID, VenueSlug: doc.Venues[0].VenueSlug,
			Name: "Kitchen", Kind: printing.KindStar}, store.Audit{}, t0)
		if err != nil {
			t.Fatal(err)
		}
		ok := &printing.Status{Code: "200 OK"}
		lastPoll := func() (time.Time, printing.Status) {
			t.Helper()
			ps, err := db.Printers(ctx, schemeID, nil)
			if err != nil || len(ps) != 1 || ps[0].LastPoll == nil {
				t.Fatalf("printers: %+v, %v", ps, err)
			}
			return ps[0].LastPoll.UTC(), ps[0].Status
		}
		poll := func(at time.Time, st *printing.Status) {
			t.Helper()
			if _, _, err := db.PrinterPoll(ctx, p.Key, st, at); err != nil {
				t.Fatal(err)
			}
		}
		poll(t0, ok)
		poll(t0.Add(5*time.Second), ok)
		poll(t0.Add(10*time.Second), nil)
		if at, _ := lastPoll(); !at.Equal(t0) {
			t.Errorf("polls with nothing new within %s were written: last poll %s, want %s", printing.PollRecordEvery, at, t0)
		}
		out := &printing.Status{Code: "410 Out of paper", PaperOut: true}
		poll(t0.Add(12*time.Second), out)
		if at, st := lastPoll(); !at.Equal(t0.Add(12*time.Second)) || !st.PaperOut {
			t.Errorf("a changed status was not written at once: %s %+v", at, st)
		}
		poll(t0.Add(30*time.Second), out)
		if at, _ := lastPoll(); !at.Equal(t0.Add(30 * time.Second)) {
			t.Errorf("a poll %s after the last recorded one was not written: %s", 18*time.Second, at)
		}
	})
}
