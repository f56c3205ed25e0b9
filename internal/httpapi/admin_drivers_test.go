package httpapi_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// failingDrivers is the store whose driver lookup breaks, once fail is
// set, as when the database fails mid-request.
type failingDrivers struct {
	*store.DB
	fail *atomic.Bool
}

func (f failingDrivers) SchemeDriver(ctx context.Context, schemeID, userID int64) (int64, error) {
	if f.fail.Load() {
		return 0, platter.Internal(errors.New("connection reset by peer"))
	}
	return f.DB.SchemeDriver(ctx, schemeID, userID)
}

// TestDispatchDriverLookupFails: when the database fails while the board
// sends a delivery on its way with a driver, the answer is 1500 (our
// fault, try again), not 1000 "unknown driver" (the caller's); a driver
// who is not the scheme's is still 1000.
func TestDispatchDriverLookupFails(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		var fail atomic.Bool
		f := newPermFixtureWith(t, db, options{orderStore: failingDrivers{db, &fail}})
		id := f.paidOrder(0)
		move := func(kv ...any) *response {
			return f.e.call("admin/orders/transition", data(append([]any{"order_id", id}, kv...)...), f.auth(manager)...)
		}
		if res := move("status", "accepted", "eta_minutes", 20); res.Status != 200 {
			t.Fatalf("accept: %s", res.Raw)
		}
		move("status", "on_the_way", "driver_id", 999999).wantError(t, 400, 1000)
		fail.Store(true)
		move("status", "on_the_way", "driver_id", f.users[driver]).wantError(t, 500, 1500)
		fail.Store(false)
		if res := move("status", "on_the_way", "driver_id", f.users[driver]); res.Status != 200 {
			t.Fatalf("on its way once the database is back: %s", res.Raw)
		}
	})
}
