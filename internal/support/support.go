// Package support holds a customer's support requests about an order and
// the photos they add (docs/product.md §2 Order details page, §5, §8): the kinds, the
// rules a request must meet, and the one way a photo gets in — decoded,
// checked and re-encoded here. It knows nothing of HTTP or SQL.
package support

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"platter/internal/i18n"
	"platter/internal/platter"
)

// Kinds are the issues a customer may raise (docs/product.md §2).
var Kinds = []string{"incorrect_item", "wrong_order", "quality_concern", "something_else"}

const (
	// MaxDescription bounds a request's description, in characters.
	MaxDescription = 2000
	// MaxPhotos bounds the photos of one request.
	MaxPhotos = 5
	// MaxPerOrder bounds the requests about one order: plenty for a real
	// problem, few enough that a script cannot flood the venue.
	MaxPerOrder = 10
	// MaxPendingUploads bounds a customer's photos not yet attached to a
	// request, so uploads cannot fill the database.
	MaxPendingUploads = 20
)

// A request's statuses. A new request is open; staff move it to
// in_progress while they look into it and to resolved when it is settled.
// Any status may follow any other: skipping in_progress is allowed, and so
// is reopening a resolved request (the customer answers the reply by mail
// and the venue takes it up again).
const (
	StatusOpen       = "open"
	StatusInProgress = "in_progress"
	StatusResolved   = "resolved"
)

// Statuses are every status of a request, in the order it moves.
var Statuses = []string{StatusOpen, StatusInProgress, StatusResolved}

// MaxMessage bounds staff's reply, in characters.
const MaxMessage = 2000

// Request is one support request about an order.
type Request struct {
	ID          int64
	SchemeID    int64
	OrderID     int64
	UserID      int64
	Kind        string
	Description string
	Status      string
	PhotoIDs    []int64
	CreatedAt   time.Time
	// Messages are the conversation, oldest first (staff's replies and
	// status changes).
	Messages []Message
	// What the inbox shows beside the request (admin/support/list).
	OrderNumber  int64
	VenueSlug    string
	VenueName    string
	CustomerName string
	UpdatedAt    time.Time
}

// Message is one entry of a request's conversation: staff's reply (Body;
// "" for a status change alone) and the status it set ("" for none).
type Message struct {
	ID          int64
	Body        string
	Status      string
	AuthorEmail string // the staff member's, for the back office only
	CreatedAt   time.Time
}

// Reply is staff's answer to request SupportID: a message, a new status,
// or both.
type Reply struct {
	SchemeID  int64
	SupportID int64
	AuthorID  int64
	Message   string
	Status    string
}

// CleanReply checks a reply before it is stored and trims its message: it
// needs a message or a status, a message of at most MaxMessage characters
// and a known status.
func CleanReply(r *Reply) error {
	fields := map[string]string{}
	r.Message = strings.TrimSpace(r.Message)
	if r.SupportID <= 0 {
		fields["support_id"] = "validation.required"
	}
	if r.Status != "" && !slices.Contains(Statuses, r.Status) {
		fields["status"] = "support.status"
	}
	switch n := utf8.RuneCountInString(r.Message); {
	case n == 0 && r.Status == "":
		fields["message"] = "support.message_required"
	case n > MaxMessage:
		fields["message"] = "support.message_long"
	}
	if len(fields) > 0 {
		e := platter.Invalid(fields)
		e.Params = map[string]string{platter.FieldParam("message", i18n.CountParam): strconv.Itoa(MaxMessage)}
		return e
	}
	return nil
}

// Photo is a stored upload: Data is always the server's own JPEG encoding.
type Photo struct {
	ID               int64
	SchemeID         int64
	UserID           int64
	SupportRequestID int64 // 0 while not attached
	ContentType      string
	Width, Height    int
	Data             []byte
	CreatedAt        time.Time
}

// Clean checks r before it is stored and trims the description. Field
// errors name the request's JSON fields.
func Clean(r *Request) error {
	fields := map[string]string{}
	if !slices.Contains(Kinds, r.Kind) {
		fields["kind"] = "support.kind"
	}
	r.Description = strings.TrimSpace(r.Description)
	switch n := utf8.RuneCountInString(r.Description); {
	case n == 0:
		fields["description"] = "support.description_required"
	case n > MaxDescription:
		fields["description"] = "support.description_long"
	}
	seen := map[int64]bool{}
	for _, id := range r.PhotoIDs {
		if id <= 0 || seen[id] {
			fields["photo_ids"] = "support.photo_ids"
		}
		seen[id] = true
	}
	if len(r.PhotoIDs) > MaxPhotos {
		fields["photo_ids"] = "support.photo_count"
	}
	if r.OrderID <= 0 {
		fields["order_id"] = "validation.required"
	}
	if len(fields) > 0 {
		e := platter.Invalid(fields)
		e.Params = map[string]string{
			platter.FieldParam("description", i18n.CountParam): strconv.Itoa(MaxDescription),
			platter.FieldParam("photo_ids", i18n.CountParam):   strconv.Itoa(MaxPhotos),
		}
		return e
	}
	return nil
}
