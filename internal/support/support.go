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

// StatusOpen is a new request's status; staff resolve it.
const StatusOpen = "open"

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
