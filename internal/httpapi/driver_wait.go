package httpapi

import (
	"context"
	"errors"
	"time"

	"platter/internal/notify"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// The driver view learns at once that the board assigned it an order (or
// took one away, or moved one on): driver/orders/wait is a long poll on
// the streams' machinery. It holds a place among the caller's streams,
// subscribes to the hub's wake-ups of the scheme's venues (every order
// event wakes its venue, on SQLite from this process's commits, on
// PostgreSQL from any instance's NOTIFY) and answers as soon as the
// fingerprint of the driver's open deliveries differs from the one the
// view has, or after driverWaitMax with the same one. The view then reads
// driver/orders/list again, or asks again. An envelope call, not an
// EventSource: it carries the driver's token, so it needs no ticket.

// DriverWaker is what driver/orders/wait needs of the store.
type DriverWaker interface {
	DriverVersion(ctx context.Context, schemeID, driverID int64) (string, error)
}

// driverWaitMax bounds one wait; it stays well inside the call's deadline.
const driverWaitMax = 25 * time.Second

func (s *Server) driverWaitFor() time.Duration {
	return min(driverWaitMax, max(s.timeouts.Call-5*time.Second, s.timeouts.Call/2))
}

// driverOrdersWait answers driver/orders/wait (filter version: the last
// answer's, "" at first): {version, changed}.
func (s *Server) driverOrdersWait(r *request, c *Caller) (*reply, error) {
	w, ok := s.tracking.(DriverWaker)
	if !ok {
		return nil, platter.Internal(errors.New("httpapi: the tracking store tells no driver versions"))
	}
	var in struct {
		Version string `json:"version" text:"max=64"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	ctx := r.Context()
	if err := s.streams.acquire(c.UserID); err != nil {
		return nil, err
	}
	defer s.streams.release(c.UserID)
	// Subscribed before the first read: a commit between the read and the
	// wait still wakes it.
	woken, stop, err := s.wakeOnVenues(ctx, c.SchemeID)
	if err != nil {
		return nil, err
	}
	defer stop()
	timer := time.NewTimer(s.driverWaitFor())
	defer timer.Stop()
	for {
		v, err := w.DriverVersion(ctx, c.SchemeID, c.UserID)
		if err != nil {
			return nil, err
		}
		if v != in.Version {
			return &reply{Data: map[string]any{"version": v, "changed": true}}, nil
		}
		select {
		case <-woken:
		case <-timer.C:
			return &reply{Data: map[string]any{"version": v, "changed": false}}, nil
		case <-s.streams.closing:
			return &reply{Data: map[string]any{"version": v, "changed": false}}, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// wakeOnVenues subscribes to the wake-ups of every venue of the scheme;
// they coalesce into one channel.
func (s *Server) wakeOnVenues(ctx context.Context, schemeID int64) (<-chan struct{}, func(), error) {
	venues, err := s.cat.VenuesOfScheme(ctx, schemeID)
	if err != nil {
		return nil, nil, err
	}
	woken := make(chan struct{}, 1)
	wake := func() { // called under the hub's lock: only signal
		select {
		case woken <- struct{}{}:
		default:
		}
	}
	subs := make([]*notify.Sub, 0, len(venues))
	for _, v := range venues {
		subs = append(subs, s.hub.SubscribeFunc(ordering.VenueWakeKey(v.ID), wake))
	}
	return woken, func() {
		for _, sub := range subs {
			s.hub.Unsubscribe(sub)
		}
	}, nil
}
