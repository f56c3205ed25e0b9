package store_test

import (
	"context"
	"testing"

	"platter/internal/store/storetest"
)

// BenchmarkMenuRef measures the per-request cost of menu/list's cache check.
func BenchmarkMenuRef(b *testing.B) {
	for _, d := range storetest.Dialects() {
		b.Run(d, func(b *testing.B) {
			db := storetest.Open(b, d)
			mustImport(b, db, mustParse(b, 0))
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, _, err := db.MenuRef(ctx, "demo-burgers", "soho"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMenu measures loading the whole demo burger menu (a cache miss).
func BenchmarkMenu(b *testing.B) {
	for _, d := range storetest.Dialects() {
		b.Run(d, func(b *testing.B) {
			db := storetest.Open(b, d)
			mustImport(b, db, mustParse(b, 0))
			ctx := context.Background()
			id, _, err := db.MenuRef(ctx, "demo-burgers", "soho")
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := db.Menu(ctx, id); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
