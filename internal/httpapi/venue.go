package httpapi

import (
	"context"
	"fmt"
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/schedule"
)

type storeJSON struct {
	Slug            string                 `json:"venue_slug"`
	Name            string                 `json:"name"`
	Address         catalog.Address        `json:"address"`
	Lat             float64                `json:"lat"`
	Lng             float64                `json:"lng"`
	TimeZone        string                 `json:"time_zone"`
	UTCOffset       int                    `json:"utc_offset_minutes"`
	UTCOffsetUntil  *time.Time             `json:"utc_offset_until"`
	OrderTypes      []int                  `json:"order_types"`
	OpeningHours    [7][]catalog.TimeRange `json:"opening_hours"`
	Exceptions      []exceptionJSON        `json:"exceptions"`
	IsOpen          bool                   `json:"is_open"`
	NextOpeningAt   *time.Time             `json:"next_opening_at"`
	Delivery        deliveryJSON           `json:"delivery"`
	Pickup          pickupJSON             `json:"pickup"`
	PrepMinutes     int                    `json:"prep_minutes"`
	DeliveryMinutes int                    `json:"delivery_minutes"`
	ServiceChargeBP int                    `json:"service_charge_bp"`
	VATRateBP       int                    `json:"vat_rate_bp"`
	Tipping         catalog.Tipping        `json:"tipping"`
	LayoutStyle     int                    `json:"layout_style"`
	PausedUntil     *time.Time             `json:"paused_until"`
	BusyMinutes     int                    `json:"busy_minutes"`
}

// deliveryJSON and pickupJSON are a store's terms per order type.
// ASAPMinutes is what the storefront promises an ASAP order placed now of
// that type: schedule.LeadTime (prep + busy minutes, + delivery minutes
// for delivery), the same figure venue/slots' first_asap_at and an
// accepted order's expected time are made of, so every page says one
// thing.
type deliveryJSON struct {
	RadiusM     int64 `json:"radius_m"`
	Fee         int64 `json:"fee"`
	FreeOver    int64 `json:"free_over"`
	Minimum     int64 `json:"minimum"`
	ASAPMinutes int   `json:"asap_minutes"`
	// Zones: the lowest and highest fee and minimum of the venue's delivery
	// zones, whose terms replace the four above (null: it has none).
	Zones *catalog.ZoneRange `json:"zones"`
}

// exceptionJSON is one dated exception to the opening hours, as the
// storefront applies it (yesterday to a week ahead are sent: enough to say
// open or closed now and when it opens next) and shows its note.
type exceptionJSON struct {
	Date       string              `json:"date"`
	Closed     bool                `json:"closed"`
	Ranges     []catalog.TimeRange `json:"ranges"`
	OrderTypes []int               `json:"order_types"`
	Note       string              `json:"note"`
}

// exceptionDays is how many local dates, from yesterday, venue/info sends
// exceptions for: two months, so a customer learns of a holiday weeks ahead
// ("Closed on Friday 25 December: Christmas") as on the big delivery apps.
const exceptionDays = 62

type pickupJSON struct {
	Minimum     int64 `json:"minimum"`
	ASAPMinutes int   `json:"asap_minutes"`
}

// venueInfo answers venue/info: the scheme's brand and its stores, with
// whether each is open now.
func (s *Server) venueInfo(r *request) (*reply, error) {
	var f struct {
		BusinessSlug string `json:"business_slug"`
	}
	if err := decode(r.Filter, &f); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	requireString(fields, "business_slug", f.BusinessSlug)
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	sc, venues, err := s.schemeVenues(r.Context(), f.BusinessSlug)
	if err != nil {
		return nil, err
	}
	return venueInfoReply(sc, venues, s.now()), nil
}

// venueInfoReply is venue/info's answer for a loaded scheme; the first HTML
// of a storefront page carries the same answer inline (firstload.go).
func venueInfoReply(sc *catalog.Scheme, venues []catalog.Venue, now time.Time) *reply {
	data := map[string]any{
		"business_slug": sc.Slug, "name": sc.Name, "logo_url": sc.LogoURL, "theme": sc.Theme,
		"colour": sc.Colour, "currency": sc.Currency, "country": sc.Country,
		"languages": sc.Languages, "loyalty": sc.Loyalty,
	}
	for i := 1; i <= 16; i++ {
		c := ""
		if i <= len(sc.Colours) {
			c = sc.Colours[i-1]
		}
		data[fmt.Sprintf("colour%d", i)] = c
	}
	stores := make([]storeJSON, 0, len(venues))
	for i := range venues {
		stores = append(stores, toStoreJSON(&venues[i], now))
	}
	data["stores"] = stores
	return &reply{Data: data, Meta: map[string]any{"lastUpdatedTime": sc.UpdatedAt.UTC().Format(time.RFC3339)}}
}

func toStoreJSON(v *catalog.Venue, now time.Time) storeJSON {
	st := storeJSON{
		Slug: v.Slug, Name: v.Name, Address: v.Address, Lat: v.Lat, Lng: v.Lng, TimeZone: v.TimeZone,
		OrderTypes: v.OrderTypes, OpeningHours: v.OpeningHours, IsOpen: v.OpenAt(now),
		Delivery: deliveryJSON{v.DeliveryRadiusM, v.DeliveryFee, v.FreeDeliveryOver, v.DeliveryMinimum,
			leadMinutes(v, catalog.OrderTypeDelivery), nil},
		Pickup:      pickupJSON{v.PickupMinimum, leadMinutes(v, catalog.OrderTypePickup)},
		PrepMinutes: v.PrepMinutes, DeliveryMinutes: v.DeliveryMinutes,
		ServiceChargeBP: v.ServiceChargeBP, VATRateBP: v.VATRateBP, Tipping: v.Tipping, LayoutStyle: v.LayoutStyle,
		BusyMinutes: v.BusyMinutes,
	}
	// The venue's offset from UTC now and until when it holds (its next
	// daylight-saving change): the storefront reads the venue's wall clock
	// from these without the browser's time-zone data, whose first use costs
	// a phone tens of milliseconds on the menu page's first render.
	_, offset := now.In(v.Location()).Zone()
	st.UTCOffset = offset / 60
	if _, end := now.In(v.Location()).ZoneBounds(); !end.IsZero() {
		end = end.UTC()
		st.UTCOffsetUntil = &end
	}
	if schedule.Paused(v, now) {
		// A pause that has ended is history, not news for the storefront.
		t := v.PausedUntil.UTC()
		st.PausedUntil = &t
	}
	for d := range st.OpeningHours {
		if st.OpeningHours[d] == nil {
			st.OpeningHours[d] = []catalog.TimeRange{}
		}
	}
	if st.OrderTypes == nil {
		st.OrderTypes = []int{}
	}
	if r, ok := v.ZoneRange(); ok {
		st.Delivery.Zones = &r
	}
	st.Exceptions = []exceptionJSON{}
	for _, e := range v.Notices(now.Add(-24*time.Hour), exceptionDays) {
		x := exceptionJSON{Date: e.Date, Closed: e.Closed, Ranges: e.Ranges, OrderTypes: e.OrderTypes, Note: e.Note}
		if x.Ranges == nil {
			x.Ranges = []catalog.TimeRange{}
		}
		if x.OrderTypes == nil {
			x.OrderTypes = []int{}
		}
		st.Exceptions = append(st.Exceptions, x)
	}
	if st.Tipping.Percents == nil {
		st.Tipping.Percents = []int{}
	}
	if !st.IsOpen {
		if t, ok := v.NextOpening(now); ok {
			t = t.UTC()
			st.NextOpeningAt = &t
		}
	}
	return st
}

func leadMinutes(v *catalog.Venue, orderType int) int {
	return int(schedule.LeadTime(v, orderType) / time.Minute)
}

// schemeVenues loads a scheme by slug with its venues; a missing scheme has
// its own message.
func (s *Server) schemeVenues(ctx context.Context, slug string) (*catalog.Scheme, []catalog.Venue, error) {
	sc, err := s.cat.SchemeBySlug(ctx, slug)
	if err != nil {
		return nil, nil, schemeNotFound(err)
	}
	venues, err := s.cat.VenuesOfScheme(ctx, sc.ID)
	if err != nil {
		return nil, nil, err
	}
	return sc, venues, nil
}

// schemeNotFound gives a missing scheme its own message.
func schemeNotFound(err error) error {
	if platter.ErrorCode(err) == platter.CodeNotFound {
		return &platter.Error{Code: platter.CodeNotFound, Message: "error.scheme_not_found"}
	}
	return err
}
