package ordering_test

import (
	"testing"
	"time"

	"platter/internal/ordering"
)

// TestUnpaidFor: only an order that holds something another customer
// could be refused for (a place of a slot with a capacity, a use of a
// promo code with a total limit) lapses after HoldTTL.
func TestUnpaidFor(t *testing.T) {
	slot := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		n    ordering.NewOrder
		want time.Duration
	}{
		{"nothing held", ordering.NewOrder{}, ordering.UnpaidTTL},
		{"a slot without capacity", ordering.NewOrder{Slot: slot}, ordering.UnpaidTTL},
		{"a place of a limited slot", ordering.NewOrder{Slot: slot, SlotCapacity: 3}, ordering.HoldTTL},
		{"a code without a total limit", ordering.NewOrder{Use: &ordering.Use{PromoCodeID: 1, PerCustomer: 1}}, ordering.UnpaidTTL},
		{"a use of a limited code", ordering.NewOrder{Use: &ordering.Use{PromoCodeID: 1, MaxUses: 5}}, ordering.HoldTTL},
		{"an offer", ordering.NewOrder{Use: &ordering.Use{OfferID: 1, PerCustomer: 1}}, ordering.UnpaidTTL},
	} {
		if got := c.n.UnpaidFor(); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	if ordering.HoldTTL >= ordering.UnpaidTTL {
		t.Errorf("HoldTTL %s is not shorter than UnpaidTTL %s", ordering.HoldTTL, ordering.UnpaidTTL)
	}
}
