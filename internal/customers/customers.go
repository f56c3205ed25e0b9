// Package customers holds what the back office hands over of one customer
// on request (admin/customers/export, docs/architecture.md §10; UK GDPR /
// RODO): the account, saved addresses, orders and support requests, read
// by the store in one snapshot and shown as JSON by httpapi.
package customers

import (
	"time"

	"platter/internal/account"
	"platter/internal/address"
	"platter/internal/ordering"
	"platter/internal/support"
)

// Record is one customer's personal data at a scheme.
type Record struct {
	Customer   account.Customer
	VerifiedAt *time.Time
	Addresses  []address.Address
	// Orders are every order the account placed, paid or not, newest first.
	Orders  []ordering.Detail
	Support []support.Request
}
