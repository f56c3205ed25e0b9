package catalog

import (
	netmail "net/mail"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

var (
	slugRE   = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,62}$`)
	refRE    = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$`)
	colourRE = regexp.MustCompile(`^#[0-9a-f]{6}$`)
	hhmmRE   = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$`)
)

// Limits of the import document. Names are short because the storefront shows
// them on small cards; 1440 minutes is a day.
const (
	maxNameLen    = 120
	maxEmailLen   = 254
	maxTextLen    = 2000
	maxColours    = 16
	maxMinutes    = 1440
	maxBasisPoint = 10000
	// maxSlotCapacity bounds orders per 15-minute slot; 0 is unlimited.
	maxSlotCapacity = 10000
)

// problems collects FieldErrors; every check adds to it and carries on.
type problems []FieldError

func (p *problems) add(path, format string, args ...any) {
	*p = append(*p, problemAt(path, format, args...))
}

func (p *problems) check(ok bool, path, format string, args ...any) {
	if !ok {
		p.add(path, format, args...)
	}
}

func (p *problems) name(path, s string, max int) {
	switch {
	case strings.TrimSpace(s) == "":
		p.add(path, "required")
	case len([]rune(s)) > max:
		p.add(path, "must be at most %d characters", max)
	}
}

func (p *problems) oneOf(path, s string, allowed []string) {
	p.check(slices.Contains(allowed, s), path, "must be one of %s", strings.Join(allowed, ", "))
}

func (p *problems) between(path string, n, lo, hi int64) {
	p.check(n >= lo && n <= hi, path, "must be between %d and %d", lo, hi)
}

func (p *problems) url(path, s string) {
	ok := s == "" || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "https://") ||
		strings.HasPrefix(s, "http://")
	p.check(ok, path, "must be a path starting with / or an http(s) URL")
}

// replyTo checks an optional e-mail address (a bare address, no name).
func (p *problems) replyTo(path, s string) {
	p.check(ValidReplyTo(s), path, "must be an e-mail address like hello@example.com")
}

// ValidReplyTo reports whether s (spaces around it aside) is empty or a
// bare e-mail address a scheme's mail can carry as Reply-To.
func ValidReplyTo(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return true
	}
	a, err := netmail.ParseAddress(s)
	return err == nil && a.Name == "" && a.Address == s && len(s) <= maxEmailLen &&
		strings.IndexFunc(s, unicode.IsControl) < 0
}

// selection checks a select_min/select_max pair; a max of 0 means no limit.
func (p *problems) selection(path string, lo, hi int) {
	p.check(lo >= 0, path+".select_min", "must not be negative")
	p.check(hi >= 0, path+".select_max", "must not be negative")
	if hi > 0 && lo > hi {
		p.add(path+".select_min", "must not exceed select_max")
	}
}

// orderTypes checks a set of order types: each 0 or 1, no repeats.
func (p *problems) orderTypes(path string, ts []int, required bool) {
	if len(ts) == 0 && required {
		p.add(path, "must name at least one order type")
	}
	seen := map[int]bool{}
	for i, t := range ts {
		switch {
		case t != OrderTypeDelivery && t != OrderTypePickup:
			p.add(idx(path, i), "must be 0 (delivery) or 1 (pickup)")
		case seen[t]:
			p.add(idx(path, i), "is repeated")
		}
		seen[t] = true
	}
}

// unique reports a key seen before under the same parent.
func (p *problems) unique(seen map[string]bool, path, key string) {
	if key != "" && seen[key] {
		p.add(path, "%q is used twice", key)
	}
	seen[key] = true
}

// refs remembers where each ref of one kind was first used in a menu, so a
// repeat can name the first use.
type refs map[string]string

// uniqueInMenu reports a ref used before anywhere in the same menu. Orders
// keep item and modifier ids, and a re-import finds each row by its ref: a
// ref that named two items could hand one item's id to the other.
func (p *problems) uniqueInMenu(seen refs, path, ref string) {
	if ref == "" {
		return
	}
	if first, dup := seen[ref]; dup {
		p.add(path, "%q is already the ref of %s; refs must be unique in the menu", ref, first)
		return
	}
	seen[ref] = path
}

// Validate checks the whole document and returns every problem found. It
// does not modify the document, so one document may be validated and
// imported from several goroutines; colours are judged as Normalise would
// leave them.
func (d *SchemeDoc) Validate() []FieldError {
	var p problems
	p.validateBrand(d)
	menuRefs := map[string]bool{}
	for i := range d.Menus {
		path := idx("menus", i)
		p.unique(menuRefs, path+".ref", d.Menus[i].Ref)
		p.validateMenu(path, &d.Menus[i])
	}
	if len(d.Venues) > 0 && len(d.Menus) == 0 {
		p.add("menus", "at least one menu is needed for the venues")
	}
	slugs := map[string]bool{}
	for i := range d.Venues {
		path := idx("venues", i)
		p.unique(slugs, path+".venue_slug", d.Venues[i].VenueSlug)
		p.validateVenue(path, &d.Venues[i], menuRefs)
	}
	codes := map[string]bool{}
	for i := range d.PromoCodes {
		path := idx("promo_codes", i)
		p.unique(codes, path+".code", strings.ToUpper(strings.TrimSpace(d.PromoCodes[i].Code)))
		p.validatePromo(path, &d.PromoCodes[i])
	}
	offers := map[string]bool{}
	for i := range d.Offers {
		path := idx("offers", i)
		p.unique(offers, path+".ref", d.Offers[i].Ref)
		p.validateOffer(path, &d.Offers[i])
	}
	return p
}

var promoCodeRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$`)

func (p *problems) validatePromo(path string, c *PromoCodeDoc) {
	p.check(promoCodeRE.MatchString(strings.TrimSpace(c.Code)), path+".code",
		"must be 2-32 letters, digits, _ or -")
	p.discount(path, c.Kind, c.PercentBP, c.Amount, c.MinSpend)
	p.window(path, c.ValidFrom, c.ValidUntil)
	p.check(c.MaxUses >= 0, path+".max_uses", "must not be negative")
	p.check(c.MaxUsesPerCustomer >= 0, path+".max_uses_per_customer", "must not be negative")
}

func (p *problems) validateOffer(path string, o *OfferDoc) {
	p.check(refRE.MatchString(o.Ref), path+".ref", "must be 1-64 letters, digits or _.:- characters")
	p.name(path+".title", o.Title, maxNameLen)
	p.check(o.Color == "" || colourRE.MatchString(normaliseColour(o.Color)), path+".color", "must be a colour like #rrggbb")
	p.url(path+".image_url", o.ImageURL)
	p.check(len([]rune(o.ButtonText)) <= maxNameLen, path+".button_text", "must be at most %d characters", maxNameLen)
	p.check(o.ButtonKind == 0 || o.ButtonKind == 1, path+".button_kind", "must be 0 (AUTO_APPLY) or 1 (CLAIM)")
	r := o.Reward
	p.discount(path+".reward", r.Kind, r.PercentBP, r.Amount, r.MinSpend)
	p.window(path, o.ValidFrom, o.ValidUntil)
	p.check(o.MaxUsesPerCustomer >= 0, path+".max_uses_per_customer", "must not be negative")
}

// discount checks a percent or fixed discount and its minimum spend.
func (p *problems) discount(path, kind string, percentBP int, amount, minSpend int64) {
	switch kind {
	case "percent":
		p.between(path+".percent_bp", int64(percentBP), 1, maxBasisPoint)
	case "fixed":
		p.check(amount > 0, path+".amount", "must be more than 0")
	default:
		p.add(path+".kind", "must be percent or fixed")
	}
	p.check(minSpend >= 0, path+".min_spend", "must not be negative")
}

// window checks an optional validity window of RFC 3339 times.
func (p *problems) window(path, from, until string) {
	var f, u time.Time
	var err error
	if from != "" {
		if f, err = time.Parse(time.RFC3339, from); err != nil {
			p.add(path+".valid_from", "must be an RFC 3339 time like 2026-01-01T00:00:00Z")
		}
	}
	if until != "" {
		if u, err = time.Parse(time.RFC3339, until); err != nil {
			p.add(path+".valid_until", "must be an RFC 3339 time like 2026-01-01T00:00:00Z")
		}
	}
	if !f.IsZero() && !u.IsZero() && !u.After(f) {
		p.add(path+".valid_until", "must be after valid_from")
	}
}

func (p *problems) validateBrand(d *SchemeDoc) {
	p.check(slugRE.MatchString(d.BusinessSlug), "business_slug",
		"must be 2-63 lower-case letters, digits or hyphens, starting with a letter or digit")
	p.name("name", d.Name, maxNameLen)
	p.url("logo_url", d.LogoURL)
	p.replyTo("reply_to", d.ReplyTo)
	p.check(d.Theme == 0 || d.Theme == 1, "theme", "must be 0 (dark) or 1 (light)")
	p.check(colourRE.MatchString(normaliseColour(d.Colour)), "colour", "must be a colour like #rrggbb")
	p.check(len(d.Colours) <= maxColours, "colours", "must hold at most %d colours", maxColours)
	for i, c := range d.Colours {
		p.check(colourRE.MatchString(normaliseColour(c)), idx("colours", i), "must be a colour like #rrggbb")
	}
	p.oneOf("currency", d.Currency, Currencies)
	p.oneOf("country", d.Country, Countries)
	p.check(len(d.Languages) > 0, "languages", "must name at least one language")
	seen := map[string]bool{}
	for i, l := range d.Languages {
		p.oneOf(idx("languages", i), l, Languages)
		p.unique(seen, idx("languages", i), l)
	}
	l := d.Loyalty
	p.check(l.StampThreshold >= 0, "loyalty.stamp_threshold", "must not be negative")
	p.check(l.StampsPerReward >= 0, "loyalty.stamps_per_reward", "must not be negative")
	if l.StampThreshold > 0 {
		p.check(l.StampsPerReward > 0, "loyalty.stamps_per_reward", "must be at least 1 when stamps are earned")
		p.name("loyalty.reward_title", l.RewardTitle, maxNameLen)
	}
}

func (p *problems) validateMenu(path string, m *MenuDoc) {
	p.check(refRE.MatchString(m.Ref), path+".ref", "must be 1-64 letters, digits or _.:- characters")
	p.name(path+".name", m.Name, maxNameLen)
	p.between(path+".layout_style", int64(m.LayoutStyle), LayoutDefault, LayoutRoundedHalfImage)
	mods := map[string]bool{}
	modItems := refs{}
	for i := range m.ModifierCategories {
		mp := idx(path+".modifier_categories", i)
		p.unique(mods, mp+".ref", m.ModifierCategories[i].Ref)
		p.validateModifierCategory(mp, &m.ModifierCategories[i], modItems)
	}
	cats := map[string]bool{}
	items := refs{}
	for i := range m.Categories {
		cp := idx(path+".categories", i)
		c := &m.Categories[i]
		p.unique(cats, cp+".ref", c.Ref)
		p.check(refRE.MatchString(c.Ref), cp+".ref", "must be 1-64 letters, digits or _.:- characters")
		p.name(cp+".name", c.Name, maxNameLen)
		for j := range c.Items {
			ip := idx(cp+".items", j)
			p.uniqueInMenu(items, ip+".ref", c.Items[j].Ref)
			p.validateItem(ip, &c.Items[j], mods)
		}
	}
}

// validateModifierCategory checks one modifier category; seen holds the
// modifier item refs of the whole menu.
func (p *problems) validateModifierCategory(path string, m *ModifierCategoryDoc, seen refs) {
	p.check(refRE.MatchString(m.Ref), path+".ref", "must be 1-64 letters, digits or _.:- characters")
	p.name(path+".name", m.Name, maxNameLen)
	p.selection(path, m.SelectMin, m.SelectMax)
	p.check(m.SelectMin <= len(m.Items), path+".select_min", "must not exceed the number of items")
	for i := range m.Items {
		ip := idx(path+".items", i)
		it := &m.Items[i]
		p.uniqueInMenu(seen, ip+".ref", it.Ref)
		p.check(refRE.MatchString(it.Ref), ip+".ref", "must be 1-64 letters, digits or _.:- characters")
		p.name(ip+".name", it.Name, maxNameLen)
		p.check(it.Price >= 0, ip+".price", "must not be negative")
	}
}

func (p *problems) validateItem(path string, it *ItemDoc, mods map[string]bool) {
	p.check(refRE.MatchString(it.Ref), path+".ref", "must be 1-64 letters, digits or _.:- characters")
	p.name(path+".title", it.Title, maxNameLen)
	p.check(len([]rune(it.Description)) <= maxTextLen, path+".description",
		"must be at most %d characters", maxTextLen)
	p.url(path+".image_url", it.ImageURL)
	p.check(it.Price >= 0, path+".price", "must not be negative")
	p.selection(path, it.SelectMin, it.SelectMax)
	p.orderTypes(path+".order_types", it.OrderTypes, false)
	p.check(it.ImageID >= 0, path+".image_id", "must not be negative")
	p.validateDayparts(path+".dayparts", it.Dayparts)
	seen := map[string]bool{}
	for i, ref := range it.ModifierCategories {
		rp := idx(path+".modifier_categories", i)
		p.check(mods[ref], rp, "no modifier category %q in this menu", ref)
		p.unique(seen, rp, ref)
	}
}

func (p *problems) validateVenue(path string, v *VenueDoc, menus map[string]bool) {
	p.check(slugRE.MatchString(v.VenueSlug), path+".venue_slug",
		"must be 2-63 lower-case letters, digits or hyphens, starting with a letter or digit")
	p.name(path+".name", v.Name, maxNameLen)
	p.name(path+".address.line1", v.Address.Line1, maxNameLen)
	p.name(path+".address.city", v.Address.City, maxNameLen)
	p.name(path+".address.postcode", v.Address.Postcode, 16)
	p.oneOf(path+".address.country", v.Address.Country, Countries)
	p.check(v.Lat >= -90 && v.Lat <= 90, path+".lat", "must be between -90 and 90")
	p.check(v.Lng >= -180 && v.Lng <= 180, path+".lng", "must be between -180 and 180")
	p.check(v.Lat != 0 || v.Lng != 0, path+".lat", "required")
	if _, err := time.LoadLocation(v.TimeZone); err != nil || v.TimeZone == "" || v.TimeZone == "Local" {
		p.add(path+".time_zone", "must be an IANA time zone such as Europe/London")
	}
	p.check(menus[v.Menu], path+".menu", "no menu %q in this document", v.Menu)
	p.validateHours(path+".opening_hours", v.OpeningHours)
	p.orderTypes(path+".order_types", v.OrderTypes, true)
	// Delivery ticked with no zone and no radius is a venue being set up: it saves, and no
	// address is deliverable until a zone or a radius exists (DeliveryCheck: ReasonNoDelivery).
	p.validateExceptions(path+".exceptions", v.Exceptions)
	p.validateZones(path+".delivery.zones", v.Delivery.Zones)
	p.check(v.Delivery.RadiusM >= 0, path+".delivery.radius_m", "must not be negative")
	p.check(v.Delivery.Fee >= 0, path+".delivery.fee", "must not be negative")
	p.check(v.Delivery.FreeOver >= 0, path+".delivery.free_over", "must not be negative")
	p.check(v.Delivery.Minimum >= 0, path+".delivery.minimum", "must not be negative")
	p.check(v.Pickup.Minimum >= 0, path+".pickup.minimum", "must not be negative")
	p.between(path+".delivery.slot_capacity", int64(v.Delivery.SlotCapacity), 0, maxSlotCapacity)
	p.between(path+".pickup.slot_capacity", int64(v.Pickup.SlotCapacity), 0, maxSlotCapacity)
	p.between(path+".prep_minutes", int64(v.PrepMinutes), 0, maxMinutes)
	p.between(path+".delivery_minutes", int64(v.DeliveryMinutes), 0, maxMinutes)
	p.between(path+".service_charge_bp", int64(v.ServiceChargeBP), 0, maxBasisPoint)
	p.between(path+".vat_rate_bp", int64(v.VATRateBP), 0, maxBasisPoint)
	p.validateTipping(path+".tipping", v.Tipping)
	p.between(path+".layout_style", int64(v.LayoutStyle), LayoutDefault, LayoutRoundedHalfImage)
}

func (p *problems) validateHours(path string, hours map[string][]TimeRange) {
	for _, day := range sortedDays(hours) {
		dp := path + "." + day
		if d, err := strconv.Atoi(day); err != nil || d < 0 || d > 6 || len(day) != 1 {
			p.add(dp, "weekday must be 0 (Sunday) to 6 (Saturday)")
			continue
		}
		p.validateRanges(dp, hours[day])
	}
}

func (p *problems) validateTipping(path string, t Tipping) {
	seen := map[string]bool{}
	for i, pc := range t.Percents {
		p.between(idx(path+".percents", i), int64(pc), 0, 100)
		p.unique(seen, idx(path+".percents", i), strconv.Itoa(pc))
	}
	if t.Enabled && len(t.Percents) > 0 {
		p.check(slices.Contains(t.Percents, t.DefaultPercent), path+".default_percent",
			"must be one of the percents")
	}
}

func sortedDays(m map[string][]TimeRange) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
