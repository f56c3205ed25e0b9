package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func venueOf(tb testing.TB, db *store.DB, scheme, slug string) *catalog.Venue {
	tb.Helper()
	v, err := db.VenueBySlug(context.Background(), schemeOf(tb, db, scheme).ID, slug)
	if err != nil {
		tb.Fatalf("VenueBySlug(%s, %s): %v", scheme, slug, err)
	}
	return v
}

// TestVenueOperations: slot capacity comes from the import document; pause
// and busy minutes are the board's and survive a re-import.
func TestVenueOperations(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		doc := mustParse(t, 0)
		doc.Venues[0].Pickup.SlotCapacity, doc.Venues[0].Delivery.SlotCapacity = 4, 0
		mustImport(t, db, doc)
		slug := doc.Venues[0].VenueSlug
		v := venueOf(t, db, "demo-burgers", slug)
		if v.CapacityFor(catalog.OrderTypePickup) != 4 || v.CapacityFor(catalog.OrderTypeDelivery) != 0 {
			t.Errorf("capacity %v, want pickup 4, delivery unlimited", v.SlotCapacity)
		}
		if !v.PausedUntil.IsZero() || v.BusyMinutes != 0 {
			t.Errorf("a new venue is paused until %v, busy %d", v.PausedUntil, v.BusyMinutes)
		}

		until := time.Date(2026, 6, 10, 13, 30, 0, 0, time.UTC)
		if err := db.SetVenueOperations(ctx, v.SchemeID, slug, until, 15); err != nil {
			t.Fatal(err)
		}
		doc.Venues[0].Pickup.SlotCapacity = 2
		mustImport(t, db, doc)
		v = venueOf(t, db, "demo-burgers", slug)
		if !v.PausedUntil.Equal(until) || v.BusyMinutes != 15 {
			t.Errorf("after a re-import: paused until %v, busy %d; want %v, 15", v.PausedUntil, v.BusyMinutes, until)
		}
		if v.CapacityFor(catalog.OrderTypePickup) != 2 {
			t.Errorf("re-import did not change the capacity: %v", v.SlotCapacity)
		}

		if err := db.SetVenueOperations(ctx, v.SchemeID, slug, time.Time{}, 0); err != nil {
			t.Fatal(err)
		}
		if v = venueOf(t, db, "demo-burgers", slug); !v.PausedUntil.IsZero() {
			t.Errorf("unpaused venue paused until %v", v.PausedUntil)
		}
		other := mustImport(t, db, mustParse(t, 1))
		err := db.SetVenueOperations(ctx, other.SchemeID, slug, until, 0)
		if platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("another scheme's venue: %v, want 1404", err)
		}
	})
}

// claimAll runs n concurrent claims of one slot and returns how many
// succeeded; every failure must be a full slot.
func claimAll(t *testing.T, db *store.DB, firstOrder int64, n int, venueID int64, orderType int,
	slot time.Time, capacity int) int {
	t.Helper()
	var (
		wg sync.WaitGroup
		mu sync.Mutex
		ok int
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := db.ClaimSlot(context.Background(), firstOrder+int64(i), venueID, orderType, slot, capacity)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case platter.ErrorCode(err) != platter.CodeSlotFull:
				t.Errorf("claim: %v, want success or 3105", err)
			}
		}()
	}
	wg.Wait()
	return ok
}

func usageAt(t *testing.T, db *store.DB, venueID int64, orderType int, slot time.Time) int {
	t.Helper()
	u, err := db.SlotUsage(context.Background(), venueID, orderType, slot.Add(-time.Hour), slot.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	return u.Used(slot)
}

// TestClaimSlotConcurrently: 20 concurrent claims of a slot with 3 places
// take exactly 3; a release gives one back exactly once.
func TestClaimSlotConcurrently(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mustImport(t, db, mustParse(t, 0))
		v := venueOf(t, db, "demo-burgers", "soho")
		slot := time.Date(2026, 6, 10, 12, 15, 0, 0, time.UTC)

		if got := claimAll(t, db, 1, 20, v.ID, catalog.OrderTypePickup, slot, 3); got != 3 {
			t.Fatalf("%d of 20 claims of a 3-place slot succeeded, want 3", got)
		}
		if u := usageAt(t, db, v.ID, catalog.OrderTypePickup, slot); u != 3 {
			t.Errorf("usage %d, want 3", u)
		}
		// The same slot for delivery, and the next pickup slot, are their own.
		if got := claimAll(t, db, 100, 5, v.ID, catalog.OrderTypeDelivery, slot, 3); got != 3 {
			t.Errorf("delivery: %d claims, want 3", got)
		}
		if got := claimAll(t, db, 200, 2, v.ID, catalog.OrderTypePickup, slot.Add(15*time.Minute), 3); got != 2 {
			t.Errorf("the next slot: %d claims, want 2", got)
		}

		// Which orders got the places is up to the race; find one by
		// releasing each order once: exactly three releases give a place back.
		for id := int64(1); id <= 20; id++ {
			if err := db.ReleaseSlot(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		if u := usageAt(t, db, v.ID, catalog.OrderTypePickup, slot); u != 0 {
			t.Errorf("after releasing every order: usage %d, want 0", u)
		}
		for id := int64(1); id <= 20; id++ { // a second expiry run
			if err := db.ReleaseSlot(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		if got := claimAll(t, db, 300, 20, v.ID, catalog.OrderTypePickup, slot, 3); got != 3 {
			t.Errorf("after the release: %d claims, want 3 (released places are free again, once)", got)
		}
		if u := usageAt(t, db, v.ID, catalog.OrderTypeDelivery, slot); u != 3 {
			t.Errorf("releasing pickup orders changed delivery usage to %d", u)
		}
	})
}

func TestClaimSlotUnlimited(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		mustImport(t, db, mustParse(t, 0))
		v := venueOf(t, db, "demo-burgers", "soho")
		slot := time.Date(2026, 6, 10, 12, 15, 0, 0, time.UTC)
		if got := claimAll(t, db, 1, 20, v.ID, catalog.OrderTypePickup, slot, 0); got != 20 {
			t.Errorf("capacity 0 (unlimited): %d of 20 claims, want 20", got)
		}
		// Nothing is held, so releasing those orders takes nothing from
		// places that a limited claim holds.
		if err := db.ClaimSlot(context.Background(), 21, v.ID, catalog.OrderTypePickup, slot, 1); err != nil {
			t.Fatal(err)
		}
		for id := int64(1); id <= 20; id++ {
			if err := db.ReleaseSlot(context.Background(), id); err != nil {
				t.Fatal(err)
			}
		}
		if u := usageAt(t, db, v.ID, catalog.OrderTypePickup, slot); u != 1 {
			t.Errorf("usage %d, want the limited claim's 1", u)
		}
	})
}
