package httpapi

import (
	"context"
	"errors"
	"time"

	"platter/internal/address"
	"platter/internal/platter"
)

// Addresses is what the API needs of the address store. Every method is
// scoped by the owner, a user in a scheme: a foreign id is not found.
type Addresses interface {
	Addresses(ctx context.Context, userID, schemeID int64) ([]address.Address, error)
	SaveAddress(ctx context.Context, a address.Address, now time.Time) (*address.Address, error)
	DeleteAddress(ctx context.Context, userID, schemeID, id int64) error
}

// addressJSON is a saved address in the shape of docs/product.md §3 and docs/architecture.md §4
// (note line_1 here, line1 in upsert's data: docs/product.md's two shapes).
type addressJSON struct {
	ID            int64   `json:"id"`
	Name          string  `json:"name"`
	Line1         string  `json:"line_1"`
	Line2         string  `json:"line_2"`
	City          string  `json:"city"`
	Country       string  `json:"country"`
	Postcode      string  `json:"postcode"`
	Lat           float64 `json:"lat"`
	Lng           float64 `json:"lng"`
	ContactNumber string  `json:"contact_number"`
	Email         string  `json:"email"`
	Note          string  `json:"note"`
}

func toAddressJSON(a *address.Address) addressJSON {
	return addressJSON{ID: a.ID, Name: a.Name, Line1: a.Line1, Line2: a.Line2, City: a.City,
		Country: a.Country, Postcode: a.Postcode, Lat: a.Lat, Lng: a.Lng,
		ContactNumber: a.ContactNumber, Email: a.Email, Note: a.Note}
}

// addressInput is address/upsert's data: the delivery-address fields of
// docs/product.md §3 plus the id of the address to change (absent or 0: a new one).
type addressInput struct {
	ID            int64    `json:"id"`
	Name          string   `json:"name"`
	Line1         string   `json:"line1"`
	Line2         string   `json:"line2"`
	City          string   `json:"city"`
	Country       string   `json:"country"`
	Postcode      string   `json:"postcode"`
	ContactNumber string   `json:"contact_number"`
	Email         string   `json:"email"`
	Note          string   `json:"note" text:"multiline"`
	Latitude      *float64 `json:"latitude"`
	Longitude     *float64 `json:"longitude"`
}

// addressStore returns the address store, or 1500 when none is configured.
func (s *Server) addressStore() (Addresses, error) {
	if s.addresses == nil {
		return nil, platter.Internal(errors.New("httpapi: no address store configured"))
	}
	return s.addresses, nil
}

// addressList answers address/list: the caller's saved addresses, oldest
// first; a guest has none. business_slug is optional in the address calls
// (docs/architecture.md §4 lists none): the route table refuses a token of another
// scheme when a call names one, and otherwise the token's scheme counts.
func (s *Server) addressList(r *request, c *Caller) (*reply, error) {
	addresses, err := s.addressStore()
	if err != nil {
		return nil, err
	}
	out := []addressJSON{}
	if !c.IsGuest {
		list, err := addresses.Addresses(r.Context(), c.UserID, c.SchemeID)
		if err != nil {
			return nil, err
		}
		for i := range list {
			out = append(out, toAddressJSON(&list[i]))
		}
	}
	return &reply{Data: out, Meta: map[string]any{"total": len(out)}}, nil
}

// addressUpsert answers address/upsert: it checks every field (docs/product.md §5)
// and answers all problems at once, or saves the address and returns it.
// Guests never get here (1403 address.guest, from the route table: their
// token is valid and a client must not drop it, and the basket, over this).
func (s *Server) addressUpsert(r *request, c *Caller) (*reply, error) {
	addresses, err := s.addressStore()
	if err != nil {
		return nil, err
	}
	var d addressInput
	if err := decode(r.Data, &d); err != nil {
		return nil, err
	}
	a, bad := address.Clean(address.Input{
		Name: d.Name, Line1: d.Line1, Line2: d.Line2, City: d.City, Postcode: d.Postcode,
		Country: d.Country, ContactNumber: d.ContactNumber, Email: d.Email, Note: d.Note,
		Latitude: d.Latitude, Longitude: d.Longitude,
	})
	if bad != nil {
		return nil, platter.Invalid(bad)
	}
	if d.ID < 0 {
		return nil, platter.NotFound()
	}
	a.ID, a.UserID, a.SchemeID = d.ID, c.UserID, c.SchemeID
	saved, err := addresses.SaveAddress(r.Context(), a, s.now())
	if err != nil {
		return nil, err
	}
	return &reply{Data: toAddressJSON(saved)}, nil
}

// addressDelete answers address/delete: it removes one of the caller's
// addresses; any other id, the caller's or not, is 1404.
func (s *Server) addressDelete(r *request, c *Caller) (*reply, error) {
	addresses, err := s.addressStore()
	if err != nil {
		return nil, err
	}
	var d struct {
		ID int64 `json:"id"`
	}
	if err := decode(r.Data, &d); err != nil {
		return nil, err
	}
	if d.ID == 0 {
		return nil, platter.Invalid(map[string]string{"id": "validation.required"})
	}
	if err := addresses.DeleteAddress(r.Context(), c.UserID, c.SchemeID, d.ID); err != nil {
		return nil, err
	}
	return &reply{Data: struct{}{}}, nil
}
