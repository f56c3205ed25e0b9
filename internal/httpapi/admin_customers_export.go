package httpapi

import (
	"time"

	"platter/internal/customers"
)

// customerExportJSON is admin/customers/export's answer: one customer's
// personal data as the scheme holds it (UK GDPR art. 15 / RODO), in the
// shapes the API shows elsewhere — the account, its saved addresses
// (address/list's), its orders (orders/get's, with the contact details
// each was placed with) and its support requests.
type customerExportJSON struct {
	BusinessSlug string              `json:"business_slug"`
	ExportedAt   time.Time           `json:"exported_at"`
	Account      exportAccountJSON   `json:"account"`
	Addresses    []addressJSON       `json:"addresses"`
	Orders       []exportOrderJSON   `json:"orders"`
	Support      []exportSupportJSON `json:"support_requests"`
	Loyalty      exportLoyaltyJSON   `json:"loyalty"`
}

type exportAccountJSON struct {
	ID            int64      `json:"id"`
	Email         string     `json:"email"`
	FirstName     string     `json:"first_name"`
	LastName      string     `json:"last_name"`
	ContactNumber string     `json:"contact_number"`
	CreatedAt     time.Time  `json:"created_at"`
	VerifiedAt    *time.Time `json:"verified_at"`
}

type exportOrderJSON struct {
	detailJSON
	FirstName     string `json:"first_name"`
	LastName      string `json:"last_name"`
	ContactNumber string `json:"contact_number"`
}

type exportSupportJSON struct {
	ID          int64     `json:"id"`
	OrderID     int64     `json:"order_id"`
	Kind        string    `json:"kind"`
	Description string    `json:"description"`
	Status      string    `json:"status"`
	Photos      []string  `json:"photos"`
	CreatedAt   time.Time `json:"created_at"`
}

type exportLoyaltyJSON struct {
	Stamps int64 `json:"stamps"`
}

func customerExport(rec *customers.Record, slug string, now time.Time) customerExportJSON {
	cu := rec.Customer
	out := customerExportJSON{BusinessSlug: slug, ExportedAt: now.UTC(),
		Account: exportAccountJSON{ID: cu.ID, Email: cu.Email, FirstName: cu.FirstName, LastName: cu.LastName,
			ContactNumber: cu.Phone, CreatedAt: cu.CreatedAt, VerifiedAt: rec.VerifiedAt},
		Addresses: make([]addressJSON, len(rec.Addresses)), Orders: make([]exportOrderJSON, len(rec.Orders)),
		Support: make([]exportSupportJSON, len(rec.Support)), Loyalty: exportLoyaltyJSON{Stamps: cu.Stamps}}
	for i := range rec.Addresses {
		out.Addresses[i] = toAddressJSON(&rec.Addresses[i])
	}
	for i := range rec.Orders {
		o := &rec.Orders[i]
		out.Orders[i] = exportOrderJSON{detailJSON: toDetailJSON(o), FirstName: o.FirstName, LastName: o.LastName,
			ContactNumber: o.ContactNumber}
	}
	for i, r := range rec.Support {
		photos := make([]string, len(r.PhotoIDs))
		for j, id := range r.PhotoIDs {
			photos[j] = photoURL(id)
		}
		out.Support[i] = exportSupportJSON{ID: r.ID, OrderID: r.OrderID, Kind: r.Kind, Description: r.Description,
			Status: r.Status, Photos: photos, CreatedAt: r.CreatedAt}
	}
	return out
}
