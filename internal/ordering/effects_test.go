package ordering_test

import (
	"testing"

	"platter/internal/catalog"
	"platter/internal/ordering"
)

// TestEffects: what each kind of step causes, one row per case.
func TestEffects(t *testing.T) {
	d := catalog.OrderTypeDelivery
	type fx = ordering.Effects
	cases := []struct {
		name string
		s    ordering.Step
		want fx
	}{
		{"accept a paid order", ordering.Step{From: "pending", To: "accepted", Paid: true}, fx{Mail: true}},
		{"dispatch", ordering.Step{From: "accepted", To: "on_the_way", Paid: true}, fx{Mail: true}},
		{"deliver", ordering.Step{From: "on_the_way", To: "delivered", Paid: true}, fx{Mail: true, Stamps: true}},
		{"collect", ordering.Step{From: "ready_to_collect", To: "collected", Paid: true}, fx{Mail: true, Stamps: true}},
		{"reject a paid order", ordering.Step{From: "pending", To: "rejected", Paid: true},
			fx{Mail: true, Release: true, Refund: true}},
		{"cancel an accepted order", ordering.Step{From: "accepted", To: "cancelled", Paid: true},
			fx{Mail: true, Release: true, Refund: true}},
		{"customer cancels before paying", ordering.Step{From: "pending", To: "cancelled", Actor: "customer"},
			fx{Release: true, Expire: true}},
		{"expiry", ordering.Step{From: "pending", To: "cancelled", Actor: "system"}, fx{Release: true, Expire: true}},
		{"reward lost", ordering.Step{From: "pending", To: "cancelled", Actor: "system", Paid: true,
			Cause: ordering.CauseRewardLost}, fx{Mail: true, Release: true, Refund: true}},
		{"refunded by the provider", ordering.Step{From: "pending", To: "cancelled", Actor: "system", Refunded: true},
			fx{Mail: true, Release: true}},
	}
	for _, c := range cases {
		c.s.OrderType = d
		if got := ordering.EffectsOf(c.s); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestOnlyALostRewardCancelsAPaidOrder: the System may cancel a paid
// order only when it lost its reward; a customer's cause changes nothing.
func TestOnlyALostRewardCancelsAPaidOrder(t *testing.T) {
	s := ordering.Step{From: "pending", To: "cancelled", OrderType: catalog.OrderTypePickup, Actor: "system", Paid: true,
		Cause: ordering.CauseRewardLost}
	if err := ordering.Check(s); err != nil {
		t.Errorf("reward lost: %v", err)
	}
	s.Cause = "anything"
	if ordering.Check(s) == nil {
		t.Error("the System cancelled a paid order for another cause")
	}
	s = ordering.Step{From: "accepted", To: "cancelled", OrderType: catalog.OrderTypePickup, Actor: "system", Paid: true,
		Cause: ordering.CauseRewardLost}
	if ordering.Check(s) == nil {
		t.Error("the System cancelled an accepted order")
	}
}
