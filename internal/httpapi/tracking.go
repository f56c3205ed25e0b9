package httpapi

import (
	"errors"

	"platter/internal/account"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// perPage is the page size of the order lists.
const perPage = 20

// reachOf is what orders a caller may see: its own, and those of the
// venues where it is staff (all of the scheme's for a manager or admin).
func reachOf(c *Caller) ordering.Reach {
	r := ordering.Reach{UserID: c.UserID}
	for _, m := range c.Memberships {
		switch {
		case m.Role == account.RoleDriver:
		case m.VenueID == 0 && (m.Role == account.RoleManager || m.Role == account.RoleAdmin):
			r.SchemeWide = true
		case m.VenueID == 0 && m.Role == account.RoleStaff:
			r.SchemeWide = true // staff of the whole scheme
		default:
			r.VenueIDs = append(r.VenueIDs, m.VenueID)
		}
	}
	return r
}

// staffReach is reachOf without the caller's own orders, and the actor
// its role makes it (a manager or admin, else venue staff).
func staffReach(c *Caller) (ordering.Reach, string) {
	r := reachOf(c)
	r.UserID = 0
	actor := ordering.ActorStaff
	if c.HasRole(account.RoleManager, account.RoleAdmin) {
		actor = ordering.ActorManager
	}
	return r, actor
}

type orderIDInput struct {
	ID      int64 `json:"id"`
	OrderID int64 `json:"order_id"`
}

// id is the order named by id (or order_id, which the board sends).
func (in *orderIDInput) id() (int64, error) {
	id := in.ID
	if id == 0 {
		id = in.OrderID
	}
	if id <= 0 {
		return 0, platter.Invalid(map[string]string{"id": "order.id_required"})
	}
	return id, nil
}

// orderGet answers orders/get: the order detail of docs/architecture.md §4 for its
// customer (or the staff of its venue).
func (s *Server) orderGet(r *request, c *Caller) (*reply, error) {
	t := s.tracking
	var in orderIDInput
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	if in.ID == 0 && in.OrderID == 0 { // clients may send the id as data too
		if err := decode(r.Data, &in); err != nil {
			return nil, err
		}
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	d, err := t.OrderDetail(r.Context(), c.SchemeID, id, reachOf(c))
	if err != nil {
		return nil, err
	}
	out := toDetailJSON(d)
	if s.support != nil {
		// The reader may see the order (OrderDetail checked its reach), so
		// they may see what was asked about it.
		reqs, err := s.support.SupportRequestsOfOrder(r.Context(), c.SchemeID, d.ID)
		if err != nil {
			return nil, err
		}
		for i := range reqs {
			out.SupportRequests = append(out.SupportRequests, toSupportJSON(&reqs[i]))
		}
	}
	return &reply{Data: out}, nil
}

// orderList answers orders/list: the caller's own paid orders, newest
// first, 20 a page; meta total counts them all.
func (s *Server) orderList(r *request, c *Caller) (*reply, error) {
	t := s.tracking
	var in struct {
		Page int `json:"page"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	if in.Page < 0 {
		return nil, platter.Invalid(map[string]string{"page": "error.page"})
	}
	list, total, err := t.Orders(r.Context(), ordering.OrderFilter{SchemeID: c.SchemeID,
		Reach: ordering.Reach{UserID: c.UserID}, Page: max(in.Page, 1), PerPage: perPage})
	if err != nil {
		return nil, err
	}
	return &reply{Data: toDetailsJSON(list), Meta: map[string]any{"total": total, "per_page": perPage}}, nil
}

// orderCancel answers orders/cancel: the customer cancels their own order
// while it waits to be accepted; a paid one is refunded (after the commit,
// by the refund worker).
func (s *Server) orderCancel(r *request, c *Caller) (*reply, error) {
	var in orderIDInput
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	d, err := s.ordering.Transition(r.Context(), ordering.Change{SchemeID: c.SchemeID, OrderID: id,
		To: ordering.StatusCancelled, Actor: ordering.ActorCustomer, ActorRef: "customer:" + idText(c.UserID),
		Reach: ordering.Reach{UserID: c.UserID}})
	if err != nil {
		return nil, cancelError(err)
	}
	return &reply{Data: toDetailJSON(d)}, nil
}

// cancelError tells a customer plainly that the venue has their order.
func cancelError(err error) error {
	var pe *platter.Error
	if errors.As(err, &pe) && pe.Code == platter.CodeTransitionRefused {
		return &platter.Error{Code: platter.CodeTransitionRefused, Message: "order.cancel_too_late", Err: err}
	}
	return err
}
