package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"platter/internal/platter"
)

// SchemeDoc is the import document: one scheme with its brand, menus and
// venues, in the JSON shape operators write by hand (`platter import`,
// `platter demo`). Menus and their contents are keyed by Ref and venues by
// VenueSlug, so re-importing a changed document updates rows in place and
// keeps their ids stable. Orders keep item and modifier ids, so a ref is an
// identity, not a label: an item's Ref names one item in its whole menu
// (moving it to another category keeps its id), a modifier item's Ref one
// choice in the whole menu, and a ref a document stops listing is hidden,
// not forgotten: listed again later, it is the same row with the same id.
type SchemeDoc struct {
	BusinessSlug string   `json:"business_slug"`
	Name         string   `json:"name"`
	LogoURL      string   `json:"logo_url"`
	Theme        int      `json:"theme"`
	Colour       string   `json:"colour"`
	Colours      []string `json:"colours"`
	Currency     string   `json:"currency"`
	Country      string   `json:"country"`
	Languages    []string `json:"languages"`
	Loyalty      Loyalty  `json:"loyalty"`
	// ReplyTo is the optional address customers' replies to the scheme's
	// mail go to (its Reply-To); "" sends mail without one.
	ReplyTo string     `json:"reply_to"`
	Menus   []MenuDoc  `json:"menus"`
	Venues  []VenueDoc `json:"venues"`
	// PromoCodes and Offers are optional; like venues, a code or offer the
	// document stops listing is hidden (orders keep its id), not deleted.
	PromoCodes []PromoCodeDoc `json:"promo_codes"`
	Offers     []OfferDoc     `json:"offers"`
}

// PromoCodeDoc is a promo code: Kind "percent" (PercentBP, 1000 = 10 %) or
// "fixed" (Amount in minor units), a minimum spend on the subtotal, an
// optional validity window (RFC 3339; ValidUntil excluded), and use limits
// (0: unlimited) in total and per customer. Code is matched
// case-insensitively.
type PromoCodeDoc struct {
	Code               string `json:"code"`
	Kind               string `json:"kind"`
	PercentBP          int    `json:"percent_bp"`
	Amount             int64  `json:"amount"`
	MinSpend           int64  `json:"min_spend"`
	ValidFrom          string `json:"valid_from"`
	ValidUntil         string `json:"valid_until"`
	MaxUses            int    `json:"max_uses"`
	MaxUsesPerCustomer int    `json:"max_uses_per_customer"`
}

// OfferDoc is an offer card (user/offers) and the reward it gives: a
// discount like a promo code's. ButtonKind 0 applies it by itself
// (AUTO_APPLY), 1 on a tap (CLAIM).
type OfferDoc struct {
	Ref                string    `json:"ref"`
	Title              string    `json:"title"`
	Color              string    `json:"color"`
	ImageURL           string    `json:"image_url"`
	ButtonText         string    `json:"button_text"`
	ButtonKind         int       `json:"button_kind"`
	Reward             RewardDoc `json:"reward"`
	ValidFrom          string    `json:"valid_from"`
	ValidUntil         string    `json:"valid_until"`
	MaxUsesPerCustomer int       `json:"max_uses_per_customer"`
}

// RewardDoc is the discount of an offer.
type RewardDoc struct {
	Kind      string `json:"kind"`
	PercentBP int    `json:"percent_bp"`
	Amount    int64  `json:"amount"`
	MinSpend  int64  `json:"min_spend"`
}

// MenuDoc is one menu of a SchemeDoc. Items name their modifier categories
// by Ref, which must be one of this menu's ModifierCategories.
type MenuDoc struct {
	Ref                string                `json:"ref"`
	Name               string                `json:"name"`
	LayoutStyle        int                   `json:"layout_style"`
	Categories         []CategoryDoc         `json:"categories"`
	ModifierCategories []ModifierCategoryDoc `json:"modifier_categories"`
}

// CategoryDoc is a category with its items, in display order.
type CategoryDoc struct {
	Ref   string    `json:"ref"`
	Name  string    `json:"name"`
	Items []ItemDoc `json:"items"`
}

// ItemDoc is one item; Ref is unique among the items of its menu.
// IsAvailable is a pointer because a missing value means
// available: a document only has to mention what is sold out.
type ItemDoc struct {
	Ref                string    `json:"ref"`
	Title              string    `json:"title"`
	Description        string    `json:"description" text:"multiline,max=2000"`
	ImageURL           string    `json:"image_url"`
	ImageID            int64     `json:"image_id,omitempty"`
	Price              int64     `json:"price"`
	IsNew              bool      `json:"is_new"`
	IsAvailable        *bool     `json:"is_available"`
	SelectMin          int       `json:"select_min"`
	SelectMax          int       `json:"select_max"`
	OrderTypes         []int     `json:"order_types"`
	Dayparts           []Daypart `json:"dayparts,omitempty"`
	ModifierCategories []string  `json:"modifier_categories"`
}

// Available reports whether the item is on sale (missing means yes).
func (it *ItemDoc) Available() bool { return it.IsAvailable == nil || *it.IsAvailable }

// ModifierCategoryDoc is a group of choices with its items.
type ModifierCategoryDoc struct {
	Ref       string            `json:"ref"`
	Name      string            `json:"name"`
	SelectMin int               `json:"select_min"`
	SelectMax int               `json:"select_max"`
	Items     []ModifierItemDoc `json:"items"`
}

// ModifierItemDoc is one choice; Ref is unique among the modifier items of
// its menu. IsAvailable as for ItemDoc.
type ModifierItemDoc struct {
	Ref         string `json:"ref"`
	Name        string `json:"name"`
	Price       int64  `json:"price"`
	IsAvailable *bool  `json:"is_available"`
}

// Available reports whether the choice is on sale (missing means yes).
func (m *ModifierItemDoc) Available() bool { return m.IsAvailable == nil || *m.IsAvailable }

// VenueDoc is one venue. OpeningHours is keyed by weekday "0".."6" (sun..sat);
// a missing day is closed. Menu is the Ref of one of the document's menus.
type VenueDoc struct {
	VenueSlug       string                 `json:"venue_slug"`
	Name            string                 `json:"name"`
	Address         Address                `json:"address"`
	Lat             float64                `json:"lat"`
	Lng             float64                `json:"lng"`
	TimeZone        string                 `json:"time_zone"`
	Menu            string                 `json:"menu"`
	OpeningHours    map[string][]TimeRange `json:"opening_hours"`
	Exceptions      []HoursException       `json:"exceptions"`
	OrderTypes      []int                  `json:"order_types"`
	Delivery        DeliveryDoc            `json:"delivery"`
	Pickup          PickupDoc              `json:"pickup"`
	PrepMinutes     int                    `json:"prep_minutes"`
	DeliveryMinutes int                    `json:"delivery_minutes"`
	ServiceChargeBP int                    `json:"service_charge_bp"`
	VATRateBP       int                    `json:"vat_rate_bp"`
	Tipping         Tipping                `json:"tipping"`
	LayoutStyle     int                    `json:"layout_style"`
}

// DeliveryDoc holds a venue's delivery terms in minor units and metres.
// SlotCapacity is the most delivery orders per 15-minute slot (0 or
// missing: unlimited). Zones, when there are any, decide where the venue
// delivers and on what terms instead of RadiusM, Fee, Minimum and FreeOver.
type DeliveryDoc struct {
	RadiusM      int64          `json:"radius_m"`
	Fee          int64          `json:"fee"`
	FreeOver     int64          `json:"free_over"`
	Minimum      int64          `json:"minimum"`
	SlotCapacity int            `json:"slot_capacity"`
	Zones        []DeliveryZone `json:"zones"`
}

// PickupDoc holds a venue's pickup terms; SlotCapacity as for delivery.
type PickupDoc struct {
	Minimum      int64 `json:"minimum"`
	SlotCapacity int   `json:"slot_capacity"`
}

// FieldError is one problem of a document: Path is a JSON path such as
// "venues[1].opening_hours.3[0].close", Message says what is wrong.
// (in English); Key and Params say it for the API in the caller's language
// (messages.go), Key empty when there is no translation.
type FieldError struct {
	Path    string
	Message string
	Key     string
	Params  map[string]string
}

func (e FieldError) Error() string { return e.Path + ": " + e.Message }

// ParseSchemeDoc decodes and validates an import document, listing every
// problem found rather than stopping at the first. Unknown fields and values
// of the wrong JSON type are reported with their paths before anything else
// is checked, because a typed decode could not say where they are. Colours
// of the returned document are normalised to "#rrggbb".
func ParseSchemeDoc(data []byte) (*SchemeDoc, []FieldError) {
	var raw any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return nil, []FieldError{problemAt("", "malformed JSON: %s", err.Error())}
	}
	if dec.More() {
		return nil, []FieldError{problemAt("", "malformed JSON: %s", "trailing data")}
	}
	if errs := checkShape(raw); len(errs) > 0 {
		return nil, errs
	}
	var doc SchemeDoc
	strict := json.NewDecoder(bytes.NewReader(data))
	strict.DisallowUnknownFields()
	if err := strict.Decode(&doc); err != nil {
		// checkShape should have caught this; keep the decoder's word anyway.
		return nil, []FieldError{problemAt("", "malformed JSON: %s", err.Error())}
	}
	if errs := doc.Validate(); len(errs) > 0 {
		return nil, errs
	}
	doc.Normalise()
	return &doc, nil
}

// Normalise rewrites colours to "#rrggbb" in place (docs/product.md §1: a colour
// lacking its # gets one). ParseSchemeDoc calls it; Scheme() applies the
// same rule to its copy, so an importer need not.
func (d *SchemeDoc) Normalise() {
	d.Colour = normaliseColour(d.Colour)
	for i := range d.Colours {
		d.Colours[i] = normaliseColour(d.Colours[i])
	}
}

// InvalidDocError turns document problems into the project's validation
// error, one field per path (the first problem there; "document" for the
// whole), each a message key with its parameters so the caller reads it in
// their language.
func InvalidDocError(errs []FieldError) *platter.Error {
	fields := make(map[string]string, len(errs))
	params := map[string]string{}
	for _, e := range errs {
		path := e.Path
		if path == "" {
			path = "document"
		}
		if _, dup := fields[path]; dup {
			continue
		}
		fields[path] = e.Message
		if e.Key != "" {
			fields[path] = e.Key
			for k, v := range e.Params {
				params[platter.FieldParam(path, k)] = v
			}
		}
	}
	err := platter.Invalid(fields)
	if len(params) > 0 {
		err.Params = params
	}
	return err
}

// Scheme converts the document's brand into a Scheme (without ID), with
// colours normalised.
func (d *SchemeDoc) Scheme() Scheme {
	colours := make([]string, len(d.Colours))
	for i, c := range d.Colours {
		colours[i] = normaliseColour(c)
	}
	return Scheme{
		Slug:      d.BusinessSlug,
		Name:      d.Name,
		LogoURL:   d.LogoURL,
		Theme:     d.Theme,
		Colour:    normaliseColour(d.Colour),
		Colours:   colours,
		Currency:  d.Currency,
		Country:   d.Country,
		Languages: append([]string{}, d.Languages...),
		Loyalty:   d.Loyalty,
		ReplyTo:   strings.TrimSpace(d.ReplyTo),
	}
}

// Venue converts a venue of the document into a Venue (without IDs).
func (v *VenueDoc) Venue() Venue {
	return Venue{
		Slug:             v.VenueSlug,
		Name:             v.Name,
		Address:          v.Address,
		Lat:              v.Lat,
		Lng:              v.Lng,
		TimeZone:         v.TimeZone,
		OpeningHours:     v.Hours(),
		Exceptions:       append([]HoursException{}, v.Exceptions...),
		Zones:            append([]DeliveryZone{}, v.Delivery.Zones...),
		OrderTypes:       append([]int{}, v.OrderTypes...),
		DeliveryRadiusM:  v.Delivery.RadiusM,
		DeliveryFee:      v.Delivery.Fee,
		FreeDeliveryOver: v.Delivery.FreeOver,
		DeliveryMinimum:  v.Delivery.Minimum,
		PickupMinimum:    v.Pickup.Minimum,
		PrepMinutes:      v.PrepMinutes,
		DeliveryMinutes:  v.DeliveryMinutes,
		ServiceChargeBP:  v.ServiceChargeBP,
		VATRateBP:        v.VATRateBP,
		Tipping:          v.Tipping,
		LayoutStyle:      v.LayoutStyle,
		SlotCapacity:     [2]int{OrderTypeDelivery: v.Delivery.SlotCapacity, OrderTypePickup: v.Pickup.SlotCapacity},
	}
}

// Hours returns the opening hours indexed by weekday; keys that are not
// "0".."6" are ignored (Validate reports them).
func (v *VenueDoc) Hours() [7][]TimeRange {
	var out [7][]TimeRange
	for k, ranges := range v.OpeningHours {
		d, err := strconv.Atoi(k)
		if err != nil || d < 0 || d > 6 {
			continue
		}
		out[d] = append([]TimeRange{}, ranges...)
	}
	return out
}

// normaliseColour adds the leading # a colour may lack (docs/product.md §1) and
// lower-cases it so equal colours compare equal.
func normaliseColour(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s != "" && !strings.HasPrefix(s, "#") {
		s = "#" + s
	}
	return s
}

func idx(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }
