package httpapi

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/i18n"
	"platter/internal/platter"
	"platter/internal/schedule"
)

// Venue controls of the order board (docs/architecture.md §9): busy minutes, pause,
// auto-accept, auto-print and the venue's sold-out list. Staff of the venue
// (or a manager or admin) read and set them; the route table has checked
// the caller works at the venue_slug named.

// controlsJSON is a venue's controls as the board shows them. paused_until
// is set only while the pause lasts.
type controlsJSON struct {
	VenueSlug         string      `json:"venue_slug"`
	PausedUntil       *time.Time  `json:"paused_until"`
	BusyMinutes       int         `json:"busy_minutes"`
	AutoAccept        bool        `json:"auto_accept"`
	AutoAcceptMinutes int         `json:"auto_accept_minutes"`
	AutoPrint         bool        `json:"auto_print"`
	SoldOut           soldOutJSON `json:"sold_out"`
}

// soldOutJSON lists what is sold out now; a timed snooze also has its end
// in item_until / modifier_item_until (keyed by id).
type soldOutJSON struct {
	ItemIDs           []int64             `json:"item_ids"`
	ModifierItemIDs   []int64             `json:"modifier_item_ids"`
	ItemUntil         map[int64]time.Time `json:"item_until"`
	ModifierItemUntil map[int64]time.Time `json:"modifier_item_until"`
}

// venueNamed is the venue_slug a controls call must name.
type venueNamed struct {
	VenueSlug string `json:"venue_slug"`
}

func (v venueNamed) check(fields map[string]string) {
	requireString(fields, "venue_slug", v.VenueSlug)
}

// controlsReply reads a venue's controls as they are now.
func (s *Server) controlsReply(r *request, c *Caller, slug string) (*reply, error) {
	v, so, err := s.cat.VenueControls(r.Context(), c.SchemeID, slug, s.now())
	if err != nil {
		return nil, venueNotFound(err)
	}
	out := controlsJSON{VenueSlug: v.Slug, BusyMinutes: v.BusyMinutes, AutoAccept: v.AutoAccept,
		AutoAcceptMinutes: v.AutoAcceptMinutes, AutoPrint: v.AutoPrint,
		SoldOut: soldOutJSON{ItemIDs: so.ItemIDs, ModifierItemIDs: so.ModifierItemIDs,
			ItemUntil: so.ItemUntil, ModifierItemUntil: so.ModifierUntil}}
	if schedule.Paused(v, s.now()) {
		t := v.PausedUntil.UTC()
		out.PausedUntil = &t
	}
	return &reply{Data: out}, nil
}

// adminVenueControls answers admin/venues/controls.
func (s *Server) adminVenueControls(r *request, c *Caller) (*reply, error) {
	var in venueNamed
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	if in.check(fields); len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	return s.controlsReply(r, c, in.VenueSlug)
}

// adminVenueControlsSet answers admin/venues/controls/set: the fields sent
// change, the others stay. paused_until null (or "") ends a pause; a time
// must lie within the next 7 days.
func (s *Server) adminVenueControlsSet(r *request, c *Caller) (*reply, error) {
	var in struct {
		venueNamed
		PausedUntil       json.RawMessage `json:"paused_until"`
		BusyMinutes       *int            `json:"busy_minutes"`
		AutoAccept        *bool           `json:"auto_accept"`
		AutoAcceptMinutes *int            `json:"auto_accept_minutes"`
		AutoPrint         *bool           `json:"auto_print"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	in.check(fields)
	ch := catalog.ControlsChange{BusyMinutes: in.BusyMinutes, AutoAccept: in.AutoAccept,
		AutoAcceptMinutes: in.AutoAcceptMinutes, AutoPrint: in.AutoPrint}
	if in.BusyMinutes != nil && (*in.BusyMinutes < 0 || *in.BusyMinutes > catalog.MaxBusyMinutes) {
		fields["busy_minutes"] = "venue.busy_range"
	}
	if m := in.AutoAcceptMinutes; m != nil && (*m < 1 || *m > catalog.MaxAutoAcceptMinutes) {
		fields["auto_accept_minutes"] = "venue.auto_accept_range"
	}
	if len(in.PausedUntil) > 0 {
		t, ok := s.pauseUntil(in.PausedUntil)
		if !ok {
			fields["paused_until"] = "venue.paused_until"
		}
		ch.PausedUntil = &t
	}
	if len(fields) > 0 {
		e := platter.Invalid(fields)
		e.Params = map[string]string{platter.FieldParam("paused_until", i18n.CountParam): strconv.Itoa(schedule.MaxDays)}
		return nil, e
	}
	if err := s.cat.SetVenueControls(r.Context(), c.SchemeID, in.VenueSlug, ch); err != nil {
		return nil, venueNotFound(err)
	}
	return s.controlsReply(r, c, in.VenueSlug)
}

// pauseUntil reads paused_until: null or "" is the end of a pause (the zero
// time); otherwise an RFC 3339 time after now and within schedule.MaxDays.
func (s *Server) pauseUntil(raw json.RawMessage) (time.Time, bool) {
	var text *string
	if err := json.Unmarshal(raw, &text); err != nil {
		return time.Time{}, false
	}
	if text == nil || strings.TrimSpace(*text) == "" {
		return time.Time{}, true
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(*text))
	now := s.now()
	if err != nil || !t.After(now) || t.After(now.AddDate(0, 0, schedule.MaxDays)) {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// adminVenueSoldOut answers admin/venues/sold-out: one item (item_id) or
// one modifier item (modifier_item_id) of the venue's menu is sold out at
// this venue (sold_out true) or available again. Other venues sharing the
// menu are unchanged. until (with sold_out true) snoozes it: an RFC 3339
// instant, or "end_of_day" (the next midnight in the venue's zone); it
// comes back by itself then.
func (s *Server) adminVenueSoldOut(r *request, c *Caller) (*reply, error) {
	var in struct {
		venueNamed
		ItemID         int64  `json:"item_id"`
		ModifierItemID int64  `json:"modifier_item_id"`
		SoldOut        *bool  `json:"sold_out"`
		Until          string `json:"until"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	in.check(fields)
	kind, id := catalog.SoldOutItem, in.ItemID
	if in.ModifierItemID != 0 {
		kind, id = catalog.SoldOutModifier, in.ModifierItemID
	}
	if (in.ItemID == 0) == (in.ModifierItemID == 0) || id < 0 {
		fields["item_id"] = "venue.sold_out_target"
	}
	if in.SoldOut == nil {
		fields["sold_out"] = "validation.required"
	}
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	var until time.Time
	if u := strings.TrimSpace(in.Until); u != "" && *in.SoldOut {
		var err error
		if until, err = s.snoozeUntil(r, c, in.VenueSlug, u); err != nil {
			return nil, err
		}
	}
	err := s.cat.SetSoldOut(r.Context(), c.SchemeID, in.VenueSlug, kind, id, *in.SoldOut, until, s.now())
	if platter.ErrorCode(err) == platter.CodeNotFound {
		return nil, &platter.Error{Code: platter.CodeNotFound, Message: "venue.sold_out_unknown"}
	} else if err != nil {
		return nil, err
	}
	return s.controlsReply(r, c, in.VenueSlug)
}

// snoozeUntil reads a sold-out's until: "end_of_day" is the next midnight
// in the venue's zone; an instant must lie after now and within
// schedule.MaxDays.
func (s *Server) snoozeUntil(r *request, c *Caller, venueSlug, text string) (time.Time, error) {
	now := s.now()
	if text == "end_of_day" {
		v, _, err := s.cat.VenueControls(r.Context(), c.SchemeID, venueSlug, now)
		if err != nil {
			return time.Time{}, venueNotFound(err)
		}
		local := now.In(v.Location())
		return time.Date(local.Year(), local.Month(), local.Day()+1, 0, 0, 0, 0, local.Location()).UTC(), nil
	}
	t, err := time.Parse(time.RFC3339, text)
	if err != nil || !t.After(now) || t.After(now.AddDate(0, 0, schedule.MaxDays)) {
		e := platter.Invalid(map[string]string{"until": "venue.sold_out_until"})
		e.Params = map[string]string{platter.FieldParam("until", i18n.CountParam): strconv.Itoa(schedule.MaxDays)}
		return time.Time{}, e
	}
	return t.UTC(), nil
}
