// Package pricing prices a basket on the server (docs/architecture.md §5): pure
// functions of the venue, its live menu, the basket and a resolved
// discount. The client never sends a price; quote and prepare both come
// through Price, so the figures a customer sees are the figures charged.
//
// Money is int64 minor units. Each figure of the breakdown that comes from
// a rate (a percentage discount, the service charge, a tip percentage, the
// VAT) is rounded once, half away from zero, in minor units ("per line" of
// the breakdown); the total is the sum of the rounded figures, so the lines
// a customer reads always add up to the total charged.
package pricing

import (
	"time"

	"platter/internal/catalog"
	"platter/internal/platter"
)

// Discount kinds. FreeItem is a loyalty reward's (docs/architecture.md §4c: "Free
// burger"): one unit of the cheapest line the basket can order, at its unit
// price with its modifiers, free. docs/product.md says no more than that rewards
// exist; the cheapest line is the rule because it needs no list of
// qualifying items and can never be worth more than what was ordered.
const (
	Percent  = "percent"
	Fixed    = "fixed"
	FreeItem = "free_item"
)

// Discount sources: a promo code or one reward (an offer), never both.
const (
	SourcePromo  = "promo"
	SourceReward = "reward"
)

// MaxTipPercent caps the tip at this share of the subtotal.
const MaxTipPercent = 50

// Discount is a promo code or reward already found valid for the customer
// (known, within its dates, uses left); Price still checks its minimum
// spend against the subtotal.
type Discount struct {
	Source    string // SourcePromo or SourceReward
	Kind      string // Percent or Fixed
	PercentBP int    // for Percent: 1000 = 10 %
	Amount    int64  // for Fixed
	MinSpend  int64  // the subtotal must reach it
}

// ModifierInput is one chosen modifier of a line, per unit of the line.
type ModifierInput struct {
	ID  int64
	Qty int
}

// LineInput is one basket line as the client sends it.
type LineInput struct {
	ItemID    int64
	Qty       int
	Modifiers []ModifierInput
}

// Point is a delivery location.
type Point struct{ Lat, Lng float64 }

// Input is everything a price depends on.
type Input struct {
	Venue *catalog.Venue
	Menu  *catalog.Menu // live rows only: a removed item is simply absent
	// Index is NewMenuIndex(Menu) when the caller keeps one; nil (or an
	// index of another menu) builds it for this call.
	Index *MenuIndex
	// At is when the order is for (a pre-order's slot, now for ASAP): the
	// items' dayparts (in the venue's zone) and timed snoozes are judged at
	// it. Zero: as the menu was read (OutOfHours, IsAvailable).
	At        time.Time
	OrderType int
	Lines     []LineInput
	// Delivery is the delivery address's location (DELIVERY only; nil when
	// the client sent none, which the caller reports).
	Delivery *Point
	Discount *Discount // nil: none
	// Tip is the amount chosen; TipPercent, when set, chooses it instead as
	// a whole percentage of the subtotal (the page's percent chips).
	Tip            int64
	TipPercent     *int
	StampThreshold int64  // the scheme's spend per stamp; 0: no stamps
	Currency       string // the scheme's, for amounts in messages
}

// Modifier is a priced modifier of a line, copied from the menu.
type Modifier struct {
	ID         int64
	CategoryID int64
	Name       string
	Price      int64 // per unit of the modifier
	Qty        int   // per unit of the line
}

// Line is a priced basket line. A line with a Problem is shown (so the
// page can offer to remove it) but left out of every figure.
type Line struct {
	Index     int
	ItemID    int64
	Title     string
	Qty       int
	UnitPrice int64 // item price + Σ modifier price × modifier qty
	Modifiers []Modifier
	Total     int64 // Qty × UnitPrice
	VATRateBP int
	Problem   *platter.Error
}

// Quote is the priced basket. Problems are the order's refusals (minimum,
// delivery area, tip, discount); a quote with problems or line problems
// cannot be prepared.
type Quote struct {
	Lines         []Line
	Subtotal      int64
	Discount      int64
	DiscountFrom  string // SourcePromo, SourceReward or "" when no discount applies
	ServiceCharge int64
	DeliveryFee   int64
	Tip           int64
	Total         int64
	Tax           int64 // VAT contained in subtotal − discount + service charge; shown only
	VATRateBP     int
	StampsEarned  int64
	// Minimum is the subtotal the order type asks for; Zone the delivery
	// zone whose terms (fee, minimum, free-over) price a delivery, empty
	// for the venue's own.
	Minimum  int64
	Zone     string
	Problems []*platter.Error
	currency string
	terms    catalog.DeliveryTerms
}

// Refusal is the first refusal of the quote (a line's, then the order's),
// or nil when it can be ordered.
func (q *Quote) Refusal() *platter.Error {
	for i := range q.Lines {
		if q.Lines[i].Problem != nil {
			return q.Lines[i].Problem
		}
	}
	if len(q.Problems) > 0 {
		return q.Problems[0]
	}
	return nil
}

// Price prices a basket. It never fails: what cannot be ordered comes back
// as problems beside the figures of what can.
func Price(in Input) *Quote {
	q := &Quote{VATRateBP: in.Venue.VATRateBP, currency: in.Currency}
	menu := in.Index
	if menu == nil || menu.menu != in.Menu {
		menu = NewMenuIndex(in.Menu)
	}
	for i, l := range in.Lines {
		line := priceLine(menu, in, i, l)
		line.VATRateBP = in.Venue.VATRateBP
		if line.Problem == nil {
			q.Subtotal += line.Total
		}
		q.Lines = append(q.Lines, line)
	}
	q.orderRules(in)
	q.applyDiscount(in.Discount)
	q.ServiceCharge = RoundDiv((q.Subtotal-q.Discount)*int64(in.Venue.ServiceChargeBP), 10000)
	if in.OrderType == catalog.OrderTypeDelivery {
		q.DeliveryFee = q.terms.FeeFor(q.Subtotal)
	}
	q.applyTip(in)
	q.Total = q.Subtotal - q.Discount + q.ServiceCharge + q.DeliveryFee + q.Tip
	q.Tax = VATContained(q.Subtotal-q.Discount+q.ServiceCharge, in.Venue.VATRateBP)
	if in.StampThreshold > 0 {
		q.StampsEarned = (q.Subtotal - q.Discount) / in.StampThreshold
	}
	return q
}

// orderRules picks the delivery terms (the address's zone) and adds the
// refusals about the order as a whole: the order type, the delivery area,
// an empty basket and the minimum (a subtotal exactly at it is enough).
func (q *Quote) orderRules(in Input) {
	v := in.Venue
	q.terms = catalog.DeliveryTerms{Fee: v.DeliveryFee, Minimum: v.DeliveryMinimum, FreeOver: v.FreeDeliveryOver}
	if !v.Offers(in.OrderType) {
		q.problem(platter.CodeOrderTypeUnavailable, orderTypeKey(in.OrderType), nil)
	} else if in.OrderType == catalog.OrderTypeDelivery && in.Delivery != nil {
		terms, ok := v.DeliveryTermsAt(in.Delivery.Lat, in.Delivery.Lng, q.Subtotal)
		if ok {
			q.terms, q.Zone = terms, terms.Zone
		} else {
			q.problem(platter.CodeOutsideArea, "delivery.outside_area", nil)
		}
	}
	q.Minimum = v.PickupMinimum
	if in.OrderType == catalog.OrderTypeDelivery {
		q.Minimum = q.terms.Minimum
	}
	available := 0
	for i := range q.Lines {
		if q.Lines[i].Problem == nil {
			available++
		}
	}
	if available == 0 {
		q.problem(platter.CodeEmptyBasket, "order.empty", nil)
		return
	}
	if minimum := q.Minimum; q.Subtotal < minimum {
		q.problem(platter.CodeBelowMinimum, "order.below_minimum", map[string]string{"amount": FormatMoney(q.currency, minimum)})
	}
}

func orderTypeKey(t int) string {
	if t == catalog.OrderTypeDelivery {
		return "order.no_delivery"
	}
	return "order.no_pickup"
}

// applyDiscount takes the discount off the subtotal, never more than it.
// The minimum spend is judged on the subtotal before any discount.
func (q *Quote) applyDiscount(d *Discount) {
	if d == nil || q.Subtotal == 0 {
		return
	}
	if q.Subtotal < d.MinSpend {
		code, key := platter.CodePromoMinimum, "promo.minimum"
		if d.Source == SourceReward {
			code, key = platter.CodeRewardUnavailable, "reward.minimum"
		}
		q.problem(code, key, map[string]string{"amount": FormatMoney(q.currency, d.MinSpend)})
		return
	}
	if d.Kind == FreeItem {
		q.Discount = min(q.cheapestUnit(), q.Subtotal)
	} else {
		q.Discount = DiscountAmount(d, q.Subtotal)
	}
	q.DiscountFrom = d.Source
}

// cheapestUnit is the lowest unit price (modifiers included) among the
// lines that can be ordered; 0 when there is none.
func (q *Quote) cheapestUnit() int64 {
	var low int64
	for i := range q.Lines {
		l := &q.Lines[i]
		if l.Problem == nil && l.Qty > 0 && (low == 0 || l.UnitPrice < low) {
			low = l.UnitPrice
		}
	}
	return low
}

// applyTip sets the tip: the chosen percentage of the subtotal or the
// chosen amount, refused outside 0 … 50 % of the subtotal (then left out).
func (q *Quote) applyTip(in Input) {
	tip := in.Tip
	if in.TipPercent != nil {
		if p := *in.TipPercent; p < 0 || p > MaxTipPercent {
			tip = -1
		} else {
			tip = RoundDiv(q.Subtotal*int64(p), 100)
		}
	}
	if limit := MaxTip(q.Subtotal); tip < 0 || tip > limit {
		q.problem(platter.CodeTipOutOfRange, "order.tip_range", map[string]string{"max": FormatMoney(q.currency, limit)})
		return
	}
	q.Tip = tip
}

func (q *Quote) problem(code int, key string, params map[string]string) {
	q.Problems = append(q.Problems, &platter.Error{Code: code, Message: key, Params: params})
}

// MaxTip is the largest tip allowed on a subtotal (50 %, rounded down so
// the cap is never exceeded).
func MaxTip(subtotal int64) int64 { return subtotal * MaxTipPercent / 100 }

// DiscountAmount is what a discount takes off a subtotal, capped at it.
func DiscountAmount(d *Discount, subtotal int64) int64 {
	var off int64
	switch d.Kind {
	case Percent:
		off = RoundDiv(subtotal*int64(d.PercentBP), 10000)
	case Fixed:
		off = d.Amount
	}
	return max(0, min(off, subtotal))
}

// VATContained is the VAT inside a VAT-inclusive amount at rate (basis
// points): amount × rate / (10000 + rate), rounded half away from zero.
func VATContained(amount int64, rateBP int) int64 {
	if rateBP <= 0 {
		return 0
	}
	return RoundDiv(amount*int64(rateBP), 10000+int64(rateBP))
}

// RoundDiv divides a by b (b > 0) rounding half away from zero.
func RoundDiv(a, b int64) int64 {
	if a < 0 {
		return -RoundDiv(-a, b)
	}
	return (a + b/2) / b
}
