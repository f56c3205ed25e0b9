package store_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
	"platter/internal/support"
)

func savePhoto(t *testing.T, db *store.DB, schemeID, userID int64, now time.Time) int64 {
	t.Helper()
	id, err := db.SavePhoto(context.Background(), support.Photo{SchemeID: schemeID, UserID: userID,
		ContentType: "image/jpeg", Width: 1, Height: 1, Data: []byte{0xFF, 0xD8, 0xFF, 0xD9}}, now)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestSupportRequests: a request about the owner's paid order attaches the
// owner's photos; another customer's order is not found, another's photo
// (or one attached already) is 4002 and stores nothing; photos are read by
// their owner and staff only; an unpaid order is 4005.
func TestSupportRequests(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		o := paidOrder(t, db, schemeID, "support-1")
		other := paidOrder(t, db, schemeID, "support-2")
		mine1, mine2 := savePhoto(t, db, schemeID, o.UserID, now), savePhoto(t, db, schemeID, o.UserID, now)
		theirs := savePhoto(t, db, schemeID, other.UserID, now)

		req := support.Request{SchemeID: schemeID, UserID: o.UserID, OrderID: o.ID, Kind: "quality_concern",
			Description: "Cold fries", PhotoIDs: []int64{mine1, theirs}}
		if _, err := db.InsertSupportRequest(ctx, req, nil, now); platter.ErrorCode(err) != platter.CodePhotoNotYours {
			t.Fatalf("another's photo: %v", err)
		}
		if list, _ := db.SupportRequestsOfOrder(ctx, schemeID, o.ID); len(list) != 0 {
			t.Fatalf("a refused request was stored: %+v", list)
		}
		req.OrderID = other.ID
		req.PhotoIDs = nil
		if _, err := db.InsertSupportRequest(ctx, req, nil, now); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Fatalf("another's order: %v", err)
		}
		unpaid := newOrder(t, db, schemeID, now, "support-3")
		if _, err := db.InsertSupportRequest(ctx, support.Request{SchemeID: schemeID, UserID: unpaid.UserID,
			OrderID: unpaid.ID, Kind: "wrong_order", Description: "x"}, nil, now); platter.ErrorCode(err) != platter.CodeOrderNotPlaced {
			t.Fatalf("unpaid order: %v", err)
		}

		req.OrderID, req.PhotoIDs = o.ID, []int64{mine1, mine2}
		saved, err := db.InsertSupportRequest(ctx, req, nil, now)
		if err != nil || saved.Status != "open" {
			t.Fatal(saved, err)
		}
		// mine1 is attached now: a second request cannot take it.
		req.PhotoIDs = []int64{mine1}
		if _, err := db.InsertSupportRequest(ctx, req, nil, now); platter.ErrorCode(err) != platter.CodePhotoNotYours {
			t.Fatalf("photo attached twice: %v", err)
		}
		list, err := db.SupportRequestsOfOrder(ctx, schemeID, o.ID)
		if err != nil || len(list) != 1 || list[0].ID != saved.ID || !slices.Equal(list[0].PhotoIDs, []int64{mine1, mine2}) ||
			list[0].Kind != "quality_concern" || list[0].Description != "Cold fries" {
			t.Fatalf("requests of the order: %+v %v", list, err)
		}
		if list, _ := db.SupportRequestsOfOrder(ctx, schemeID+1, o.ID); len(list) != 0 {
			t.Errorf("another scheme's id reads the requests: %+v", list)
		}

		if p, err := db.Photo(ctx, schemeID, mine1, ordering.Reach{UserID: o.UserID}); err != nil || p.SupportRequestID != saved.ID {
			t.Errorf("owner reads the photo: %v %v", p, err)
		}
		if _, err := db.Photo(ctx, schemeID, mine1, ordering.Reach{UserID: other.UserID}); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("another customer reads the photo: %v", err)
		}
		if _, err := db.Photo(ctx, schemeID, mine1, ordering.Reach{UserID: other.UserID, SchemeWide: true}); err != nil {
			t.Errorf("staff of the scheme read the photo: %v", err)
		}
		if _, err := db.Photo(ctx, schemeID, mine1, ordering.Reach{VenueIDs: []int64{o.VenueID}}); err != nil {
			t.Errorf("staff of the order's venue read the photo: %v", err)
		}
		if _, err := db.Photo(ctx, schemeID, mine1, ordering.Reach{VenueIDs: []int64{o.VenueID + 1000}}); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("staff of another venue read the photo: %v", err)
		}
		if _, err := db.Photo(ctx, schemeID, mine2+1000, ordering.Reach{SchemeWide: true}); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("an unknown photo: %v", err)
		}
		if _, err := db.Photo(ctx, schemeID+1, mine1, ordering.Reach{UserID: o.UserID, SchemeWide: true}); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("another scheme reads the photo: %v", err)
		}
	})
}

// TestSupportLimitsHoldConcurrently: 30 uploads at once by one customer
// leave exactly MaxPendingUploads stored; 15 requests at once about one
// order leave exactly MaxPerOrder.
func TestSupportLimitsHoldConcurrently(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		o := paidOrder(t, db, schemeID, "limits")
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for range 30 {
			wg.Go(func() {
				_, err := db.SavePhoto(ctx, support.Photo{SchemeID: schemeID, UserID: o.UserID,
					ContentType: "image/jpeg", Width: 1, Height: 1, Data: []byte{1}}, now)
				mu.Lock()
				codes[codeOf(err)]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if codes[platter.CodeInternal] != 0 || codes[platter.CodeTooManyUploads] != 30-support.MaxPendingUploads {
			t.Errorf("uploads: %v", codes)
		}
		clear(codes)
		for i := range 15 {
			wg.Go(func() {
				_, err := db.InsertSupportRequest(ctx, support.Request{SchemeID: schemeID, UserID: o.UserID,
					OrderID: o.ID, Kind: "something_else", Description: fmt.Sprint("request ", i)}, nil, now)
				mu.Lock()
				codes[codeOf(err)]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if codes[platter.CodeInternal] != 0 || codes[platter.CodeTooManySupportRequests] != 15-support.MaxPerOrder {
			t.Errorf("requests: %v", codes)
		}
	})
}

// codeOf is the API code of err, 0 for success.
func codeOf(err error) int {
	if err == nil {
		return 0
	}
	return platter.ErrorCode(err)
}
