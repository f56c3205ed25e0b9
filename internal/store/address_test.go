package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"platter/internal/address"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// newCustomer inserts a verified customer of the scheme straight into the
// users table (the store has no sign-up without a code yet) and returns its id.
func newCustomer(t *testing.T, db *store.DB, schemeID int64, email string) int64 {
	t.Helper()
	var id int64
	now := time.Now().UTC()
	err := db.SQL().QueryRowContext(context.Background(), rebind(db, `INSERT INTO users
		(scheme_id, email, email_norm, is_guest, verified_at, created_at, updated_at)
		VALUES (?, ?, ?, FALSE, ?, ?, ?) RETURNING id`), schemeID, email, email, now, now, now).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// rebind writes ? placeholders as PostgreSQL's $n when needed.
func rebind(db *store.DB, q string) string {
	if db.Dialect() != store.Postgres {
		return q
	}
	out, n := []byte{}, 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			out = append(out, fmt.Sprintf("$%d", n)...)
			continue
		}
		out = append(out, q[i])
	}
	return string(out)
}

func home(userID, schemeID int64) address.Address {
	return address.Address{UserID: userID, SchemeID: schemeID, Name: "Home", Line1: "10 Greek Street",
		City: "London", Postcode: "W1D 4DH", Country: "GB", Lat: 51.514, Lng: -0.131,
		ContactNumber: "+447911123456", Email: "ann@example.com", Note: "Ring twice"}
}

func TestAddressesOwnerScoped(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s1, s2 := mustImport(t, db, mustParse(t, 0)).SchemeID, mustImport(t, db, mustParse(t, 1)).SchemeID
		ann, bob := newCustomer(t, db, s1, "ann@example.com"), newCustomer(t, db, s1, "bob@example.com")
		now := time.Now()

		a, err := db.SaveAddress(ctx, home(ann, s1), now)
		if err != nil {
			t.Fatal(err)
		}
		if a.ID == 0 || a.Line1 != "10 Greek Street" || a.Lat != 51.514 || a.CreatedAt.IsZero() {
			t.Fatalf("saved = %+v", a)
		}
		upd := *a
		upd.Name, upd.Line2 = "Office", "Floor 3"
		b, err := db.SaveAddress(ctx, upd, now.Add(time.Minute))
		if err != nil || b.ID != a.ID || b.Name != "Office" || b.Line2 != "Floor 3" || !b.UpdatedAt.After(b.CreatedAt) {
			t.Fatalf("updated = %+v, %v", b, err)
		}

		// Bob, and Ann's own token at another scheme, see nothing of Ann's.
		for _, o := range []struct{ user, scheme int64 }{{bob, s1}, {ann, s2}} {
			list, err := db.Addresses(ctx, o.user, o.scheme)
			if err != nil || len(list) != 0 {
				t.Errorf("owner %v lists %v, %v", o, list, err)
			}
			foreign := upd
			foreign.UserID, foreign.SchemeID, foreign.Name = o.user, o.scheme, "Stolen"
			if _, err := db.SaveAddress(ctx, foreign, now); platter.ErrorCode(err) != platter.CodeNotFound {
				t.Errorf("owner %v updates Ann's address: %v", o, err)
			}
			if err := db.DeleteAddress(ctx, o.user, o.scheme, a.ID); platter.ErrorCode(err) != platter.CodeNotFound {
				t.Errorf("owner %v deletes Ann's address: %v", o, err)
			}
		}
		list, err := db.Addresses(ctx, ann, s1)
		if err != nil || len(list) != 1 || list[0].Name != "Office" {
			t.Fatalf("Ann's list = %+v, %v", list, err)
		}
		if err := db.DeleteAddress(ctx, ann, s1, a.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteAddress(ctx, ann, s1, a.ID); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("second delete: %v", err)
		}
		missing := home(ann, s1)
		missing.ID = 999999
		if _, err := db.SaveAddress(ctx, missing, now); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Errorf("update of a missing id: %v", err)
		}
	})
}

func TestAddressLimit(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s1 := mustImport(t, db, mustParse(t, 0)).SchemeID
		ann := newCustomer(t, db, s1, "ann@example.com")
		for i := 0; i < address.MaxPerUser; i++ {
			if _, err := db.SaveAddress(ctx, home(ann, s1), time.Now()); err != nil {
				t.Fatalf("address %d: %v", i+1, err)
			}
		}
		_, err := db.SaveAddress(ctx, home(ann, s1), time.Now())
		if platter.ErrorCode(err) != platter.CodeConflict {
			t.Fatalf("address %d: %v; want 1409", address.MaxPerUser+1, err)
		}
		list, _ := db.Addresses(ctx, ann, s1)
		if len(list) != address.MaxPerUser {
			t.Errorf("%d addresses stored", len(list))
		}
		// Updating one is still allowed at the limit.
		if _, err := db.SaveAddress(ctx, list[0], time.Now()); err != nil {
			t.Errorf("update at the limit: %v", err)
		}
	})
}
