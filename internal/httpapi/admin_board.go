package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"platter/internal/catalog"
	"platter/internal/i18n"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// The order board's calls (issue 12): admin/orders/board (what a board
// shows), admin/orders/stream-ticket and GET admin/orders/stream (every
// status and eta event of the venue's paid orders, live).

// Board is what the board needs of the store beyond Tracking; the
// tracking store implements it.
type Board interface {
	BoardOrders(ctx context.Context, schemeID, venueID int64, since time.Time) ([]ordering.Detail, error)
	LastEventID(ctx context.Context) (int64, error)
	VenueEvents(ctx context.Context, schemeID, venueID, after int64, limit int) ([]ordering.Event, error)
	CreateVenueStreamTicket(ctx context.Context, hash string, t ordering.VenueTicket, expires, now time.Time) error
	VenueStreamTicket(ctx context.Context, hash string, now time.Time) (*ordering.VenueTicket, error)
}

func (s *Server) boardStore() (Board, error) {
	if b, ok := s.tracking.(Board); ok {
		return b, nil
	}
	return nil, platter.Internal(errors.New("httpapi: the tracking store serves no board"))
}

// defaultAutoRejectMinutes is PLATTER_AUTO_REJECT_MINUTES's default, for a
// server built without a configuration (tests).
const defaultAutoRejectMinutes = 13

func (s *Server) autoRejectMinutes() int {
	if s.cfg == nil || s.cfg.AutoRejectMinutes < 1 {
		return defaultAutoRejectMinutes
	}
	return s.cfg.AutoRejectMinutes
}

// boardVenue is the venue a board call names (venue_slug, required): one
// of the caller's scheme (the route table has checked the caller works
// there).
func (s *Server) boardVenue(ctx context.Context, c *Caller, slug string) (*catalog.Venue, error) {
	if slug == "" {
		return nil, platter.Invalid(map[string]string{"venue_slug": "board.venue_required"})
	}
	_, venues, err := s.schemeVenues(ctx, c.SchemeSlug)
	if err != nil {
		return nil, err
	}
	for i := range venues {
		if venues[i].Slug == slug {
			return &venues[i], nil
		}
	}
	return nil, platter.NotFound()
}

// startOfDay is midnight of now's day in the zone (UTC when it is unknown).
func startOfDay(now time.Time, zone string) time.Time {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc)
}

// boardOrderJSON is an order as the board shows it: the order detail and
// whom to call about it.
type boardOrderJSON struct {
	detailJSON
	Customer customerJSON `json:"customer"`
}

type customerJSON struct {
	FirstName     string `json:"first_name"`
	LastName      string `json:"last_name"`
	ContactNumber string `json:"contact_number"`
	Email         string `json:"email"`
}

// toBoardOrdersJSON is orders as the board and the driver view show them:
// whom to call and whom to hand the order to (the customer's name, not the
// delivery address's label).
func toBoardOrdersJSON(list []ordering.Detail) []boardOrderJSON {
	out := make([]boardOrderJSON, 0, len(list))
	for i := range list {
		o := &list[i]
		out = append(out, boardOrderJSON{detailJSON: toDetailJSON(o), Customer: customerJSON{FirstName: o.FirstName,
			LastName: o.LastName, ContactNumber: o.ContactNumber, Email: o.Email}})
	}
	return out
}

// adminOrderBoard answers admin/orders/board: the venue's paid orders in
// play and those finished today (in the venue's zone), newest first; meta
// auto_reject_minutes (PLATTER_AUTO_REJECT_MINUTES: the board warns at
// half of it) and last_event_id (where its stream starts, so nothing
// between this answer and the stream is missed).
func (s *Server) adminOrderBoard(r *request, c *Caller) (*reply, error) {
	b, err := s.boardStore()
	if err != nil {
		return nil, err
	}
	var in struct {
		VenueSlug string `json:"venue_slug" text:"max=100"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	ctx := r.Context()
	v, err := s.boardVenue(ctx, c, in.VenueSlug)
	if err != nil {
		return nil, err
	}
	// The cursor first: an event written while the orders are read is then
	// both in the answer and replayed by the stream (the board merges).
	last, err := b.LastEventID(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	list, err := b.BoardOrders(ctx, c.SchemeID, v.ID, startOfDay(now, v.TimeZone))
	if err != nil {
		return nil, err
	}
	return &reply{Data: toBoardOrdersJSON(list), Meta: map[string]any{"total": len(list),
		"auto_reject_minutes": s.autoRejectMinutes(), "last_event_id": last, "server_time": now.UTC()}}, nil
}

// adminStreamTicket answers admin/orders/stream-ticket: a short-lived
// ticket that opens the board stream of one venue for the caller (an
// EventSource cannot send the token). Only its hash is stored.
func (s *Server) adminStreamTicket(r *request, c *Caller) (*reply, error) {
	b, err := s.boardStore()
	if err != nil {
		return nil, err
	}
	var in struct {
		VenueSlug string `json:"venue_slug" text:"max=100"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	ctx := r.Context()
	v, err := s.boardVenue(ctx, c, in.VenueSlug)
	if err != nil {
		return nil, err
	}
	var raw [24]byte
	_, _ = rand.Read(raw[:])
	ticket := hex.EncodeToString(raw[:])
	now := s.now()
	expires := now.Add(s.streams.limits.TicketTTL)
	if err := b.CreateVenueStreamTicket(ctx, ticketHash(ticket), ordering.VenueTicket{SchemeID: c.SchemeID,
		UserID: c.UserID, VenueID: v.ID}, expires, now); err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"ticket": ticket, "expires_at": expires.UTC(),
		"url": "/api/v3/admin/orders/stream?venue=" + v.Slug + "&ticket=" + ticket}}, nil
}

// adminOrderStream serves GET /api/v3/admin/orders/stream?venue=&ticket=:
// the status and eta events of the venue's paid orders as server-sent
// events, each with its event id, from after Last-Event-ID (header, or
// last_event_id in the query), else from now; then live, read from the
// order_events table whenever the hub wakes the venue
// (ordering.VenueWakeKey), so nothing is lost or repeated whichever
// instance wrote the event. A heartbeat event (no id) every Heartbeat of
// quiet; caps and shutdown as orderStream.
func (s *Server) adminOrderStream(w http.ResponseWriter, r *http.Request, _ *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	b, tk, after, err := s.openBoardStream(r)
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	if err := s.streams.acquire(tk.UserID); err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	defer s.streams.release(tk.UserID)
	sub := s.hub.Subscribe(ordering.VenueWakeKey(tk.VenueID))
	defer s.hub.Unsubscribe(sub)

	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	defer func() { _ = rc.SetWriteDeadline(time.Time{}) }()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if boardWrite(w, rc, "retry: 2000\n\n") != nil {
		return
	}
	beat := time.NewTicker(s.streams.limits.Heartbeat)
	defer beat.Stop()
	ctx := r.Context()
	for {
		evs, err := b.VenueEvents(ctx, tk.SchemeID, tk.VenueID, after, streamBatch)
		if err != nil {
			return // the client reconnects from its last id
		}
		for _, e := range evs {
			if boardWrite(w, rc, formatBoardEvent(e)) != nil {
				return
			}
			after = e.ID
		}
		if len(evs) == streamBatch {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-s.streams.closing:
			return
		case <-sub.C:
		case <-beat.C:
			// A named event, not a comment: the board sees it (EventSource
			// hides comments) and takes a silent stream for a dead one.
			if boardWrite(w, rc, "event: heartbeat\ndata: {}\n\n") != nil {
				return
			}
		}
	}
}

// openBoardStream checks the ticket and the venue it names, and reads
// where to resume.
func (s *Server) openBoardStream(r *http.Request) (Board, *ordering.VenueTicket, int64, error) {
	b, err := s.boardStore()
	if err != nil {
		return nil, nil, 0, err
	}
	q := r.URL.Query()
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = q.Get("last_event_id")
	}
	after := int64(-1)
	if last != "" {
		if after, err = strconv.ParseInt(last, 10, 64); err != nil || after < 0 {
			return nil, nil, 0, platter.Invalid(map[string]string{"last_event_id": "stream.last_event_id"})
		}
	}
	ticket := q.Get("ticket")
	if ticket == "" {
		return nil, nil, 0, &platter.Error{Code: platter.CodeUnauthorized, Message: "stream.ticket_invalid"}
	}
	ctx := r.Context()
	tk, err := b.VenueStreamTicket(ctx, ticketHash(ticket), s.now())
	if platter.ErrorCode(err) == platter.CodeNotFound {
		return nil, nil, 0, &platter.Error{Code: platter.CodeUnauthorized, Message: "stream.ticket_invalid"}
	}
	if err != nil {
		return nil, nil, 0, err
	}
	if venue := q.Get("venue"); venue != "" {
		v, err := s.venueByID(ctx, tk, venue)
		if err != nil {
			return nil, nil, 0, err
		}
		if v != tk.VenueID {
			return nil, nil, 0, platter.NotFound() // a ticket opens only its venue
		}
	}
	if after < 0 {
		// No resume point: live from now on (the board has read its orders).
		if after, err = b.LastEventID(ctx); err != nil {
			return nil, nil, 0, err
		}
	}
	return b, tk, after, nil
}

// venueByID is the id of the venue slug in the ticket's scheme.
func (s *Server) venueByID(ctx context.Context, tk *ordering.VenueTicket, slug string) (int64, error) {
	venues, err := s.cat.VenuesOfScheme(ctx, tk.SchemeID)
	if err != nil {
		return 0, err
	}
	for _, v := range venues {
		if v.Slug == slug {
			return v.ID, nil
		}
	}
	return 0, platter.NotFound()
}

func boardWrite(w http.ResponseWriter, rc *http.ResponseController, text string) error {
	_ = rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
	if _, err := fmt.Fprint(w, text); err != nil {
		return err
	}
	return rc.Flush()
}

// formatBoardEvent is one server-sent event of the board: its id, kind
// (status, eta) and data, the event's JSON with the order's id added.
func formatBoardEvent(e ordering.Event) string {
	data := string(e.Payload)
	if len(data) >= 2 && data[0] == '{' {
		sep := ","
		if data == "{}" {
			sep = ""
		}
		data = `{"order_id":` + idText(e.OrderID) + sep + data[1:]
	}
	return "id: " + idText(e.ID) + "\nevent: " + e.Kind + "\ndata: " + data + "\n\n"
}
