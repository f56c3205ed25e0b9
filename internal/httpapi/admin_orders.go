package httpapi

import (
	"math"

	"platter/internal/ordering"
	"platter/internal/platter"
)

// adminOrderList answers admin/orders/list: the paid orders of the venues
// the caller works at (venue_slug: one of them), newest first, optionally
// of one status; 20 a page, meta total.
func (s *Server) adminOrderList(r *request, c *Caller) (*reply, error) {
	t := s.tracking
	var in struct {
		VenueSlug string          `json:"venue_slug"`
		Status    ordering.Status `json:"status"`
		Page      int             `json:"page"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	if in.Status != "" && !ordering.Known(in.Status) {
		return nil, platter.Invalid(map[string]string{"status": "order.status_unknown"})
	}
	if in.Page < 0 {
		return nil, platter.Invalid(map[string]string{"page": "error.page"})
	}
	f := ordering.OrderFilter{SchemeID: c.SchemeID, Status: in.Status, Page: max(in.Page, 1), PerPage: perPage}
	f.Reach, _ = staffReach(c)
	if in.VenueSlug != "" {
		// The route table has checked the caller works there.
		v, err := s.venueOfScheme(r, c, in.VenueSlug)
		if err != nil {
			return nil, err
		}
		f.VenueID = v
	}
	list, total, err := t.Orders(r.Context(), f)
	if err != nil {
		return nil, err
	}
	return &reply{Data: toDetailsJSON(list), Meta: map[string]any{"total": total, "per_page": perPage}}, nil
}

// venueOfScheme is the id of a venue of the caller's scheme.
func (s *Server) venueOfScheme(r *request, c *Caller, slug string) (int64, error) {
	_, venues, err := s.schemeVenues(r.Context(), c.SchemeSlug)
	if err != nil {
		return 0, err
	}
	for _, v := range venues {
		if v.Slug == slug {
			return v.ID, nil
		}
	}
	return 0, platter.NotFound()
}

// maxETAMinutes bounds accept's eta_minutes (a day).
const maxETAMinutes = 24 * 60

// adminOrderTransition answers admin/orders/transition: staff move an
// order of their venue along docs/architecture.md §6 (409 for a step the machine
// refuses, or that someone else made first). eta_minutes on accept sets
// the expected time; driver_id on on_the_way assigns the driver (by
// default the scheme's only driver), own_delivery sends it with no driver
// (the venue delivers it itself; the board asks which). Rejecting or
// cancelling a paid order refunds it.
func (s *Server) adminOrderTransition(r *request, c *Caller) (*reply, error) {
	t := s.tracking
	var in struct {
		OrderID     int64           `json:"order_id"`
		Status      ordering.Status `json:"status"`
		Reason      string          `json:"reason" text:"max=500"`
		ETAMinutes  int             `json:"eta_minutes"`
		DriverID    int64           `json:"driver_id"`
		OwnDelivery bool            `json:"own_delivery"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	bad := map[string]string{}
	if in.OrderID <= 0 {
		bad["order_id"] = "order.id_required"
	}
	if !ordering.Known(in.Status) {
		bad["status"] = "order.status_unknown"
	}
	if in.ETAMinutes < 0 || in.ETAMinutes > maxETAMinutes {
		bad["eta_minutes"] = "order.eta_range"
	}
	if in.OwnDelivery && in.DriverID != 0 {
		bad["driver_id"] = "order.driver_or_own"
	}
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	ctx := r.Context()
	reach, actor := staffReach(c)
	ch := ordering.Change{SchemeID: c.SchemeID, OrderID: in.OrderID, To: in.Status, Actor: actor,
		ActorRef: actor + ":" + idText(c.UserID), Reason: in.Reason, ETAMinutes: in.ETAMinutes, Reach: reach}
	if in.Status == ordering.StatusOnTheWay && !in.OwnDelivery {
		driver, err := t.SchemeDriver(ctx, c.SchemeID, in.DriverID)
		if platter.ErrorCode(err) == platter.CodeNotFound {
			return nil, platter.Invalid(map[string]string{"driver_id": "order.driver_unknown"})
		} else if err != nil {
			return nil, err // the database's fault, not the caller's: 1500
		}
		ch.AssignDriver = driver
	}
	d, err := s.ordering.Transition(ctx, ch)
	if err != nil {
		return nil, err
	}
	return &reply{Data: toDetailJSON(d)}, nil
}

// driverLocation answers driver/location: the driver assigned to an order
// on its way reports where they are; the order's streams get a driver
// event. Another driver's order is not found.
func (s *Server) driverLocation(r *request, c *Caller) (*reply, error) {
	t := s.tracking
	var in struct {
		OrderID int64    `json:"order_id"`
		Lat     *float64 `json:"lat"`
		Lng     *float64 `json:"lng"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	bad := map[string]string{}
	if in.OrderID <= 0 {
		bad["order_id"] = "order.id_required"
	}
	if in.Lat == nil || math.IsNaN(*in.Lat) || *in.Lat < -90 || *in.Lat > 90 {
		bad["lat"] = "driver.lat_range"
	}
	if in.Lng == nil || math.IsNaN(*in.Lng) || *in.Lng < -180 || *in.Lng > 180 {
		bad["lng"] = "driver.lng_range"
	}
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	if err := t.DriverLocation(r.Context(), c.SchemeID, c.UserID, in.OrderID, *in.Lat, *in.Lng, s.now()); err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{}}, nil
}

// driverOrders answers driver/orders/list: the orders assigned to the
// calling driver, newest first (so the driver view knows what to report
// positions for), each with its customer as the board has it (the driver
// asks for them by name at the door).
func (s *Server) driverOrders(r *request, c *Caller) (*reply, error) {
	t := s.tracking
	var in struct {
		Status ordering.Status `json:"status"`
		Page   int             `json:"page"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	if in.Status != "" && !ordering.Known(in.Status) {
		return nil, platter.Invalid(map[string]string{"status": "order.status_unknown"})
	}
	list, total, err := t.Orders(r.Context(), ordering.OrderFilter{SchemeID: c.SchemeID,
		Reach: ordering.Reach{DriverID: c.UserID}, Status: in.Status, Page: max(in.Page, 1), PerPage: perPage})
	if err != nil {
		return nil, err
	}
	return &reply{Data: toBoardOrdersJSON(list), Meta: map[string]any{"total": total, "per_page": perPage}}, nil
}
