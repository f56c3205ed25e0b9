package account

import "time"

// Customer is a customer account of a scheme as the back office lists it
// (admin/customers/list, docs/architecture.md §10): its paid orders, what
// they came to less what was refunded (minor units), the last one's time
// and the stamps on its card now.
type Customer struct {
	ID          int64
	Email       string
	FirstName   string
	LastName    string
	Phone       string
	CreatedAt   time.Time
	Orders      int
	Spent       int64
	LastOrderAt *time.Time
	Stamps      int64
}

// CustomerFilter selects a page of a scheme's customers: Query matches the
// e-mail address, the name or the phone number (any part, any case); UserID
// picks one. Page counts from 1.
type CustomerFilter struct {
	Query   string
	UserID  int64
	Page    int
	PerPage int
}

// CustomerPageSize is how many customers one page of the list holds.
const CustomerPageSize = 50
