package lifecycle_test

import (
	"testing"

	"platter/internal/catalog"
	"platter/internal/lifecycle"
)

// TestEffects: what each kind of step causes, one row per case.
func TestEffects(t *testing.T) {
	d := catalog.OrderTypeDelivery
	type fx = lifecycle.Effects
	cases := []struct {
		name string
		s    lifecycle.Step
		want fx
	}{
		{"accept a paid order", lifecycle.Step{From: "pending", To: "accepted", Paid: true}, fx{Mail: true}},
		{"dispatch", lifecycle.Step{From: "accepted", To: "on_the_way", Paid: true}, fx{Mail: true}},
		{"deliver", lifecycle.Step{From: "on_the_way", To: "delivered", Paid: true}, fx{Mail: true, Stamps: true}},
		{"collect", lifecycle.Step{From: "ready_to_collect", To: "collected", Paid: true}, fx{Mail: true, Stamps: true}},
		{"reject a paid order", lifecycle.Step{From: "pending", To: "rejected", Paid: true},
			fx{Mail: true, Release: true, Refund: true}},
		{"cancel an accepted order", lifecycle.Step{From: "accepted", To: "cancelled", Paid: true},
			fx{Mail: true, Release: true, Refund: true}},
		{"customer cancels before paying", lifecycle.Step{From: "pending", To: "cancelled", Actor: "customer"},
			fx{Release: true, Expire: true}},
		{"expiry", lifecycle.Step{From: "pending", To: "cancelled", Actor: "system"}, fx{Release: true, Expire: true}},
		{"reward lost", lifecycle.Step{From: "pending", To: "cancelled", Actor: "system", Paid: true,
			Cause: lifecycle.CauseRewardLost}, fx{Mail: true, Release: true, Refund: true}},
		{"refunded by the provider", lifecycle.Step{From: "pending", To: "cancelled", Actor: "system", Refunded: true},
			fx{Mail: true, Release: true}},
	}
	for _, c := range cases {
		c.s.OrderType = d
		if got := lifecycle.EffectsOf(c.s); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestOnlyALostRewardCancelsAPaidOrder: the System may cancel a paid
// order only when it lost its reward; a customer's cause changes nothing.
func TestOnlyALostRewardCancelsAPaidOrder(t *testing.T) {
	s := lifecycle.Step{From: "pending", To: "cancelled", OrderType: catalog.OrderTypePickup, Actor: "system", Paid: true,
		Cause: lifecycle.CauseRewardLost}
	if err := lifecycle.Check(s); err != nil {
		t.Errorf("reward lost: %v", err)
	}
	s.Cause = "anything"
	if lifecycle.Check(s) == nil {
		t.Error("the System cancelled a paid order for another cause")
	}
	s = lifecycle.Step{From: "accepted", To: "cancelled", OrderType: catalog.OrderTypePickup, Actor: "system", Paid: true,
		Cause: lifecycle.CauseRewardLost}
	if lifecycle.Check(s) == nil {
		t.Error("the System cancelled an accepted order")
	}
}
