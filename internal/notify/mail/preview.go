package mail

import "time"

// Preview is one mail written for a look before it is sent for real
// (`platter mail-preview`): its kind, language and message.
type Preview struct {
	Kind, Lang string
	Variant    string // "asap" or "preorder" for order mails; "" for the others
	Message    Message
}

// SampleVenue is the venue a preview's order comes from.
type SampleVenue struct {
	Slug, Name, Address string
	Zone                *time.Location
	Currency            string
}

// Previews writes every mail kind of brand b in lang, for a sample order
// at venue v placed a few minutes before now: an ASAP pickup and a
// delivery pre-order for tomorrow's 12:00 slot.
func (c Composer) Previews(b Brand, lang string, v SampleVenue, now time.Time) ([]Preview, error) {
	var out []Preview
	for _, kind := range []string{KindVerifyCode, KindResetCode, KindAlreadyRegistered} {
		code := "042917"
		if kind == KindAlreadyRegistered {
			code = ""
		}
		m, err := c.Compose(kind, lang, b, "anna@example.com", code, map[string]string{"count": "15"})
		if err != nil {
			return nil, err
		}
		out = append(out, Preview{Kind: kind, Lang: lang, Message: m})
	}
	m, err := c.ComposeInvitation(lang, b, map[string]string{"role": "staff", "venue": v.Name, "count": "7"}, "sample-token")
	if err != nil {
		return nil, err
	}
	out = append(out, Preview{Kind: KindStaffInvitation, Lang: lang, Message: m})
	for _, variant := range []string{"asap", "preorder"} {
		for _, kind := range OrderKinds {
			// A venue marks only a pickup order ready or collected and
			// only a delivery on the way or delivered: those mails show
			// the order type they are sent for; the others the variant's.
			delivery := variant == "preorder"
			switch kind {
			case KindOrderReady, KindOrderCollected:
				delivery = false
			case KindOrderOnTheWay, KindOrderDelivered:
				delivery = true
			}
			o := sampleOrder(v, now, variant == "preorder", delivery)
			m, err := c.ComposeOrder(kind, lang, b, o, now)
			if err != nil {
				return nil, err
			}
			out = append(out, Preview{Kind: kind, Lang: lang, Variant: variant, Message: m})
		}
	}
	return out, nil
}

func sampleOrder(v SampleVenue, now time.Time, preorder, delivery bool) *Order {
	zone := v.Zone
	if zone == nil {
		zone = time.UTC
	}
	o := &Order{ID: 1, Number: 9, VenueSlug: v.Slug, Venue: v.Name, VenueAddress: v.Address,
		Placed: now.Add(-3 * time.Minute), Zone: zone, Currency: v.Currency,
		Lines: []Line{
			{Title: "Classic Cheeseburger", Qty: 2, UnitPrice: 1349, Total: 2698, Modifiers: []Modifier{
				{Name: "Double beef", Qty: 1, Price: 300}, {Name: "Smoked bacon", Qty: 1, Price: 150}}},
			{Title: "Loaded Sweet Potato Fries with Chipotle Mayo", Qty: 1, UnitPrice: 599, Total: 599},
			{Title: "Cola", Qty: 3, UnitPrice: 250, Total: 750},
		},
		Subtotal: 4047, Discount: 405, ServiceCharge: 364, Tip: 400, CardBrand: "visa", CardLast4: "4242",
		Reason: "We have run out of buns for today, sorry"}
	if delivery {
		o.Delivery, o.DeliveryAddress = true, "Flat 4, 5 Long Example Street, AB1 2CD Exampleton"
		o.DeliveryFee = 250
	}
	if preorder {
		y, m, d := now.In(zone).Date()
		o.Slot = time.Date(y, m, d+1, 12, 0, 0, 0, zone)
		o.Expected = o.Slot
	} else {
		o.Expected = now.Add(24 * time.Minute)
	}
	o.Total = o.Subtotal - o.Discount + o.ServiceCharge + o.DeliveryFee + o.Tip
	o.Tax = o.Total / 6
	return o
}
