package pricing_test

import (
	"testing"

	"platter/internal/catalog"
	"platter/internal/pricing"
)

// FuzzPrice prices baskets built from the fuzzer's bytes, within the bounds
// the API lets through (orders_input.go: up to 99 of a line, 20 of a
// modifier), against the fixture venue and menu: whatever the basket, the
// figures a customer reads are never negative, the discount never exceeds
// the subtotal, each line is its quantity times its unit price, the subtotal
// is the sum of the lines that can be ordered, and the total is exactly the
// sum of the breakdown.
func FuzzPrice(f *testing.F) {
	f.Add([]byte{1, 2, 11, 1, 21, 1}, uint8(1), uint8(0), int64(0), uint8(0), 51.5145, -0.1310)
	f.Add([]byte{5, 3, 2, 99, 4, 1}, uint8(2), uint8(1), int64(150), uint8(10), 51.7520, -1.2577)
	f.Add([]byte{1, 1, 12, 20, 22, 20, 23, 1}, uint8(1), uint8(3), int64(-1), uint8(60), 0.0, 0.0)
	f.Fuzz(func(t *testing.T, basket []byte, orderType, discount uint8, tip int64, tipPercent uint8, lat, lng float64) {
		in := pricing.Input{Venue: venue(), Menu: menu(), OrderType: int(orderType%3) + 1, Currency: "GBP",
			Lines: lines(basket), Tip: tip, Delivery: &pricing.Point{Lat: lat, Lng: lng}, StampThreshold: 1000}
		if tipPercent%2 == 1 {
			p := int(tipPercent) - 10
			in.TipPercent = &p
		}
		switch discount % 4 {
		case 1:
			in.Discount = &pricing.Discount{Source: pricing.SourcePromo, Kind: pricing.Percent, PercentBP: int(discount) * 40}
		case 2:
			in.Discount = &pricing.Discount{Source: pricing.SourcePromo, Kind: pricing.Fixed, Amount: int64(discount) * 10,
				MinSpend: 500}
		case 3:
			in.Discount = &pricing.Discount{Source: pricing.SourceReward, Kind: pricing.FreeItem}
		}
		q := pricing.Price(in)
		var sum int64
		for _, l := range q.Lines {
			if l.Total != int64(l.Qty)*l.UnitPrice || l.UnitPrice < 0 {
				t.Fatalf("line %+v: total is not qty × unit price", l)
			}
			if l.Problem == nil {
				sum += l.Total
			}
		}
		for name, v := range map[string]int64{"subtotal": q.Subtotal, "discount": q.Discount, "service": q.ServiceCharge,
			"fee": q.DeliveryFee, "tip": q.Tip, "total": q.Total, "tax": q.Tax, "stamps": q.StampsEarned} {
			if v < 0 {
				t.Fatalf("%s is negative: %+v", name, q)
			}
		}
		if q.Subtotal != sum || q.Discount > q.Subtotal || q.Tax > q.Total ||
			q.Total != q.Subtotal-q.Discount+q.ServiceCharge+q.DeliveryFee+q.Tip {
			t.Fatalf("the breakdown does not add up: %+v", q)
		}
		if q.Refusal() == nil && len(q.Lines) == 0 {
			t.Fatalf("an empty basket can be ordered: %+v", q)
		}
		if in.OrderType != catalog.OrderTypeDelivery && q.DeliveryFee != 0 {
			t.Fatalf("a delivery fee on a %d order: %+v", in.OrderType, q)
		}
	})
}

// lines reads a basket from bytes: item, quantity, then a count of
// modifiers each as (id, quantity); ids range a little past the menu's, so
// unknown ones come up too.
func lines(b []byte) []pricing.LineInput {
	var out []pricing.LineInput
	for len(b) >= 3 && len(out) < 50 {
		l := pricing.LineInput{ItemID: int64(b[0] % 7), Qty: int(b[1])%99 + 1}
		n := int(b[2] % 4)
		b = b[3:]
		for ; n > 0 && len(b) >= 2; n-- {
			l.Modifiers = append(l.Modifiers, pricing.ModifierInput{ID: int64(b[0]%15) + 10, Qty: int(b[1])%20 + 1})
			b = b[2:]
		}
		out = append(out, l)
	}
	return out
}
