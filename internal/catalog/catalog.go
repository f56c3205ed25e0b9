// Package catalog holds schemes (white-label tenants), their venues and menus:
// the types, the import document and the pure rules about them (opening
// hours, delivery zones). It knows nothing of HTTP or SQL.
package catalog

import "time"

// Order types (docs/product.md §3).
const (
	OrderTypeDelivery = 0
	OrderTypePickup   = 1
)

// Menu layout styles (docs/product.md §3).
const (
	LayoutDefault          = 0
	LayoutHalfImage        = 1
	LayoutFullImage        = 2
	LayoutRoundedHalfImage = 3
)

// Currencies offered (docs/product.md §1).
var Currencies = []string{"GBP", "PLN", "EUR", "USD"}

// Languages offered (docs/product.md §1).
var Languages = []string{"en-US", "pl-PL"}

// Countries offered (docs/product.md §1).
var Countries = []string{"GB", "PL"}

// Scheme is one business (tenant) with its brand.
type Scheme struct {
	ID        int64
	Slug      string // business_slug
	Name      string
	LogoURL   string
	Theme     int      // 0 dark, 1 light
	Colour    string   // "#rrggbb"
	Colours   []string // colour1..colour16, at most 16, "#rrggbb"
	Currency  string   // GBP, PLN, EUR, USD
	Country   string   // GB or PL
	Languages []string // en-US, pl-PL; the first is the default
	Loyalty   Loyalty
	ReplyTo   string // Reply-To of the scheme's mail; "" for none
	UpdatedAt time.Time
}

// Loyalty is a scheme's stamp programme. StampThreshold is the spend, in minor
// units, that earns one stamp.
type Loyalty struct {
	StampThreshold  int64  `json:"stamp_threshold"`
	StampsPerReward int    `json:"stamps_per_reward"`
	RewardTitle     string `json:"reward_title"`
}

// Address is a postal address of a venue.
type Address struct {
	Line1    string `json:"line1"`
	Line2    string `json:"line2"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

// TimeRange is one opening range of a day in the venue's local time, "HH:MM".
// Close may be "24:00"; a Close earlier than Open runs past midnight.
type TimeRange struct {
	Open  string `json:"open"`
	Close string `json:"close"`
}

// Tipping is a venue's tip settings. Percents are whole percents.
type Tipping struct {
	Enabled        bool  `json:"enabled"`
	Percents       []int `json:"percents"`
	DefaultPercent int   `json:"default_percent"`
	AllowCustom    bool  `json:"allow_custom"`
}

// Venue is one store of a scheme. Money is in the scheme's minor units;
// rates are in basis points (1 % = 100) so no float touches money.
type Venue struct {
	ID               int64
	SchemeID         int64
	Slug             string // venue_slug
	Name             string
	Address          Address
	Lat, Lng         float64
	TimeZone         string         // IANA, e.g. Europe/London
	OpeningHours     [7][]TimeRange // index 0..6 = sun..sat
	Exceptions       []HoursException
	Zones            []DeliveryZone // empty: DeliveryRadiusM and the venue's terms
	OrderTypes       []int          // OrderTypeDelivery, OrderTypePickup
	DeliveryRadiusM  int64
	DeliveryFee      int64
	FreeDeliveryOver int64 // 0: never free
	DeliveryMinimum  int64
	PickupMinimum    int64
	PrepMinutes      int
	DeliveryMinutes  int
	ServiceChargeBP  int
	VATRateBP        int
	Tipping          Tipping
	LayoutStyle      int
	MenuID           int64
	Position         int

	// Operations (docs/architecture.md §9). SlotCapacity is the most orders of one
	// order type per 15-minute slot, indexed by OrderTypeDelivery and
	// OrderTypePickup; 0 is unlimited. PausedUntil stops ASAP orders until
	// then (zero: not paused). BusyMinutes are added to the prep time.
	SlotCapacity [2]int
	PausedUntil  time.Time
	BusyMinutes  int
	// AutoAccept accepts a paid order at once, expected AutoAcceptMinutes
	// (plus BusyMinutes) later; AutoPrint has the board print its kitchen
	// ticket on accept.
	AutoAccept        bool
	AutoAcceptMinutes int
	AutoPrint         bool
}

// CapacityFor returns the venue's slot capacity for order type t; 0 is
// unlimited (and so is an unknown order type).
func (v *Venue) CapacityFor(t int) int {
	if t < 0 || t >= len(v.SlotCapacity) {
		return 0
	}
	return v.SlotCapacity[t]
}

// Offers reports whether the venue takes orders of type t.
func (v *Venue) Offers(t int) bool {
	for _, o := range v.OrderTypes {
		if o == t {
			return true
		}
	}
	return false
}

// Menu is a scheme's menu; venues point at one. Version changes on every
// change of the menu or of anything it holds, so caches can tell stale data.
type Menu struct {
	ID                 int64
	SchemeID           int64
	Ref                string
	Name               string
	LayoutStyle        int
	Version            int64
	Categories         []Category
	Items              []Item
	ModifierCategories []ModifierCategory
	ModifierItems      []ModifierItem

	// SoldOutVersion is the version of the sold-out list of the venue the
	// menu was read for (store's VenueMenu; 0 for the menu as imported),
	// whose overrides are then applied to IsAvailable.
	SoldOutVersion int64
	// FreshUntil is when what the menu says about availability next
	// changes by the clock alone (a snooze ends, a daypart opens or closes);
	// zero: never. A cache of the menu is good until then, whatever its
	// versions say.
	FreshUntil time.Time
}

// Category groups items; Position orders categories.
type Category struct {
	ID       int64
	Ref      string
	Name     string
	Position int
}

// Item is a dish or drink. Price is in minor units. SelectMin/SelectMax bound
// the quantity of the item in one order line (0 max: no limit).
type Item struct {
	ID                  int64
	CategoryID          int64
	Ref                 string
	Title               string
	Description         string
	ImageURL            string
	Price               int64
	IsNew               bool
	IsAvailable         bool
	SelectMin           int
	SelectMax           int
	OrderTypes          []int // empty: every order type
	ModifierCategoryIDs []int64
	Position            int
	ImageID             int64
	Dayparts            []Daypart // empty: all day
	// OutOfHours is set by Menu.ApplyTime when the item's dayparts do not
	// cover the moment the menu was read for (IsAvailable stays as stocked).
	OutOfHours bool
	// SnoozedUntil is when a timed snooze that made the item unavailable
	// ends (SoldOut.Apply); zero when none did.
	SnoozedUntil time.Time
}

// ModifierCategory is a group of choices for an item ("Choose your bun").
type ModifierCategory struct {
	ID        int64
	Ref       string
	Name      string
	SelectMin int
	SelectMax int
	Position  int
}

// ModifierItem is one choice of a modifier category, with its extra price.
type ModifierItem struct {
	ID                 int64
	ModifierCategoryID int64
	Ref                string
	Name               string
	Price              int64
	IsAvailable        bool
	Position           int
	// SnoozedUntil: as Item's.
	SnoozedUntil time.Time
}

// ForOrderType returns the items offered for order type t, in order.
func (m *Menu) ForOrderType(t int) []Item {
	out := make([]Item, 0, len(m.Items))
	for _, it := range m.Items {
		if len(it.OrderTypes) == 0 || containsInt(it.OrderTypes, t) {
			out = append(out, it)
		}
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
