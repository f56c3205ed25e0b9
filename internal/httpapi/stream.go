package httpapi

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
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
	t := s.tracking
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
// heartbeat) within it. Writes are made by the workers that serve every
// stream, so a stalled client must not hold one long.
const streamWriteTimeout = 5 * time.Second

// orderStream serves GET /api/v3/orders/stream?id=&ticket=: the order's
// events as server-sent events (status, eta, driver), each with its event
// id, from after Last-Event-ID (header, or last_event_id in the query for
// a client that opens a new EventSource), then live: the order's feed
// reads the order_events table whenever the hub wakes it, so nothing is
// lost or repeated whichever instance wrote the event (stream_set.go). A
// comment line after every Heartbeat of quiet keeps it open through
// proxies. It has no call deadline, and ends when the client leaves, a
// write stalls, or the server shuts down.
//
// Once the ticket is checked the connection is taken from net/http
// (hijacked): the answer is plain HTTP/1.1 ending with the connection, and
// one small goroutine per stream only waits for the client to leave.
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
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	h.Set("Connection", "close")
	head := []byte(streamStatusLine)
	head = appendHeader(head, h)
	head = append(head, "\r\nretry: 2000\n\n"...)
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		// Not HTTP/1.x: this server speaks only that.
		s.streams.release(tk.UserID)
		s.writeError(w, r, lang, err)
		return
	}
	c := &sseConn{conn: conn, userID: tk.UserID}
	c.after.Store(after)
	c.mu.Lock()
	err = c.write(head)
	c.mu.Unlock()
	if err != nil {
		_ = conn.Close()
		s.streams.release(tk.UserID)
		return
	}
	f := s.streams.join(tk, c)
	// This goroutine returns, and with it net/http's buffers of the
	// connection and its stack (grown by the ticket's query); a fresh one,
	// small, waits for the client to leave.
	go s.streams.wait(f, c)
}

const streamStatusLine = "HTTP/1.1 200 OK\r\n"

// appendHeader appends the answer's header lines (the middleware's, such
// as X-Request-Id and the security headers, and the stream's own).
func appendHeader(b []byte, h http.Header) []byte {
	var buf bytes.Buffer
	_ = h.Write(&buf)
	return append(b, buf.Bytes()...)
}

// openStream checks the ticket and the order it names, and reads where
// to resume.
func (s *Server) openStream(r *http.Request) (*ordering.Ticket, int64, error) {
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

// formatEvent is one server-sent event: its id (the event's row id, which
// the browser sends back as Last-Event-ID), kind and JSON data. The JSON
// has no newlines (encoding/json writes none), so one data line suffices.
func formatEvent(e ordering.Event) string {
	return "id: " + idText(e.ID) + "\nevent: " + e.Kind + "\ndata: " + string(e.Payload) + "\n\n"
}
