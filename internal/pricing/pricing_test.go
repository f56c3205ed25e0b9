package pricing_test

import (
	"testing"

	"platter/internal/catalog"
	"platter/internal/platter"
	"platter/internal/pricing"
)

// The fixture: a venue delivering within 5 km for £2.49, free from £30,
// minimum £10 for delivery and none for pickup, VAT 20 %, and a menu of a
// burger (£8.99) with a required patty choice (+£0 / +£3.00) and up to two
// sauces (50p), fries (£3.25), a sold-out shake, a pickup-only tray, and a
// drink of which one may order 1 to 3.
const (
	burger, fries, shake, tray, drink = 1, 2, 3, 4, 5
	single, double, ketchup, mayo     = 11, 12, 21, 22
	soldOutSauce                      = 23
	patties, sauces                   = 100, 200
)

func venue() *catalog.Venue {
	return &catalog.Venue{Slug: "soho", Lat: 51.5136, Lng: -0.1365,
		OrderTypes: []int{catalog.OrderTypeDelivery, catalog.OrderTypePickup}, DeliveryRadiusM: 5000,
		DeliveryFee: 249, FreeDeliveryOver: 3000, DeliveryMinimum: 1000, VATRateBP: 2000}
}

func menu() *catalog.Menu {
	return &catalog.Menu{
		Items: []catalog.Item{
			{ID: burger, Title: "Burger", Price: 899, IsAvailable: true, ModifierCategoryIDs: []int64{patties, sauces}},
			{ID: fries, Title: "Fries", Price: 325, IsAvailable: true},
			{ID: shake, Title: "Shake", Price: 450, IsAvailable: false},
			{ID: tray, Title: "Party tray", Price: 2500, IsAvailable: true, OrderTypes: []int{catalog.OrderTypePickup}},
			{ID: drink, Title: "Cola", Price: 199, IsAvailable: true, SelectMin: 1, SelectMax: 3},
		},
		ModifierCategories: []catalog.ModifierCategory{
			{ID: patties, Name: "Patty", SelectMin: 1, SelectMax: 1},
			{ID: sauces, Name: "Sauces", SelectMin: 0, SelectMax: 2},
		},
		ModifierItems: []catalog.ModifierItem{
			{ID: single, ModifierCategoryID: patties, Name: "Single", Price: 0, IsAvailable: true},
			{ID: double, ModifierCategoryID: patties, Name: "Double", Price: 300, IsAvailable: true},
			{ID: ketchup, ModifierCategoryID: sauces, Name: "Ketchup", Price: 50, IsAvailable: true},
			{ID: mayo, ModifierCategoryID: sauces, Name: "Mayo", Price: 50, IsAvailable: true},
			{ID: soldOutSauce, ModifierCategoryID: sauces, Name: "Truffle", Price: 90, IsAvailable: false},
		},
	}
}

func line(item int64, qty int, mods ...int64) pricing.LineInput {
	l := pricing.LineInput{ItemID: item, Qty: qty}
	for _, m := range mods {
		l.Modifiers = append(l.Modifiers, pricing.ModifierInput{ID: m, Qty: 1})
	}
	return l
}

var (
	near = &pricing.Point{Lat: 51.5145, Lng: -0.1310} // ~0.4 km
	far  = &pricing.Point{Lat: 51.7520, Lng: -1.2577} // Oxford
)

func intp(n int) *int { return &n }

// want is the breakdown a case expects; problem is the code of the first
// refusal (0: none).
type want struct {
	subtotal, discount, service, fee, tip, total, tax, stamps int64
	problem                                                   int
}

func TestPrice(t *testing.T) {
	pickup, delivery := catalog.OrderTypePickup, catalog.OrderTypeDelivery
	tenPct := &pricing.Discount{Source: pricing.SourcePromo, Kind: pricing.Percent, PercentBP: 1000, MinSpend: 1500}
	freeItem := &pricing.Discount{Source: pricing.SourceReward, Kind: pricing.FreeItem}
	cases := []struct {
		name     string
		orderTyp int
		lines    []pricing.LineInput
		at       *pricing.Point
		discount *pricing.Discount
		tip      int64
		tipPct   *int
		svcBP    int
		freeOver int64
		want     want
	}{
		{name: "a loyalty reward frees one unit of the cheapest line, modifiers included", orderTyp: pickup,
			discount: freeItem, lines: []pricing.LineInput{line(burger, 1, double), line(fries, 3)},
			want: want{subtotal: 1199 + 975, discount: 325, total: 1849, tax: 308, stamps: 1}},
		{name: "a loyalty reward skips lines that cannot be ordered", orderTyp: pickup,
			discount: freeItem, lines: []pricing.LineInput{line(shake, 1), line(burger, 1, single, mayo)},
			want: want{subtotal: 949, discount: 949, total: 0, tax: 0, problem: platter.CodeItemUnavailable}},
		{name: "one plain item, pickup", orderTyp: pickup, lines: []pricing.LineInput{line(fries, 1)},
			want: want{subtotal: 325, total: 325, tax: 54}},
		{name: "modifiers add to the unit price, times qty", orderTyp: pickup,
			lines: []pricing.LineInput{line(burger, 2, double, ketchup)},
			want:  want{subtotal: 2 * (899 + 300 + 50), total: 2498, tax: 416, stamps: 2}},
		{name: "delivery below the free level pays the fee", orderTyp: delivery, at: near,
			lines: []pricing.LineInput{line(burger, 1, single), line(fries, 1)},
			want:  want{subtotal: 1224, fee: 249, total: 1473, tax: 204, stamps: 1}},
		{name: "delivery exactly at the free level is free", orderTyp: delivery, at: near, freeOver: 1300,
			lines: []pricing.LineInput{line(fries, 4)},
			want:  want{subtotal: 1300, total: 1300, tax: 217, stamps: 1}},
		{name: "delivery a penny under the free level pays the fee", orderTyp: delivery, at: near, freeOver: 1301,
			lines: []pricing.LineInput{line(fries, 4)},
			want:  want{subtotal: 1300, fee: 249, total: 1549, tax: 217, stamps: 1}},
		{name: "the free level is judged before the discount", orderTyp: delivery, at: near, freeOver: 1300,
			discount: &pricing.Discount{Kind: pricing.Fixed, Amount: 500},
			lines:    []pricing.LineInput{line(fries, 4)},
			want:     want{subtotal: 1300, discount: 500, total: 800, tax: 133}},
		{name: "an item for another order type", orderTyp: delivery, at: near,
			lines: []pricing.LineInput{line(tray, 1), line(fries, 4)},
			want:  want{subtotal: 1300, fee: 249, total: 1549, tax: 217, stamps: 1, problem: platter.CodeItemUnavailable}},
		{name: "delivery below the minimum is refused", orderTyp: delivery, at: near,
			lines: []pricing.LineInput{line(fries, 1)},
			want:  want{subtotal: 325, fee: 249, total: 574, tax: 54, problem: platter.CodeBelowMinimum}},
		{name: "pickup has no minimum", orderTyp: pickup, lines: []pricing.LineInput{line(drink, 1)},
			want: want{subtotal: 199, total: 199, tax: 33}},
		{name: "outside the delivery radius", orderTyp: delivery, at: far,
			lines: []pricing.LineInput{line(fries, 4)},
			want:  want{subtotal: 1300, fee: 249, total: 1549, tax: 217, stamps: 1, problem: platter.CodeOutsideArea}},
		{name: "10 % promo at its minimum spend", orderTyp: pickup, discount: tenPct,
			lines: []pricing.LineInput{line(burger, 1, single), line(fries, 1), line(drink, 2)},
			// 899 + 325 + 398 = 1622; 10 % = 162.2 → 162
			want: want{subtotal: 1622, discount: 162, total: 1460, tax: 243, stamps: 1}},
		{name: "10 % promo below its minimum spend is refused, no discount", orderTyp: pickup, discount: tenPct,
			lines: []pricing.LineInput{line(burger, 1, single)},
			want:  want{subtotal: 899, total: 899, tax: 150, problem: platter.CodePromoMinimum}},
		{name: "percent discount rounds half away from zero", orderTyp: pickup,
			discount: &pricing.Discount{Kind: pricing.Percent, PercentBP: 1000},
			lines:    []pricing.LineInput{line(fries, 1), line(drink, 1), line(drink, 1), line(drink, 1)},
			// 325 + 3×199 = 922; 10 % = 92.2 → 92
			want: want{subtotal: 922, discount: 92, total: 830, tax: 138}},
		{name: "percent discount: exactly half a penny rounds up", orderTyp: pickup,
			discount: &pricing.Discount{Kind: pricing.Percent, PercentBP: 1000},
			lines:    []pricing.LineInput{line(fries, 1)},
			// 325 × 10 % = 32.5 → 33
			want: want{subtotal: 325, discount: 33, total: 292, tax: 49}},
		{name: "fixed discount larger than the subtotal is capped at it", orderTyp: pickup,
			discount: &pricing.Discount{Kind: pricing.Fixed, Amount: 5000},
			lines:    []pricing.LineInput{line(fries, 1)},
			want:     want{subtotal: 325, discount: 325, total: 0, tax: 0}},
		{name: "100 % discount still charges delivery", orderTyp: delivery, at: near,
			discount: &pricing.Discount{Kind: pricing.Percent, PercentBP: 10000},
			lines:    []pricing.LineInput{line(fries, 4)},
			want:     want{subtotal: 1300, discount: 1300, fee: 249, total: 249}},
		{name: "service charge on subtotal minus discount, rounded", orderTyp: pickup, svcBP: 1250,
			discount: &pricing.Discount{Kind: pricing.Fixed, Amount: 100},
			lines:    []pricing.LineInput{line(fries, 1), line(drink, 1)},
			// 524 − 100 = 424; 12.5 % = 53; VAT of 477 = 79.5 → 80
			want: want{subtotal: 524, discount: 100, service: 53, total: 477, tax: 80}},
		{name: "tip up to half the subtotal is added", orderTyp: pickup, tip: 162,
			lines: []pricing.LineInput{line(fries, 1)},
			want:  want{subtotal: 325, tip: 162, total: 487, tax: 54}},
		{name: "tip over half the subtotal is refused", orderTyp: pickup, tip: 163,
			lines: []pricing.LineInput{line(fries, 1)},
			want:  want{subtotal: 325, total: 325, tax: 54, problem: platter.CodeTipOutOfRange}},
		{name: "negative tip is refused", orderTyp: pickup, tip: -1,
			lines: []pricing.LineInput{line(fries, 1)},
			want:  want{subtotal: 325, total: 325, tax: 54, problem: platter.CodeTipOutOfRange}},
		{name: "tip percent of the subtotal, rounded", orderTyp: pickup, tipPct: intp(15),
			lines: []pricing.LineInput{line(fries, 1)},
			// 15 % of 325 = 48.75 → 49; VAT ignores the tip
			want: want{subtotal: 325, tip: 49, total: 374, tax: 54}},
		{name: "tip percent over 50 is refused", orderTyp: pickup, tipPct: intp(60),
			lines: []pricing.LineInput{line(fries, 1)},
			want:  want{subtotal: 325, total: 325, tax: 54, problem: platter.CodeTipOutOfRange}},
		{name: "sold-out line is shown but not priced", orderTyp: pickup,
			lines: []pricing.LineInput{line(shake, 1), line(fries, 1)},
			want:  want{subtotal: 325, total: 325, tax: 54, problem: platter.CodeItemUnavailable}},
		{name: "an item removed from the menu", orderTyp: pickup,
			lines: []pricing.LineInput{line(999, 1)},
			want:  want{problem: platter.CodeItemUnavailable}},
		{name: "sold-out modifier", orderTyp: pickup,
			lines: []pricing.LineInput{line(burger, 1, single, soldOutSauce)},
			want:  want{problem: platter.CodeModifierUnavailable}},
		{name: "a modifier of another item", orderTyp: pickup,
			lines: []pricing.LineInput{line(fries, 1, ketchup)},
			want:  want{problem: platter.CodeModifierUnavailable}},
		{name: "required choice missing", orderTyp: pickup,
			lines: []pricing.LineInput{line(burger, 1, ketchup)},
			want:  want{problem: platter.CodeModifierSelection}},
		{name: "too many choices of one category", orderTyp: pickup,
			lines: []pricing.LineInput{line(burger, 1, single, ketchup, mayo, ketchup)},
			want:  want{problem: platter.CodeModifierSelection}},
		{name: "quantity above the item's select_max", orderTyp: pickup,
			lines: []pricing.LineInput{line(drink, 4)},
			want:  want{problem: platter.CodeItemQuantity}},
		{name: "no delivery at a pickup-only venue", orderTyp: delivery, at: near,
			lines: []pricing.LineInput{line(fries, 4)},
			want:  want{subtotal: 1300, fee: 249, total: 1549, tax: 217, stamps: 1, problem: platter.CodeOrderTypeUnavailable}},
		{name: "empty basket", orderTyp: pickup, want: want{problem: platter.CodeEmptyBasket}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := venue()
			v.ServiceChargeBP = tc.svcBP
			if tc.freeOver != 0 {
				v.FreeDeliveryOver = tc.freeOver
			}
			if tc.want.problem == platter.CodeOrderTypeUnavailable {
				v.OrderTypes = []int{catalog.OrderTypePickup}
			}
			q := pricing.Price(pricing.Input{Venue: v, Menu: menu(), OrderType: tc.orderTyp, Lines: tc.lines,
				Delivery: tc.at, Discount: tc.discount, Tip: tc.tip, TipPercent: tc.tipPct, StampThreshold: 1000,
				Currency: "GBP"})
			got := want{q.Subtotal, q.Discount, q.ServiceCharge, q.DeliveryFee, q.Tip, q.Total, q.Tax, q.StampsEarned, 0}
			if r := q.Refusal(); r != nil {
				got.problem = r.Code
			}
			if tc.want.problem == platter.CodeEmptyBasket || tc.want.problem == platter.CodeModifierSelection ||
				tc.want.problem == platter.CodeModifierUnavailable || tc.want.problem == platter.CodeItemQuantity {
				got = want{problem: got.problem} // only the refusal matters here
			}
			if got != tc.want {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
			if sum := q.Subtotal - q.Discount + q.ServiceCharge + q.DeliveryFee + q.Tip; sum != q.Total {
				t.Errorf("figures add up to %d, total says %d", sum, q.Total)
			}
		})
	}
}

func TestRoundDiv(t *testing.T) {
	for _, tc := range []struct{ a, b, want int64 }{
		{5, 10, 1}, {4, 10, 0}, {15, 10, 2}, {-5, 10, -1}, {-4, 10, 0}, {-15, 10, -2}, {0, 7, 0},
	} {
		if got := pricing.RoundDiv(tc.a, tc.b); got != tc.want {
			t.Errorf("RoundDiv(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestFormatMoney(t *testing.T) {
	for _, tc := range []struct {
		cur  string
		n    int64
		want string
	}{
		{"GBP", 1500, "£15.00"}, {"GBP", 123456, "£1,234.56"}, {"PLN", 400005, "4 000,05 zł"},
		{"EUR", 1205, "12,05 €"}, {"USD", 99, "$0.99"}, {"XXX", 100, "£1.00"}, {"GBP", -250, "-£2.50"},
	} {
		if got := pricing.FormatMoney(tc.cur, tc.n); got != tc.want {
			t.Errorf("FormatMoney(%s, %d) = %q, want %q", tc.cur, tc.n, got, tc.want)
		}
	}
}

// A line's copy keeps what was priced: titles, modifier names and prices.
func TestLinesCopyTheMenu(t *testing.T) {
	q := pricing.Price(pricing.Input{Venue: venue(), Menu: menu(), OrderType: catalog.OrderTypePickup,
		Lines: []pricing.LineInput{line(burger, 2, double, mayo)}})
	l := q.Lines[0]
	if l.Title != "Burger" || l.UnitPrice != 1249 || l.Total != 2498 || len(l.Modifiers) != 2 ||
		l.Modifiers[0].Name != "Double" || l.Modifiers[0].Price != 300 || l.Modifiers[1].Name != "Mayo" || l.VATRateBP != 2000 {
		t.Errorf("line: %+v", l)
	}
}
