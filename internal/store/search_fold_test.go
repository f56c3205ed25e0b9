package store_test

import (
	"context"
	"fmt"
	"testing"

	"platter/internal/ordering"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestSearchFoldOfOlderRows: an order written before migration 0034 (its
// folded columns empty) is folded once at the next start, and staff then
// find it by its name in any case on both databases.
func TestSearchFoldOfOlderRows(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		o := paidOrder(t, db, schemeID, "fold")
		for _, q := range []string{
			"UPDATE orders SET first_name = 'Łukasz', last_name = 'Żak', search_email = '', search_name = '', search_last_name = ''",
			"DELETE FROM data_fixes WHERE name = 'search_fold_1'",
		} {
			if _, err := db.SQL().Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		find := func(name string) []int64 {
			found, _, err := db.SearchOrders(ctx, ordering.SearchFilter{SchemeID: schemeID, NamePrefix: name, PerPage: 20,
				Reach: ordering.Reach{SchemeWide: true}})
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, d := range found {
				ids = append(ids, d.ID)
			}
			return ids
		}
		if got := find("łukasz"); len(got) != 0 {
			t.Fatalf("an unfolded row found: %v", got)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"łukasz ż", "ŁUKASZ", "żak"} {
			if got := find(q); fmt.Sprint(got) != fmt.Sprint([]int64{o.ID}) {
				t.Errorf("%q after the fold: %v, want [%d]", q, got, o.ID)
			}
		}
		if n := sqlInt(t, db, "SELECT COUNT(*) FROM orders WHERE search_email = 'g@example.com'"); n != 1 {
			t.Errorf("the e-mail address folded on %d rows, want 1", n)
		}
	})
}
