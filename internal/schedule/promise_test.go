package schedule_test

import (
	"testing"
	"time"

	"platter/internal/catalog"
	"platter/internal/schedule"
)

func TestPromised(t *testing.T) {
	v := &catalog.Venue{PrepMinutes: 15, DeliveryMinutes: 25}
	busy := &catalog.Venue{PrepMinutes: 15, DeliveryMinutes: 25, BusyMinutes: 20}
	accepted := time.Date(2026, 3, 2, 17, 44, 0, 0, time.UTC)
	slot := time.Date(2026, 3, 2, 19, 15, 0, 0, time.UTC)
	for _, c := range []struct {
		name      string
		v         *catalog.Venue
		orderType int
		preorder  *time.Time
		eta       int
		want      time.Time
	}{
		{"pre-order: the slot, whatever the board chose", v, catalog.OrderTypePickup, &slot, 20, slot},
		{"pre-order delivery: the slot", v, catalog.OrderTypeDelivery, &slot, 0, slot},
		{"ASAP pickup: ready in 20", v, catalog.OrderTypePickup, nil, 20, accepted.Add(20 * time.Minute)},
		{"ASAP delivery: ready in 20, then 25 on the road", v, catalog.OrderTypeDelivery, nil, 20, accepted.Add(45 * time.Minute)},
		{"ASAP pickup, no choice: the venue's prep", v, catalog.OrderTypePickup, nil, 0, accepted.Add(15 * time.Minute)},
		{"ASAP delivery, no choice: prep + delivery", v, catalog.OrderTypeDelivery, nil, 0, accepted.Add(40 * time.Minute)},
		{"ASAP pickup, no choice, busy: prep + busy", busy, catalog.OrderTypePickup, nil, 0, accepted.Add(35 * time.Minute)},
		{"ASAP delivery, no choice, busy", busy, catalog.OrderTypeDelivery, nil, 0, accepted.Add(60 * time.Minute)},
		{"ASAP delivery, staff chose 10 while busy", busy, catalog.OrderTypeDelivery, nil, 10, accepted.Add(35 * time.Minute)},
	} {
		if got := schedule.Promised(c.v, c.orderType, c.preorder, accepted, c.eta); !got.Equal(c.want) {
			t.Errorf("%s: %s, want %s", c.name, got.Format(time.Kitchen), c.want.Format(time.Kitchen))
		}
	}
}

func TestAcceptBy(t *testing.T) {
	v := &catalog.Venue{PrepMinutes: 15, DeliveryMinutes: 25}
	wait := 13 * time.Minute
	paid := time.Date(2026, 3, 2, 16, 35, 0, 0, time.UTC)
	six := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	soon := time.Date(2026, 3, 2, 16, 45, 0, 0, time.UTC)
	for _, c := range []struct {
		name      string
		orderType int
		preorder  *time.Time
		want      time.Time
	}{
		{"ASAP: wait after payment", catalog.OrderTypePickup, nil, paid.Add(wait)},
		// The walk's order: paid 16:35 for 18:00 was rejected at 16:48.
		{"pickup for 18:00: wait after 17:45", catalog.OrderTypePickup, &six, six.Add(-15*time.Minute + wait)},
		{"delivery for 18:00: wait after 17:20", catalog.OrderTypeDelivery, &six, six.Add(-40*time.Minute + wait)},
		{"slot whose kitchen start is past: wait after payment", catalog.OrderTypeDelivery, &soon, paid.Add(wait)},
	} {
		got := schedule.AcceptBy(paid, schedule.KitchenStart(v, c.orderType, c.preorder), wait)
		if !got.Equal(c.want) {
			t.Errorf("%s: %s, want %s", c.name, got.Format(time.Kitchen), c.want.Format(time.Kitchen))
		}
	}
}

func TestReadyAt(t *testing.T) {
	v := &catalog.Venue{PrepMinutes: 15, DeliveryMinutes: 25}
	at := time.Date(2026, 3, 2, 17, 20, 0, 0, time.UTC)
	if got := schedule.ReadyAt(v, catalog.OrderTypeDelivery, at); !got.Equal(at.Add(-25 * time.Minute)) {
		t.Errorf("delivery: %s", got)
	}
	if got := schedule.ReadyAt(v, catalog.OrderTypePickup, at); !got.Equal(at) {
		t.Errorf("pickup: %s", got)
	}
}
