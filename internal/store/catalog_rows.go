package store

import (
	"database/sql"
	"time"

	"platter/internal/catalog"
)

// The catalogue's rows as the store holds them, and each table's one column
// list (columns.go). A *Row type holds the columns an import document
// decides: it is comparable, so a re-import writes a row only when it
// differs (import_sync.go), and lists are kept as the JSON text toJSON
// writes. A *Record is the whole row a read selects: ids, keys, that Row,
// and the columns other writers own (venue controls, menu versions). Adding
// a column means one field and one line in its list; reads, imports and
// updates follow.

// schemeRow is the scheme as the document decides it.
type schemeRow struct {
	Name, LogoURL     string
	Theme             int
	Colour, Colours   string
	Currency, Country string
	Languages         string
	StampThreshold    int64
	StampsPerReward   int
	RewardTitle       string
	ReplyTo           string
}

var schemeRowColumns = columns[schemeRow]{
	{"name", func(r *schemeRow) any { return &r.Name }},
	{"logo_url", func(r *schemeRow) any { return &r.LogoURL }},
	{"theme", func(r *schemeRow) any { return &r.Theme }},
	{"colour", func(r *schemeRow) any { return &r.Colour }},
	{"colours", func(r *schemeRow) any { return &r.Colours }},
	{"currency", func(r *schemeRow) any { return &r.Currency }},
	{"country", func(r *schemeRow) any { return &r.Country }},
	{"languages", func(r *schemeRow) any { return &r.Languages }},
	{"stamp_threshold", func(r *schemeRow) any { return &r.StampThreshold }},
	{"stamps_per_reward", func(r *schemeRow) any { return &r.StampsPerReward }},
	{"reward_title", func(r *schemeRow) any { return &r.RewardTitle }},
	{"reply_to", func(r *schemeRow) any { return &r.ReplyTo }},
}

type schemeRecord struct {
	ID        int64
	Slug      string
	Doc       schemeRow
	UpdatedAt time.Time
}

var schemeColumns = join(
	columns[schemeRecord]{
		{"id", func(r *schemeRecord) any { return &r.ID }},
		{"slug", func(r *schemeRecord) any { return &r.Slug }},
	},
	part(schemeRowColumns, func(r *schemeRecord) *schemeRow { return &r.Doc }),
	columns[schemeRecord]{{"updated_at", func(r *schemeRecord) any { return &r.UpdatedAt }}},
)

func (r *schemeRecord) scheme() (catalog.Scheme, error) {
	d := &r.Doc
	s := catalog.Scheme{ID: r.ID, Slug: r.Slug, Name: d.Name, LogoURL: d.LogoURL, Theme: d.Theme,
		Colour: d.Colour, Currency: d.Currency, Country: d.Country, ReplyTo: d.ReplyTo, UpdatedAt: r.UpdatedAt.UTC(),
		Loyalty: catalog.Loyalty{StampThreshold: d.StampThreshold, StampsPerReward: d.StampsPerReward,
			RewardTitle: d.RewardTitle}}
	if err := fromJSON(d.Colours, &s.Colours); err != nil {
		return s, err
	}
	return s, fromJSON(d.Languages, &s.Languages)
}

// venueRow is a venue as the document decides it (hours apart).
type venueRow struct {
	Name, Line1, Line2, City, Postcode, Country string
	Lat, Lng                                    float64
	TimeZone, OrderTypes                        string
	RadiusM, Fee, FreeOver, Minimum, PickupMin  int64
	PrepMinutes, DeliveryMinutes                int
	ServiceChargeBP, VATRateBP                  int
	TipEnabled                                  bool
	TipPercents                                 string
	TipDefault                                  int
	TipAllowCustom                              bool
	LayoutStyle                                 int
	MenuID                                      int64
	Position                                    int
	DeliverySlots, PickupSlots                  int
	Exceptions, Zones                           string // JSON lists
}

var venueRowColumns = columns[venueRow]{
	{"name", func(r *venueRow) any { return &r.Name }},
	{"address_line1", func(r *venueRow) any { return &r.Line1 }},
	{"address_line2", func(r *venueRow) any { return &r.Line2 }},
	{"city", func(r *venueRow) any { return &r.City }},
	{"postcode", func(r *venueRow) any { return &r.Postcode }},
	{"country", func(r *venueRow) any { return &r.Country }},
	{"lat", func(r *venueRow) any { return &r.Lat }},
	{"lng", func(r *venueRow) any { return &r.Lng }},
	{"time_zone", func(r *venueRow) any { return &r.TimeZone }},
	{"order_types", func(r *venueRow) any { return &r.OrderTypes }},
	{"delivery_radius_m", func(r *venueRow) any { return &r.RadiusM }},
	{"delivery_fee", func(r *venueRow) any { return &r.Fee }},
	{"free_delivery_over", func(r *venueRow) any { return &r.FreeOver }},
	{"delivery_minimum", func(r *venueRow) any { return &r.Minimum }},
	{"pickup_minimum", func(r *venueRow) any { return &r.PickupMin }},
	{"prep_minutes", func(r *venueRow) any { return &r.PrepMinutes }},
	{"delivery_minutes", func(r *venueRow) any { return &r.DeliveryMinutes }},
	{"service_charge_bp", func(r *venueRow) any { return &r.ServiceChargeBP }},
	{"vat_rate_bp", func(r *venueRow) any { return &r.VATRateBP }},
	{"tipping_enabled", func(r *venueRow) any { return &r.TipEnabled }},
	{"tip_percents", func(r *venueRow) any { return &r.TipPercents }},
	{"tip_default", func(r *venueRow) any { return &r.TipDefault }},
	{"tip_allow_custom", func(r *venueRow) any { return &r.TipAllowCustom }},
	{"layout_style", func(r *venueRow) any { return &r.LayoutStyle }},
	{"menu_id", func(r *venueRow) any { return &r.MenuID }},
	{"position", func(r *venueRow) any { return &r.Position }},
	{"delivery_slot_capacity", func(r *venueRow) any { return &r.DeliverySlots }},
	{"pickup_slot_capacity", func(r *venueRow) any { return &r.PickupSlots }},
	{"exceptions", func(r *venueRow) any { return &r.Exceptions }},
	{"delivery_zones", func(r *venueRow) any { return &r.Zones }},
}

// venueRecord is a whole venue row: the document's columns and the
// operations the board sets (controls.go, slots.go).
type venueRecord struct {
	ID, SchemeID      int64
	Slug              string
	Doc               venueRow
	PausedUntil       sql.NullTime
	BusyMinutes       int
	AutoAccept        bool
	AutoAcceptMinutes int
	AutoPrint         bool
}

var venueColumns = join(
	columns[venueRecord]{
		{"id", func(r *venueRecord) any { return &r.ID }},
		{"scheme_id", func(r *venueRecord) any { return &r.SchemeID }},
		{"slug", func(r *venueRecord) any { return &r.Slug }},
	},
	part(venueRowColumns, func(r *venueRecord) *venueRow { return &r.Doc }),
	columns[venueRecord]{
		{"paused_until", func(r *venueRecord) any { return &r.PausedUntil }},
		{"busy_minutes", func(r *venueRecord) any { return &r.BusyMinutes }},
		{"auto_accept", func(r *venueRecord) any { return &r.AutoAccept }},
		{"auto_accept_minutes", func(r *venueRecord) any { return &r.AutoAcceptMinutes }},
		{"auto_print", func(r *venueRecord) any { return &r.AutoPrint }},
	},
)

// venue is the record as the catalogue's Venue, opening hours apart
// (findHours adds them).
func (r *venueRecord) venue() (catalog.Venue, error) {
	d := &r.Doc
	v := catalog.Venue{ID: r.ID, SchemeID: r.SchemeID, Slug: r.Slug, Name: d.Name,
		Address: catalog.Address{Line1: d.Line1, Line2: d.Line2, City: d.City, Postcode: d.Postcode,
			Country: d.Country},
		Lat: d.Lat, Lng: d.Lng, TimeZone: d.TimeZone, DeliveryRadiusM: d.RadiusM, DeliveryFee: d.Fee,
		FreeDeliveryOver: d.FreeOver, DeliveryMinimum: d.Minimum, PickupMinimum: d.PickupMin,
		PrepMinutes: d.PrepMinutes, DeliveryMinutes: d.DeliveryMinutes, ServiceChargeBP: d.ServiceChargeBP,
		VATRateBP: d.VATRateBP, LayoutStyle: d.LayoutStyle, MenuID: d.MenuID, Position: d.Position,
		Tipping: catalog.Tipping{Enabled: d.TipEnabled, DefaultPercent: d.TipDefault,
			AllowCustom: d.TipAllowCustom},
		BusyMinutes: r.BusyMinutes, AutoAccept: r.AutoAccept, AutoAcceptMinutes: r.AutoAcceptMinutes,
		AutoPrint: r.AutoPrint}
	v.SlotCapacity[catalog.OrderTypeDelivery] = d.DeliverySlots
	v.SlotCapacity[catalog.OrderTypePickup] = d.PickupSlots
	if r.PausedUntil.Valid {
		v.PausedUntil = r.PausedUntil.Time.UTC()
	}
	if err := fromJSON(d.OrderTypes, &v.OrderTypes); err != nil {
		return v, err
	}
	if err := fromJSON(d.Exceptions, &v.Exceptions); err != nil {
		return v, err
	}
	if err := fromJSON(d.Zones, &v.Zones); err != nil {
		return v, err
	}
	return v, fromJSON(d.TipPercents, &v.Tipping.Percents)
}
