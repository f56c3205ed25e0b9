package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/address"
	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/pricing"
)

// Limits of a checkout body: a basket of 100 lines of up to 99 each, with
// up to 50 modifiers a line, is more than any real order.
const (
	maxLines        = 100
	maxLineQty      = 99
	maxModifiers    = 50
	maxModifierQty  = 20
	minIdemKeyRunes = 8
)

// modifierInput is one chosen modifier; qty defaults to 1.
type modifierInput struct {
	ModifierItemID int64 `json:"modifier_item_id"`
	Qty            *int  `json:"qty"`
}

type itemInput struct {
	ItemID    int64           `json:"item_id"`
	Qty       int             `json:"qty"`
	Modifiers []modifierInput `json:"modifiers"`
}

// deliveryAddressInput is the delivery address of docs/product.md §3.
type deliveryAddressInput struct {
	Name          string   `json:"name"`
	Line1         string   `json:"line1"`
	Line2         string   `json:"line2"`
	City          string   `json:"city"`
	Country       string   `json:"country"`
	Postcode      string   `json:"postcode"`
	ContactNumber string   `json:"contact_number"`
	Email         string   `json:"email"`
	Note          string   `json:"note" text:"multiline"`
	Latitude      *float64 `json:"latitude"`
	Longitude     *float64 `json:"longitude"`
}

// checkoutInput is the body of orders/prepare (docs/architecture.md §4); orders/quote
// takes the same without idempotency_key. reward_id: absent applies the
// best AUTO_APPLY offer by itself, -1 (or 0) means none, an id that reward.
// loyalty_reward_id: one of the customer's unlocked loyalty rewards
// (user/info rewards; -1, 0 or absent: none); with it no offer applies, and
// naming an offer's reward_id as well is refused (one reward per order).
type checkoutInput struct {
	BusinessSlug      string                `json:"business_slug"`
	VenueSlug         string                `json:"venue_slug"`
	IdempotencyKey    string                `json:"idempotency_key" text:"max=100"`
	OrderType         *int                  `json:"order_type"`
	IsASAP            *bool                 `json:"is_asap"`
	PreorderFor       string                `json:"preorder_for" text:"max=40"`
	Items             []itemInput           `json:"items"`
	DeliveryAddress   *deliveryAddressInput `json:"delivery_address"`
	OrderNote         string                `json:"order_note" text:"multiline,max=500"`
	Promocode         string                `json:"promocode" text:"max=40"`
	Tip               int64                 `json:"tip"`
	TipPercent        *int                  `json:"tip_percent"`
	RewardID          *int64                `json:"reward_id"`
	LoyaltyRewardID   *int64                `json:"loyalty_reward_id"`
	UserEmail         string                `json:"user_email" text:"max=254"`
	UserContactNumber string                `json:"user_contact_number" text:"max=40"`
	FirstName         string                `json:"first_name" text:"max=100"`
	LastName          string                `json:"last_name" text:"max=100"`
}

// hash identifies a prepare body for idempotency: the canonical JSON of
// what was decoded, key left out.
func (in checkoutInput) hash() string {
	in.IdempotencyKey = ""
	b, _ := json.Marshal(in)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// asap is is_asap with its default (docs/product.md §3: true).
func (in *checkoutInput) asap() bool { return in.IsASAP == nil || *in.IsASAP }

// lines turns the items into pricing's input.
func (in *checkoutInput) lines() []pricing.LineInput {
	out := make([]pricing.LineInput, 0, len(in.Items))
	for _, it := range in.Items {
		l := pricing.LineInput{ItemID: it.ItemID, Qty: it.Qty}
		for _, m := range it.Modifiers {
			qty := 1
			if m.Qty != nil {
				qty = *m.Qty
			}
			l.Modifiers = append(l.Modifiers, pricing.ModifierInput{ID: m.ModifierItemID, Qty: qty})
		}
		out = append(out, l)
	}
	return out
}

// validate checks the shape of a checkout body (1000 with every field at
// once). prepare also needs what makes an order: a key, an e-mail address,
// and for delivery a whole address.
func (in *checkoutInput) validate(prepare bool) (*address.Address, *time.Time, error) {
	bad := map[string]string{}
	requireString(bad, "business_slug", in.BusinessSlug)
	requireString(bad, "venue_slug", in.VenueSlug)
	switch {
	case in.OrderType == nil:
		bad["order_type"] = "validation.required"
	case *in.OrderType != catalog.OrderTypeDelivery && *in.OrderType != catalog.OrderTypePickup:
		bad["order_type"] = "validation.order_type"
	}
	if in.RewardID != nil && *in.RewardID > 0 && in.LoyaltyRewardID != nil && *in.LoyaltyRewardID > 0 {
		bad["loyalty_reward_id"] = "reward.one_only"
	}
	if len(in.Items) > maxLines {
		bad["items"] = "validation.too_long"
	}
	for i, it := range in.Items {
		path := "items[" + itoa(i) + "]"
		if it.ItemID <= 0 {
			bad[path+".item_id"] = "validation.required"
		}
		if it.Qty < 1 || it.Qty > maxLineQty {
			bad[path+".qty"] = "validation.out_of_range"
		}
		if len(it.Modifiers) > maxModifiers {
			bad[path+".modifiers"] = "validation.too_long"
		}
		for j, m := range it.Modifiers {
			mp := path + ".modifiers[" + itoa(j) + "]"
			if m.ModifierItemID <= 0 {
				bad[mp+".modifier_item_id"] = "validation.required"
			}
			if m.Qty != nil && (*m.Qty < 1 || *m.Qty > maxModifierQty) {
				bad[mp+".qty"] = "validation.out_of_range"
			}
		}
	}
	var preorder *time.Time
	if !in.asap() {
		t, err := time.Parse(time.RFC3339, strings.TrimSpace(in.PreorderFor))
		if err != nil {
			bad["preorder_for"] = "order.preorder_format"
		} else {
			preorder = &t
		}
	}
	// A quote prices whatever address the page has so far (its pin, if
	// any, for the delivery area); prepare needs a whole one.
	var addr *address.Address
	if prepare && in.OrderType != nil && *in.OrderType == catalog.OrderTypeDelivery && in.DeliveryAddress != nil {
		a, problems := cleanDelivery(in.DeliveryAddress)
		for f, key := range problems {
			bad["delivery_address."+f] = key
		}
		addr = &a
	}
	if prepare {
		if k := len([]rune(strings.TrimSpace(in.IdempotencyKey))); k < minIdemKeyRunes {
			bad["idempotency_key"] = "order.idempotency_key"
		}
		if in.OrderType != nil && *in.OrderType == catalog.OrderTypeDelivery && in.DeliveryAddress == nil {
			bad["delivery_address"] = "order.address_required"
		}
		switch account.EmailProblem(in.UserEmail) {
		case "validation.email_required":
			bad["user_email"] = "order.email_required"
		case "validation.email_invalid":
			bad["user_email"] = "validation.email_invalid"
		}
	}
	if len(bad) > 0 {
		return nil, nil, platter.Invalid(bad)
	}
	return addr, preorder, nil
}

// point is the delivery address's pin, when it has one.
func (in *checkoutInput) point() *pricing.Point {
	d := in.DeliveryAddress
	if d == nil || d.Latitude == nil || d.Longitude == nil {
		return nil
	}
	return &pricing.Point{Lat: *d.Latitude, Lng: *d.Longitude}
}

// cleanDelivery checks a delivery address with address/upsert's rules.
func cleanDelivery(d *deliveryAddressInput) (address.Address, map[string]string) {
	return address.Clean(address.Input{Name: d.Name, Line1: d.Line1, Line2: d.Line2, City: d.City,
		Postcode: d.Postcode, Country: d.Country, ContactNumber: d.ContactNumber, Email: d.Email, Note: d.Note,
		Latitude: d.Latitude, Longitude: d.Longitude})
}

func toOrderAddress(a *address.Address) *ordering.Address {
	if a == nil {
		return nil
	}
	return &ordering.Address{Name: a.Name, Line1: a.Line1, Line2: a.Line2, City: a.City, Postcode: a.Postcode,
		Country: a.Country, ContactNumber: a.ContactNumber, Email: a.Email, Note: a.Note,
		Latitude: a.Lat, Longitude: a.Lng}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
