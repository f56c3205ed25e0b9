package notify

import "sync"

// Hub wakes the event streams that follow an order. It carries no events:
// a stream reads them from the order_events table by id (so a lost or
// merged wake-up loses nothing) and the hub only says "read again". The
// store feeds it after a commit on SQLite, and from PostgreSQL
// LISTEN/NOTIFY (so a commit on any instance wakes the streams of all).
//
// A subscription is one channel of capacity 1 (or a function) and a map
// entry: state per stream must stay small (tens of thousands of open
// streams per instance). The HTTP server subscribes once per order that
// has open streams, with a function (SubscribeFunc), so no goroutine waits
// per stream.
type Hub struct {
	mu   sync.Mutex
	subs map[int64]map[*Sub]struct{}
	n    int
}

// Sub is one stream's subscription to one order.
type Sub struct {
	// C receives a value when the order may have new events. Wake-ups
	// coalesce: one pending value stands for any number of them.
	// It is nil for a SubscribeFunc subscription.
	C     chan struct{}
	f     func()
	order int64
}

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{subs: map[int64]map[*Sub]struct{}{}} }

// Subscribe follows an order. Subscribe before the first read of the
// order's events, so a commit between that read and the wait still wakes.
func (h *Hub) Subscribe(orderID int64) *Sub {
	return h.add(&Sub{C: make(chan struct{}, 1), order: orderID})
}

// SubscribeFunc follows an order by calling f at each wake-up, under the
// hub's lock: f must return at once and must not call the hub.
func (h *Hub) SubscribeFunc(orderID int64, f func()) *Sub {
	return h.add(&Sub{f: f, order: orderID})
}

func (h *Hub) add(s *Sub) *Sub {
	orderID := s.order
	h.mu.Lock()
	defer h.mu.Unlock()
	m := h.subs[orderID]
	if m == nil {
		m = map[*Sub]struct{}{}
		h.subs[orderID] = m
	}
	m[s] = struct{}{}
	h.n++
	return s
}

// Unsubscribe stops following; it may be called more than once.
func (h *Hub) Unsubscribe(s *Sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	m := h.subs[s.order]
	if _, ok := m[s]; !ok {
		return
	}
	delete(m, s)
	h.n--
	if len(m) == 0 {
		delete(h.subs, s.order)
	}
}

// Wake tells every stream of the order to read; it never blocks.
func (h *Hub) Wake(orderID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[orderID] {
		s.poke()
	}
}

// WakeAll tells every stream to read: after the PostgreSQL listener
// reconnects, notifications sent while it was away are gone, so every
// stream checks the table once.
func (h *Hub) WakeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, m := range h.subs {
		for s := range m {
			s.poke()
		}
	}
}

// Len is the number of subscriptions.
func (h *Hub) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}

func (s *Sub) poke() {
	if s.f != nil {
		s.f()
		return
	}
	select {
	case s.C <- struct{}{}:
	default: // a wake-up is already pending
	}
}
