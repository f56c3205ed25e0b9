package httpapi

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"platter/internal/i18n"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// StreamLimits bound the event streams of one instance. Each open stream
// holds a goroutine, a connection and a subscription, so without a cap a
// client could hold memory without end.
type StreamLimits struct {
	PerUser   int           // streams one user may hold open at once (default 5: tabs, a phone)
	Total     int           // streams this instance holds (default 20,000)
	Heartbeat time.Duration // a comment line this often keeps proxies from closing an idle stream (default 15 s)
	TicketTTL time.Duration // how long a stream ticket opens streams (default 5 min)
}

// DefaultStreamLimits are the production limits.
var DefaultStreamLimits = StreamLimits{PerUser: 5, Total: 20000, Heartbeat: 15 * time.Second, TicketTTL: 5 * time.Minute}

func (l StreamLimits) withDefaults() StreamLimits {
	d := DefaultStreamLimits
	if l.PerUser > 0 {
		d.PerUser = l.PerUser
	}
	if l.Total > 0 {
		d.Total = l.Total
	}
	if l.Heartbeat > 0 {
		d.Heartbeat = l.Heartbeat
	}
	if l.TicketTTL > 0 {
		d.TicketTTL = l.TicketTTL
	}
	return d
}

// streamSet counts open streams and ends them all on shutdown.
type streamSet struct {
	limits  StreamLimits
	mu      sync.Mutex
	total   int
	perUser map[int64]int
	closing chan struct{}
	once    sync.Once
}

func newStreamSet(l StreamLimits) *streamSet {
	return &streamSet{limits: l.withDefaults(), perUser: map[int64]int{}, closing: make(chan struct{})}
}

// acquire takes a place for a user's stream: 1429 over the user's cap,
// 1503 over the instance's (both with Retry-After).
func (ss *streamSet) acquire(userID int64) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	switch {
	case ss.perUser[userID] >= ss.limits.PerUser:
		return &platter.Error{Code: platter.CodeRateLimited, Message: "stream.too_many",
			Params: map[string]string{"retry_after": "30"}}
	case ss.total >= ss.limits.Total:
		return &platter.Error{Code: platter.CodeUnavailable, Message: "stream.busy",
			Params: map[string]string{"retry_after": "5"}}
	}
	ss.perUser[userID]++
	ss.total++
	return nil
}

func (ss *streamSet) release(userID int64) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.total--
	if ss.perUser[userID]--; ss.perUser[userID] <= 0 {
		delete(ss.perUser, userID)
	}
}

// close ends every stream (the server is shutting down): their clients
// reconnect, through the load balancer, to an instance still serving.
func (ss *streamSet) close() { ss.once.Do(func() { close(ss.closing) }) }

// OpenStreams is the number of open event streams (for tests and metrics).
func (s *Server) OpenStreams() int {
	s.streams.mu.Lock()
	defer s.streams.mu.Unlock()
	return s.streams.total
}

// streamTicket answers orders/stream-ticket: a short-lived ticket that
// opens the event stream of one order for the caller (an EventSource
// cannot send the token). Only the ticket's hash is stored.
func (s *Server) streamTicket(r *request, c *Caller) (*reply, error) {
	t, err := s.trackingStore()
	if err != nil {
		return nil, err
	}
	var in orderIDInput
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	if _, err := t.OrderDetail(ctx, c.SchemeID, id, reachOf(c)); err != nil {
		return nil, err
	}
	var b [24]byte
	_, _ = rand.Read(b[:])
	ticket := hex.EncodeToString(b[:])
	now := s.now()
	expires := now.Add(s.streams.limits.TicketTTL)
	if err := t.CreateStreamTicket(ctx, ticketHash(ticket), ordering.Ticket{SchemeID: c.SchemeID,
		UserID: c.UserID, OrderID: id}, expires, now); err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"ticket": ticket, "expires_at": expires.UTC(),
		"url": "/api/v3/orders/stream?id=" + idText(id) + "&ticket=" + ticket}}, nil
}

func ticketHash(ticket string) string {
	sum := sha256.Sum256([]byte(ticket))
	return hex.EncodeToString(sum[:])
}

// streamBatch is how many events one read of the table sends.
const streamBatch = 100

// streamWriteTimeout drops a client that does not take an event (or a
// heartbeat) within it.
const streamWriteTimeout = 30 * time.Second

// orderStream serves GET /api/v3/orders/stream?id=&ticket=: the order's
// events as server-sent events (status, eta, driver), each with its event
// id, from after Last-Event-ID (header, or last_event_id in the query for
// a client that opens a new EventSource), then live: the stream reads the
// order_events table whenever the hub wakes it, so nothing is lost or
// repeated whichever instance wrote the event. A comment line every
// Heartbeat keeps it open through proxies. It has no call deadline, and
// ends when the client leaves or the server shuts down.
func (s *Server) orderStream(w http.ResponseWriter, r *http.Request, _ *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	tk, after, err := s.openStream(r)
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	if err := s.streams.acquire(tk.UserID); err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	defer s.streams.release(tk.UserID)
	sub := s.hub.Subscribe(tk.OrderID)
	defer s.hub.Unsubscribe(sub)

	rc := http.NewResponseController(w)
	// The server's read deadline (from the request's start) would cancel
	// the stream's context: a stream only writes, and a write deadline per
	// write finds a dead client instead.
	_ = rc.SetReadDeadline(time.Time{})
	// The server sets no write deadline of its own per request: clear the
	// stream's, or a keep-alive connection reused after the stream ends
	// (a database error ends it) would carry it into the next request.
	defer func() { _ = rc.SetWriteDeadline(time.Time{}) }()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if s.streamWrite(w, rc, "retry: 2000\n\n") != nil {
		return
	}
	beat := time.NewTicker(s.streams.limits.Heartbeat)
	defer beat.Stop()
	ctx := r.Context()
	for {
		evs, err := s.tracking.OrderEvents(ctx, tk.SchemeID, tk.OrderID, after, streamBatch)
		if err != nil {
			return // the client reconnects from its last id
		}
		for _, e := range evs {
			if s.streamWrite(w, rc, formatEvent(e)) != nil {
				return
			}
			after = e.ID
		}
		if len(evs) == streamBatch {
			continue // more to send
		}
		select {
		case <-ctx.Done():
			return
		case <-s.streams.closing:
			return
		case <-sub.C:
		case <-beat.C:
			if s.streamWrite(w, rc, ": heartbeat\n\n") != nil {
				return
			}
		}
	}
}

// openStream checks the ticket and the order it names, and reads where
// to resume.
func (s *Server) openStream(r *http.Request) (*ordering.Ticket, int64, error) {
	if _, err := s.trackingStore(); err != nil {
		return nil, 0, err
	}
	q := r.URL.Query()
	id, err := strconv.ParseInt(q.Get("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, 0, platter.Invalid(map[string]string{"id": "order.id_required"})
	}
	after := int64(0)
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = q.Get("last_event_id")
	}
	if last != "" {
		if after, err = strconv.ParseInt(last, 10, 64); err != nil || after < 0 {
			return nil, 0, platter.Invalid(map[string]string{"last_event_id": "stream.last_event_id"})
		}
	}
	ticket := q.Get("ticket")
	if ticket == "" {
		return nil, 0, &platter.Error{Code: platter.CodeUnauthorized, Message: "stream.ticket_invalid"}
	}
	tk, err := s.tracking.StreamTicket(r.Context(), ticketHash(ticket), s.now())
	if platter.ErrorCode(err) == platter.CodeNotFound {
		return nil, 0, &platter.Error{Code: platter.CodeUnauthorized, Message: "stream.ticket_invalid"}
	}
	if err != nil {
		return nil, 0, err
	}
	if tk.OrderID != id {
		// A ticket opens only the order it was issued for.
		return nil, 0, platter.NotFound()
	}
	return tk, after, nil
}

func (s *Server) streamWrite(w http.ResponseWriter, rc *http.ResponseController, text string) error {
	_ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	if _, err := fmt.Fprint(w, text); err != nil {
		return err
	}
	return rc.Flush()
}

// formatEvent is one server-sent event: its id (the event's row id, which
// the browser sends back as Last-Event-ID), kind and JSON data. The JSON
// has no newlines (encoding/json writes none), so one data line suffices.
func formatEvent(e ordering.Event) string {
	return "id: " + idText(e.ID) + "\nevent: " + e.Kind + "\ndata: " + string(e.Payload) + "\n\n"
}
