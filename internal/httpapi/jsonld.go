package httpapi

import (
	"encoding/json"
	"sort"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/report"
)

// schema.org JSON-LD for a venue's menu page (docs/architecture.md §11,
// "Search engines"): the venue as a Restaurant with its address, place,
// weekly hours and dated exceptions, and its menu as Menu → MenuSection →
// MenuItem with an Offer in the scheme's currency. Built for each page from
// the venue and the cached menu entry (menuAnswer), so a change of either
// is in the next page served, as the rest of the first HTML is.

// maxLDItems bounds the items described: a search engine needs the menu's
// gist, not every line of a huge one, and the first HTML stays small (the
// demo's menus have fewer). The first items in the page's order are kept.
const maxLDItems = 100

type ldRestaurant struct {
	Context      string           `json:"@context"`
	Type         string           `json:"@type"`
	ID           string           `json:"@id,omitempty"`
	Name         string           `json:"name"`
	URL          string           `json:"url,omitempty"`
	Image        string           `json:"image,omitempty"`
	Address      ldAddress        `json:"address"`
	Geo          *ldGeo           `json:"geo,omitempty"`
	Currencies   string           `json:"currenciesAccepted,omitempty"`
	Hours        []ldOpeningHours `json:"openingHoursSpecification"`
	Menu         *ldMenu          `json:"hasMenu,omitempty"`
	OrderActions []ldOrderAction  `json:"potentialAction,omitempty"`
	// No telephone, servesCuisine or priceRange: venues hold none of them
	// yet; they go here once they do.
}

type ldAddress struct {
	Type     string `json:"@type"`
	Street   string `json:"streetAddress,omitempty"`
	Locality string `json:"addressLocality,omitempty"`
	Postcode string `json:"postalCode,omitempty"`
	Country  string `json:"addressCountry,omitempty"`
}

type ldGeo struct {
	Type string  `json:"@type"`
	Lat  float64 `json:"latitude"`
	Lng  float64 `json:"longitude"`
}

// ldOpeningHours is one OpeningHoursSpecification: weekdays with one range,
// or (ValidFrom = ValidThrough) one date's exception; a closed date opens
// and closes at 00:00:00, as schema.org says to write it. Weekdays the venue
// is closed are left out.
type ldOpeningHours struct {
	Type         string   `json:"@type"`
	DayOfWeek    []string `json:"dayOfWeek,omitempty"`
	Opens        string   `json:"opens"`
	Closes       string   `json:"closes"`
	ValidFrom    string   `json:"validFrom,omitempty"`
	ValidThrough string   `json:"validThrough,omitempty"`
}

type ldMenu struct {
	Type     string          `json:"@type"`
	Name     string          `json:"name,omitempty"`
	URL      string          `json:"url,omitempty"`
	Sections []ldMenuSection `json:"hasMenuSection"`
}

type ldMenuSection struct {
	Type  string       `json:"@type"`
	Name  string       `json:"name"`
	Items []ldMenuItem `json:"hasMenuItem"`
}

type ldMenuItem struct {
	Type        string  `json:"@type"`
	Name        string  `json:"name"`
	Description string  `json:"description,omitempty"`
	Image       string  `json:"image,omitempty"`
	Offers      ldOffer `json:"offers"`
}

type ldOffer struct {
	Type     string `json:"@type"`
	Price    string `json:"price"`
	Currency string `json:"priceCurrency"`
}

// ldOrderAction is where the venue takes orders online (its menu page).
type ldOrderAction struct {
	Type   string `json:"@type"`
	Target string `json:"target"`
}

// schemaDays are schema.org's DayOfWeek members, indexed as OpeningHours (sun..sat).
var schemaDays = [7]string{"https://schema.org/Sunday", "https://schema.org/Monday", "https://schema.org/Tuesday",
	"https://schema.org/Wednesday", "https://schema.org/Thursday", "https://schema.org/Friday", "https://schema.org/Saturday"}

// ldExceptionDays is how far ahead dated exceptions are described.
const ldExceptionDays = 366

// venueJSONLD is the JSON-LD of venue v of scheme sc, with menu m (nil:
// none could be read) for order type orderType. base is the public URL.
// json.Marshal writes <, > and & as \u003c…, so no text of the menu can
// end the <script> element the result sits in.
func venueJSONLD(sc *catalog.Scheme, v *catalog.Venue, m *catalog.Menu, orderType int, base string, now time.Time) []byte {
	page := base + "/" + pathSegment(sc.Slug) + "/" + pathSegment(v.Slug) + "/menu"
	r := ldRestaurant{Context: "https://schema.org", Type: "Restaurant", ID: page + "#venue", Name: v.Name, URL: page,
		Address: ldAddress{Type: "PostalAddress", Street: strings.TrimSpace(strings.Trim(v.Address.Line1+", "+v.Address.Line2, ", ")),
			Locality: v.Address.City, Postcode: v.Address.Postcode, Country: v.Address.Country},
		Currencies: sc.Currency, Hours: ldHours(v, now),
		OrderActions: []ldOrderAction{{Type: "OrderAction", Target: page}}}
	if r.Address.Country == "" {
		r.Address.Country = sc.Country
	}
	if v.Lat != 0 || v.Lng != 0 {
		r.Geo = &ldGeo{Type: "GeoCoordinates", Lat: v.Lat, Lng: v.Lng}
	}
	if sc.LogoURL != "" {
		r.Image = absoluteURL(base, sc.LogoURL)
	}
	if m != nil {
		r.Menu = ldMenuOf(m, orderType, sc.Currency, base, page)
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil
	}
	return b
}

// ldHours is the weekly hours, weekdays with the same range together, then
// the exceptions that decide every order type the venue offers (one for
// some only leaves the venue open) from today for a year.
func ldHours(v *catalog.Venue, now time.Time) []ldOpeningHours {
	out := []ldOpeningHours{}
	index := map[catalog.TimeRange]int{}
	for _, d := range []int{1, 2, 3, 4, 5, 6, 0} { // Monday first, as people read a week
		for _, tr := range v.OpeningHours[d] {
			if i, ok := index[tr]; ok {
				out[i].DayOfWeek = append(out[i].DayOfWeek, schemaDays[d])
				continue
			}
			index[tr] = len(out)
			out = append(out, ldOpeningHours{Type: "OpeningHoursSpecification", DayOfWeek: []string{schemaDays[d]},
				Opens: ldTime(tr.Open), Closes: ldClose(tr.Close)})
		}
	}
	for _, e := range venueExceptions(v, now, 0, ldExceptionDays) {
		if e.Closed || len(e.Ranges) == 0 {
			out = append(out, ldOpeningHours{Type: "OpeningHoursSpecification", Opens: "00:00:00", Closes: "00:00:00",
				ValidFrom: e.Date, ValidThrough: e.Date})
			continue
		}
		for _, tr := range e.Ranges {
			out = append(out, ldOpeningHours{Type: "OpeningHoursSpecification", Opens: ldTime(tr.Open), Closes: ldClose(tr.Close),
				ValidFrom: e.Date, ValidThrough: e.Date})
		}
	}
	return out
}

// ldTime writes "HH:MM" as schema.org's Time, hh:mm:ss.
func ldTime(hm string) string { return hm + ":00" }

// ldClose writes a close at the end of the day as 23:59:59, the latest
// time schema.org's Time allows; one before the open runs into the next
// day, which schema.org reads as such.
func ldClose(c string) string {
	if c == "24:00" {
		return "23:59:59"
	}
	return ldTime(c)
}

// venueExceptions are v's exceptions that decide all the order types it
// offers, dated from daysBefore local days before today to days after, in
// date order.
func venueExceptions(v *catalog.Venue, now time.Time, daysBefore, days int) []catalog.HoursException {
	var out []catalog.HoursException
	for _, e := range v.Notices(now.AddDate(0, 0, -daysBefore), daysBefore+days) {
		all := true
		for _, t := range v.OrderTypes {
			all = all && e.AppliesTo(t)
		}
		if all {
			out = append(out, e)
		}
	}
	return out
}

// ldMenuOf is the menu's sections (categories by position) and their items
// offered for orderType, at most maxLDItems of them in all.
func ldMenuOf(m *catalog.Menu, orderType int, currency, base, page string) *ldMenu {
	items := m.Items
	if orderType >= 0 {
		items = m.ForOrderType(orderType)
	}
	cats := append([]catalog.Category(nil), m.Categories...)
	sort.SliceStable(cats, func(i, j int) bool {
		if cats[i].Position != cats[j].Position {
			return cats[i].Position < cats[j].Position
		}
		return cats[i].ID < cats[j].ID
	})
	menu := &ldMenu{Type: "Menu", Name: m.Name, URL: page, Sections: []ldMenuSection{}}
	n := 0
	for _, c := range cats {
		sec := ldMenuSection{Type: "MenuSection", Name: c.Name}
		for _, it := range items {
			if it.CategoryID != c.ID || n >= maxLDItems {
				continue
			}
			n++
			mi := ldMenuItem{Type: "MenuItem", Name: it.Title, Description: it.Description,
				Offers: ldOffer{Type: "Offer", Price: report.Amount(it.Price), Currency: currency}}
			if it.ImageURL != "" {
				mi.Image = absoluteURL(base, it.ImageURL)
			}
			sec.Items = append(sec.Items, mi)
		}
		if len(sec.Items) > 0 {
			menu.Sections = append(menu.Sections, sec)
		}
	}
	return menu
}
