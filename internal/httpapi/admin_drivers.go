package httpapi

import (
	"platter/internal/ordering"
	"platter/internal/platter"
)

// Drivers: the board assigns a delivery to one of the scheme's drivers;
// that driver starts it (on_the_way) and marks it delivered from the
// driver view, for their assigned orders only.

type schemeDriverJSON struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// adminDrivers answers admin/drivers/list: the scheme's drivers, by name
// (the e-mail address for one without a name), sorted as they read.
func (s *Server) adminDrivers(r *request, c *Caller) (*reply, error) {
	t := s.tracking
	list, err := t.SchemeDrivers(r.Context(), c.SchemeID)
	if err != nil {
		return nil, err
	}
	out := make([]schemeDriverJSON, 0, len(list))
	for _, d := range list {
		out = append(out, schemeDriverJSON{ID: d.ID, Name: d.Label(), Email: d.Email})
	}
	return &reply{Data: out, Meta: map[string]any{"total": len(out)}}, nil
}

// adminAssignDriver answers admin/orders/assign-driver: staff of the
// order's venue give a paid delivery order (waiting or accepted) to a
// driver of the scheme.
func (s *Server) adminAssignDriver(r *request, c *Caller) (*reply, error) {
	t := s.tracking
	var in struct {
		OrderID  int64 `json:"order_id"`
		DriverID int64 `json:"driver_id"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	bad := map[string]string{}
	if in.OrderID <= 0 {
		bad["order_id"] = "order.id_required"
	}
	if in.DriverID <= 0 {
		bad["driver_id"] = "order.driver_unknown"
	}
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	reach, _ := staffReach(c)
	d, err := t.AssignDriver(r.Context(), c.SchemeID, in.OrderID, in.DriverID, reach, s.now())
	if err != nil {
		return nil, err
	}
	return &reply{Data: toDetailJSON(d)}, nil
}

// driverTransition answers driver/orders/transition: the driver assigned
// to an order starts the delivery (on_the_way) or marks it delivered.
// Another driver's order is not found; a step the state machine refuses
// is 409.
func (s *Server) driverTransition(r *request, c *Caller) (*reply, error) {
	var in struct {
		OrderID int64           `json:"order_id"`
		Status  ordering.Status `json:"status"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	bad := map[string]string{}
	if in.OrderID <= 0 {
		bad["order_id"] = "order.id_required"
	}
	if in.Status != ordering.StatusOnTheWay && in.Status != ordering.StatusDelivered {
		bad["status"] = "driver.status"
	}
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	d, err := s.ordering.Transition(r.Context(), ordering.Change{SchemeID: c.SchemeID, OrderID: in.OrderID, To: in.Status,
		Actor: ordering.ActorDriver, ActorRef: "driver:" + idText(c.UserID), Reach: ordering.Reach{DriverID: c.UserID}})
	if err != nil {
		return nil, err
	}
	return &reply{Data: toDetailJSON(d)}, nil
}
