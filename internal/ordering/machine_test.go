package ordering_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"platter/internal/catalog"
	"platter/internal/ordering"
)

// allowed is docs/architecture.md §6 written out by hand, one line per edge: from, to,
// order types, actors, payment states. Every combination of (from, to,
// order type, actor, paid) it does not list must be refused.
var allowed = []string{
	"pending accepted delivery,pickup staff,manager,system paid",
	"pending rejected delivery,pickup staff,manager,system paid",
	"pending cancelled delivery,pickup customer paid,unpaid",
	"pending cancelled delivery,pickup system unpaid",
	"accepted ready_to_collect pickup staff,manager paid",
	"accepted on_the_way delivery staff,manager,driver paid",
	"accepted cancelled delivery,pickup staff,manager paid",
	"ready_to_collect collected pickup staff,manager paid",
	"on_the_way delivered delivery staff,manager,driver paid",
}

var typeNames = map[string]int{"delivery": catalog.OrderTypeDelivery, "pickup": catalog.OrderTypePickup}

func allowedSet(t *testing.T) map[ordering.Step]bool {
	set := map[ordering.Step]bool{}
	for _, line := range allowed {
		f := strings.Fields(line)
		for _, typ := range strings.Split(f[2], ",") {
			for _, actor := range strings.Split(f[3], ",") {
				for _, pay := range strings.Split(f[4], ",") {
					s := ordering.Step{From: ordering.Status(f[0]), To: ordering.Status(f[1]), OrderType: typeNames[typ], Actor: actor, Paid: pay == "paid"}
					if set[s] {
						t.Fatalf("listed twice: %+v", s)
					}
					set[s] = true
				}
			}
		}
	}
	return set
}

func name(s ordering.Step) string {
	typ := "delivery"
	if s.OrderType == catalog.OrderTypePickup {
		typ = "pickup"
	}
	pay := "unpaid"
	if s.Paid {
		pay = "paid"
	}
	return fmt.Sprintf("%s→%s/%s/%s/%s", s.From, s.To, typ, s.Actor, pay)
}

// TestEveryTransition tries every (from, to, order type, actor, paid)
// combination: the listed ones pass, every other one is refused.
func TestEveryTransition(t *testing.T) {
	want := allowedSet(t)
	if len(want) != 32 {
		t.Fatalf("the hand-written table lists %d allowed steps, want 32", len(want))
	}
	tried, passed := 0, 0
	for _, from := range ordering.Statuses {
		for _, to := range ordering.Statuses {
			for _, typ := range []int{catalog.OrderTypeDelivery, catalog.OrderTypePickup} {
				for _, actor := range ordering.Actors {
					for _, paid := range []bool{false, true} {
						s := ordering.Step{From: from, To: to, OrderType: typ, Actor: actor, Paid: paid}
						err := ordering.Check(s)
						tried++
						if want[s] {
							passed++
							if err != nil {
								t.Errorf("%s refused (%v), want allowed", name(s), err)
							}
							continue
						}
						var r *ordering.Refusal
						if !errors.As(err, &r) {
							t.Errorf("%s = %v, want a refusal", name(s), err)
						}
					}
				}
			}
		}
	}
	if tried != 8*8*2*5*2 || passed != 32 {
		t.Fatalf("tried %d, passed %d", tried, passed)
	}
}

// TestRefusalReasons: a refusal names the first thing wrong, which the
// API turns into its message.
func TestRefusalReasons(t *testing.T) {
	d, p := catalog.OrderTypeDelivery, catalog.OrderTypePickup
	cases := []struct {
		s    ordering.Step
		want string
	}{
		{ordering.Step{From: "pending", To: "pending", OrderType: d, Actor: "staff", Paid: true}, ordering.RefusedNotAllowed},
		{ordering.Step{From: "pending", To: "delivered", OrderType: d, Actor: "staff", Paid: true}, ordering.RefusedNotAllowed},
		{ordering.Step{From: "delivered", To: "cancelled", OrderType: d, Actor: "manager", Paid: true}, ordering.RefusedNotAllowed},
		{ordering.Step{From: "cancelled", To: "pending", OrderType: p, Actor: "system", Paid: false}, ordering.RefusedNotAllowed},
		{ordering.Step{From: "accepted", To: "pending", OrderType: p, Actor: "staff", Paid: true}, ordering.RefusedNotAllowed},
		{ordering.Step{From: "accepted", To: "on_the_way", OrderType: p, Actor: "staff", Paid: true}, ordering.RefusedWrongOrderType},
		{ordering.Step{From: "accepted", To: "ready_to_collect", OrderType: d, Actor: "staff", Paid: true}, ordering.RefusedWrongOrderType},
		{ordering.Step{From: "on_the_way", To: "delivered", OrderType: p, Actor: "driver", Paid: true}, ordering.RefusedWrongOrderType},
		{ordering.Step{From: "accepted", To: "cancelled", OrderType: d, Actor: "customer", Paid: true}, ordering.RefusedNotYourStep},
		{ordering.Step{From: "pending", To: "accepted", OrderType: d, Actor: "customer", Paid: true}, ordering.RefusedNotYourStep},
		{ordering.Step{From: "pending", To: "accepted", OrderType: d, Actor: "driver", Paid: true}, ordering.RefusedNotYourStep},
		{ordering.Step{From: "accepted", To: "cancelled", OrderType: d, Actor: "driver", Paid: true}, ordering.RefusedNotYourStep},
		{ordering.Step{From: "pending", To: "cancelled", OrderType: d, Actor: "staff", Paid: true}, ordering.RefusedNotYourStep},
		{ordering.Step{From: "accepted", To: "on_the_way", OrderType: d, Actor: "system", Paid: true}, ordering.RefusedNotYourStep},
		{ordering.Step{From: "pending", To: "accepted", OrderType: d, Actor: "system", Paid: false}, ordering.RefusedNotPaid},
		{ordering.Step{From: "pending", To: "accepted", OrderType: p, Actor: "staff", Paid: false}, ordering.RefusedNotPaid},
		{ordering.Step{From: "pending", To: "rejected", OrderType: p, Actor: "system", Paid: false}, ordering.RefusedNotPaid},
		{ordering.Step{From: "pending", To: "cancelled", OrderType: d, Actor: "system", Paid: true}, ordering.RefusedAlreadyPaid},
	}
	for _, c := range cases {
		var r *ordering.Refusal
		if err := ordering.Check(c.s); !errors.As(err, &r) || r.Reason != c.want {
			t.Errorf("%s = %v, want %s", name(c.s), err, c.want)
		}
	}
}

func TestRefundsOnlyAPaidRejectionOrCancellation(t *testing.T) {
	for _, to := range ordering.Statuses {
		for _, paid := range []bool{false, true} {
			want := paid && (to == "rejected" || to == "cancelled")
			if got := ordering.Refunds(to, paid); got != want {
				t.Errorf("Refunds(%s, %v) = %v", to, paid, got)
			}
		}
	}
}

// TestFinalStatusesHaveNoWayOut checks Final against the machine itself.
func TestFinalStatusesHaveNoWayOut(t *testing.T) {
	for _, from := range ordering.Statuses {
		out := false
		for s := range allowedSet(t) {
			out = out || s.From == from
		}
		if ordering.Final(from) == out {
			t.Errorf("Final(%s) = %v but the table has a step out: %v", from, ordering.Final(from), out)
		}
	}
}

func TestLabels(t *testing.T) {
	want := map[ordering.Status]string{
		"pending": "waiting to be accepted", "accepted": "preparing", "on_the_way": "on the way",
		"rejected": "cancelled", "cancelled": "cancelled", "delivered": "delivered",
		"ready_to_collect": "ready for pickup", "collected": "collected",
	}
	for _, s := range ordering.Statuses {
		if got := ordering.Label(s); got != want[s] {
			t.Errorf("Label(%s) = %q, want %q", s, got, want[s])
		}
	}
	if ordering.Label("shipped") != "" || ordering.Known("shipped") {
		t.Error("an unknown status has a label or is known")
	}
}

// TestPathsFollowTheMachine: each order type's progress path is a chain of
// allowed venue steps that ends in a final status.
func TestPathsFollowTheMachine(t *testing.T) {
	for _, typ := range []int{catalog.OrderTypeDelivery, catalog.OrderTypePickup} {
		path := ordering.Path(typ)
		for i := 1; i < len(path); i++ {
			if err := ordering.Check(ordering.Step{From: path[i-1], To: path[i], OrderType: typ, Actor: "manager", Paid: true}); err != nil {
				t.Errorf("path %v: step %d refused: %v", path, i, err)
			}
		}
		if !ordering.Final(path[len(path)-1]) {
			t.Errorf("path %v does not end in a final status", path)
		}
	}
}
