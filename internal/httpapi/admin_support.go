package httpapi

import (
	"slices"
	"time"

	"platter/internal/audit"
	"platter/internal/platter"
	"platter/internal/support"
)

// The support inbox (docs/architecture.md §10): staff of the order's venue
// (a manager, of the whole scheme) read the customers' requests and answer
// them. The reach is the caller's venues (staffReach), so another venue's
// request reads as missing.

// messageJSON is one entry of a request's conversation as the customer's
// order page shows it: staff's reply ("" for a status change alone) and the
// status it set ("" for none).
type messageJSON struct {
	ID        int64  `json:"id"`
	Message   string `json:"message"`
	Status    string `json:"status"`
	CreatedAt string `json:"created_at"`
}

// inboxMessageJSON adds, for the back office, who on the staff wrote it.
type inboxMessageJSON struct {
	messageJSON
	AuthorEmail string `json:"author_email"`
}

// inboxJSON is a request in admin/support/list and admin/support/reply.
type inboxJSON struct {
	ID           int64              `json:"id"`
	OrderID      int64              `json:"order_id"`
	OrderNumber  int64              `json:"order_number"`
	VenueSlug    string             `json:"venue_slug"`
	VenueName    string             `json:"venue_name"`
	CustomerName string             `json:"customer_name"`
	Kind         string             `json:"kind"`
	Description  string             `json:"description"`
	Photos       []string           `json:"photos"`
	Status       string             `json:"status"`
	CreatedAt    string             `json:"created_at"`
	UpdatedAt    string             `json:"updated_at"`
	Messages     []inboxMessageJSON `json:"messages"`
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func toMessageJSON(m *support.Message) messageJSON {
	return messageJSON{ID: m.ID, Message: m.Body, Status: m.Status, CreatedAt: stamp(m.CreatedAt)}
}

func photoURLs(ids []int64) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		out = append(out, photoURL(id))
	}
	return out
}

func toInboxJSON(r *support.Request) inboxJSON {
	out := inboxJSON{ID: r.ID, OrderID: r.OrderID, OrderNumber: r.OrderNumber, VenueSlug: r.VenueSlug,
		VenueName: r.VenueName, CustomerName: r.CustomerName, Kind: r.Kind, Description: r.Description,
		Photos: photoURLs(r.PhotoIDs), Status: r.Status, CreatedAt: stamp(r.CreatedAt), UpdatedAt: stamp(r.UpdatedAt),
		Messages: make([]inboxMessageJSON, 0, len(r.Messages))}
	for i := range r.Messages {
		out.Messages = append(out.Messages, inboxMessageJSON{toMessageJSON(&r.Messages[i]), r.Messages[i].AuthorEmail})
	}
	return out
}

// adminSupportList answers admin/support/list: the requests about orders
// of the caller's venues, newest first, optionally of one status; 20 a
// page, meta total.
func (s *Server) adminSupportList(r *request, c *Caller) (*reply, error) {
	st, err := s.supportStore()
	if err != nil {
		return nil, err
	}
	var in struct {
		Status string `json:"status"`
		Page   int    `json:"page"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	bad := map[string]string{}
	if in.Status != "" && !slices.Contains(support.Statuses, in.Status) {
		bad["status"] = "support.status"
	}
	if in.Page < 0 {
		bad["page"] = "error.page"
	}
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	reach, _ := staffReach(c)
	list, total, err := st.SupportInbox(r.Context(), c.SchemeID, reach, in.Status, max(in.Page, 1), perPage)
	if err != nil {
		return nil, err
	}
	out := make([]inboxJSON, 0, len(list))
	for i := range list {
		out = append(out, toInboxJSON(&list[i]))
	}
	return &reply{Data: out, Meta: map[string]any{"total": total, "per_page": perPage}}, nil
}

// adminSupportReply answers admin/support/reply: staff answer a request
// (the customer is mailed the message in the order's language) and/or move
// its status; any status may follow any other, so a resolved request can
// be reopened. The answer is the request as it now is.
func (s *Server) adminSupportReply(r *request, c *Caller) (*reply, error) {
	st, err := s.supportStore()
	if err != nil {
		return nil, err
	}
	var in struct {
		SupportID int64  `json:"support_id"`
		Message   string `json:"message" text:"multiline"`
		Status    string `json:"status"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	rep := support.Reply{SchemeID: c.SchemeID, SupportID: in.SupportID, AuthorID: c.UserID, Message: in.Message,
		Status: in.Status}
	if err := support.CleanReply(&rep); err != nil {
		return nil, err
	}
	reach, _ := staffReach(c)
	saved, err := st.ReplySupport(r.Context(), rep, reach, audit.Audit{ActorUserID: c.UserID, ActorEmail: c.Email},
		s.now())
	if err != nil {
		return nil, err
	}
	if rep.Message != "" && s.mailQueued != nil {
		s.mailQueued()
	}
	return &reply{Data: toInboxJSON(saved)}, nil
}
