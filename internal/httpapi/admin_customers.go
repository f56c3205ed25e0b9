package httpapi

import (
	"context"
	"strconv"
	"time"

	"platter/internal/account"
	"platter/internal/audit"
	"platter/internal/customers"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// The back office's customers (docs/architecture.md §10), a manager's of
// the whole scheme: the list with each customer's orders, spend, last
// order and stamps; one customer's page; their personal data on request
// (export) and its erasure. Export and erase each leave an audit row.

// CustomerStore is what the customer calls need of storage (store.DB,
// also the Backoffice): every method is scoped by the scheme.
type CustomerStore interface {
	Customers(ctx context.Context, schemeID int64, f account.CustomerFilter) ([]account.Customer, int, error)
	CustomerRecord(ctx context.Context, schemeID, userID int64) (*customers.Record, error)
	EraseCustomer(ctx context.Context, schemeID, userID int64, a audit.Audit, now time.Time) error
}

// customerStore is the back office's store as a CustomerStore, or 1503.
func (s *Server) customerStore() (CustomerStore, error) {
	if cs, ok := s.backoffice.(CustomerStore); ok {
		return cs, nil
	}
	return nil, &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
}

// customerRowJSON is a customer as admin/customers/list shows it; money in
// minor units of the scheme's currency.
type customerRowJSON struct {
	ID          int64      `json:"id"`
	Email       string     `json:"email"`
	Name        string     `json:"name"`
	FirstName   string     `json:"first_name"`
	LastName    string     `json:"last_name"`
	Phone       string     `json:"contact_number"`
	CreatedAt   time.Time  `json:"created_at"`
	Orders      int        `json:"orders"`
	Spent       int64      `json:"spent"`
	LastOrderAt *time.Time `json:"last_order_at"`
	Stamps      int64      `json:"stamps"`
}

func toCustomerRowJSON(c *account.Customer) customerRowJSON {
	name := c.FirstName
	if c.LastName != "" {
		name = trimJoin(c.FirstName, c.LastName)
	}
	return customerRowJSON{ID: c.ID, Email: c.Email, Name: name, FirstName: c.FirstName, LastName: c.LastName,
		Phone: c.Phone, CreatedAt: c.CreatedAt, Orders: c.Orders, Spent: c.Spent, LastOrderAt: c.LastOrderAt,
		Stamps: c.Stamps}
}

func trimJoin(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// adminCustomersList answers admin/customers/list: a page of the scheme's
// customers (account.CustomerPageSize), most recent orderers first,
// matched by query against e-mail, name and phone.
func (s *Server) adminCustomersList(r *request, c *Caller) (*reply, error) {
	var in struct {
		Query string `json:"query" text:"max=254"`
		Page  int    `json:"page"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	if in.Page < 0 || in.Page > 100000 {
		return nil, platter.Invalid(map[string]string{"page": "validation.out_of_range"})
	}
	cs, err := s.customerStore()
	if err != nil {
		return nil, err
	}
	list, total, err := cs.Customers(r.Context(), c.SchemeID, account.CustomerFilter{Query: in.Query, Page: in.Page})
	if err != nil {
		return nil, err
	}
	out := make([]customerRowJSON, len(list))
	for i := range list {
		out[i] = toCustomerRowJSON(&list[i])
	}
	return &reply{Data: out, Meta: map[string]any{"total": total, "page": max(in.Page, 1),
		"per_page": account.CustomerPageSize}}, nil
}

// customerID reads the user_id a customer call names (1000 without one).
func customerID(raw []byte) (int64, error) {
	var in struct {
		UserID int64 `json:"user_id"`
	}
	if err := decode(raw, &in); err != nil {
		return 0, err
	}
	if in.UserID <= 0 {
		return 0, platter.Invalid(map[string]string{"user_id": "validation.required"})
	}
	return in.UserID, nil
}

// adminCustomersGet answers admin/customers/get: one customer (the list's
// shape) and a page of their paid orders, newest first (meta total), for
// the customer's page. Another scheme's customer is 1404.
func (s *Server) adminCustomersGet(r *request, c *Caller) (*reply, error) {
	var in struct {
		Page int `json:"page"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	id, err := customerID(r.Filter)
	if err != nil {
		return nil, err
	}
	cs, err := s.customerStore()
	if err != nil {
		return nil, err
	}
	list, _, err := cs.Customers(r.Context(), c.SchemeID, account.CustomerFilter{UserID: id})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, platter.NotFound()
	}
	orders, total, err := s.tracking.Orders(r.Context(), ordering.OrderFilter{SchemeID: c.SchemeID,
		Reach: ordering.Reach{UserID: id}, Page: max(in.Page, 1), PerPage: perPage})
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"customer": toCustomerRowJSON(&list[0]), "orders": toDetailsJSON(orders)},
		Meta: map[string]any{"total": total, "per_page": perPage}}, nil
}

// adminCustomersExport answers admin/customers/export: everything the
// scheme holds of one customer, as JSON (customerExport), and records who
// asked for it.
func (s *Server) adminCustomersExport(r *request, c *Caller) (*reply, error) {
	id, err := customerID(r.Data)
	if err != nil {
		return nil, err
	}
	cs, err := s.customerStore()
	if err != nil {
		return nil, err
	}
	rec, err := cs.CustomerRecord(r.Context(), c.SchemeID, id)
	if err != nil {
		return nil, err
	}
	a := audit.Audit{ActorUserID: c.UserID, ActorEmail: c.Email, Action: "customer.export", Target: customerTarget(id)}
	if err := s.backoffice.RecordAudit(r.Context(), c.SchemeID, a, nil, map[string]int64{"user_id": id}); err != nil {
		return nil, err
	}
	return &reply{Data: customerExport(rec, c.SchemeSlug, s.now())}, nil
}

// adminCustomersErase answers admin/customers/erase: the customer's
// personal data is removed or blanked (store.EraseCustomer) with its audit
// row; the account can no longer sign in. A customer already erased, or
// another scheme's, is 1404.
func (s *Server) adminCustomersErase(r *request, c *Caller) (*reply, error) {
	id, err := customerID(r.Data)
	if err != nil {
		return nil, err
	}
	cs, err := s.customerStore()
	if err != nil {
		return nil, err
	}
	a := audit.Audit{ActorUserID: c.UserID, ActorEmail: c.Email, Action: "customer.erase", Target: customerTarget(id)}
	if err := cs.EraseCustomer(r.Context(), c.SchemeID, id, a, s.now()); err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{}}, nil
}

// customerTarget names a customer in the audit log by id only: the log
// must not keep what an erasure removes.
func customerTarget(id int64) string { return "customer:" + strconv.FormatInt(id, 10) }
