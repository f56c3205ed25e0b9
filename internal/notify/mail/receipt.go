package mail

import (
	"strconv"
	"strings"

	"platter/internal/pricing"
)

func money(currency string, n int64) string { return pricing.FormatMoney(currency, n) }

type texts func(key string, extra ...string) string

// promise is the accepted mail's sentence of when: the pre-order's slot
// (accepting confirms it), or the time the venue promised; none when there
// is no time to say.
func promise(kind, lang string, o *Order, d draft, t texts) string {
	if kind != KindOrderAccepted {
		return ""
	}
	way := "pickup"
	if o.Delivery {
		way = "delivery"
	}
	switch {
	case !o.Slot.IsZero():
		return t("mail.promise.slot_"+way, "time", When(lang, o.Slot, d.now, o.Zone))
	case !o.Expected.IsZero():
		return t("mail.promise.asap_"+way, "time", When(lang, o.Expected, d.now, o.Zone))
	}
	return ""
}

// facts are the order's particulars every order mail lists: its number
// as the app shows it, its date, the venue, how and when, where, and the
// card (on the receipt and where money goes back).
func facts(kind, lang string, o *Order, d draft, t texts) []fact {
	out := []fact{
		{t("mail.fact.order"), t("mail.order_number")},
		{t("mail.fact.date"), DateTime(lang, o.Placed, o.Zone)},
		{t("mail.fact.venue"), o.Venue},
	}
	way := "pickup"
	if o.Delivery {
		way = "delivery"
	}
	out = append(out, fact{t("mail.fact.type"), t("mail.type." + way)})
	ended := kind == KindOrderRejected || kind == KindOrderCancelled || kind == KindOrderWithdrawn ||
		kind == KindOrderCollected || kind == KindOrderDelivered || kind == KindOrderRefunded ||
		kind == KindSupportReply
	if !ended {
		when := t("mail.time.asap")
		switch {
		case !o.Slot.IsZero():
			when = t("mail.time.slot", "time", When(lang, o.Slot, d.now, o.Zone))
		case !o.Expected.IsZero():
			when = t("mail.time.expected", "time", When(lang, o.Expected, d.now, o.Zone))
		}
		out = append(out, fact{t("mail.fact.time_" + way), when})
	}
	if o.Delivery && o.DeliveryAddress != "" {
		out = append(out, fact{t("mail.fact.deliver_to"), o.DeliveryAddress})
	} else if o.VenueAddress != "" {
		out = append(out, fact{t("mail.fact.collect_from"), o.VenueAddress})
	}
	if kind == KindSupportReply && o.SupportStatus != "" {
		out = append(out, fact{t("mail.fact.request"), t("mail.support_status." + o.SupportStatus)})
	}
	if o.CardLast4 != "" {
		switch kind {
		case KindOrderReceived:
			out = append(out, fact{t("mail.fact.paid_with"), card(o)})
		case KindOrderRejected, KindOrderCancelled, KindOrderWithdrawn, KindOrderRefunded:
			if refundedAlready(kind, o) {
				out = append(out, fact{t("mail.fact.refunded_to"), money(o.Currency, o.Refunded) + " → " + card(o)})
			} else {
				out = append(out, fact{t("mail.fact.refund_to"), money(o.Currency, refundOf(o)) + " → " + card(o)})
			}
		}
	}
	return out
}

// receipt fills the lines and totals of the receipt: modifiers under their
// line, unit and line prices in columns, the total emphasised and the VAT
// it contains, as the checkout shows them.
func receipt(v *view, o *Order, t texts) {
	m := func(n int64) string { return money(o.Currency, n) }
	v.ReceiptHead = []string{t("mail.receipt.qty"), t("mail.receipt.item"), t("mail.receipt.price"),
		t("mail.receipt.amount")}
	for _, l := range o.Lines {
		vl := viewLine{Qty: strconv.Itoa(l.Qty) + " ×", Title: l.Title, Unit: m(l.UnitPrice), Total: m(l.Total),
			UnitNote: t("mail.receipt.each", "price", m(l.UnitPrice))}
		for _, md := range l.Modifiers {
			name := md.Name
			if md.Qty > 1 {
				name = strconv.Itoa(md.Qty) + " × " + name
			}
			if md.Price != 0 {
				name += " (+" + m(md.Price*int64(max(md.Qty, 1))) + ")"
			}
			vl.Mods = append(vl.Mods, "+ "+name)
		}
		v.Lines = append(v.Lines, vl)
	}
	v.Totals = append(v.Totals, total{Label: t("mail.receipt.subtotal"), Amount: m(o.Subtotal)})
	for _, r := range []struct {
		key string
		n   int64
	}{{"discount", -o.Discount}, {"service_charge", o.ServiceCharge}, {"delivery_fee", o.DeliveryFee},
		{"tip", o.Tip}} {
		if r.n != 0 {
			v.Totals = append(v.Totals, total{Label: t("mail.receipt." + r.key), Amount: m(r.n)})
		}
	}
	v.Totals = append(v.Totals, total{Label: t("mail.receipt.total"), Amount: m(o.Total), Strong: true})
	if o.Tax > 0 {
		v.Notes = append(v.Notes, t("mail.receipt.vat", "amount", m(o.Tax)))
	}
}

// refundOf is what goes back to the card: the refund's amount, else all.
func refundOf(o *Order) int64 {
	if o.Refund > 0 {
		return o.Refund
	}
	return o.Total
}

// card names the payment's card: "Visa •••• 4242".
func card(o *Order) string {
	names := map[string]string{"visa": "Visa", "mastercard": "Mastercard", "amex": "American Express",
		"discover": "Discover", "diners": "Diners Club", "jcb": "JCB", "unionpay": "UnionPay", "maestro": "Maestro"}
	b := strings.ToLower(o.CardBrand)
	name, ok := names[b]
	if !ok && b != "" {
		name = strings.ToUpper(b[:1]) + b[1:]
	}
	return strings.TrimSpace(name + " •••• " + o.CardLast4)
}
