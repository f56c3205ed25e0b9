package pricing

import (
	"strconv"
	"strings"
)

// moneyFormat is how a currency is written (docs/product.md §3, "Currency formats").
type moneyFormat struct {
	sign      string
	before    bool
	thousands string
	decimal   string
}

var formats = map[string]moneyFormat{
	"GBP": {"£", true, ",", "."},
	"EUR": {"€", false, ".", ","},
	"USD": {"$", true, ",", "."},
	"PLN": {"zł", false, " ", ","},
}

// FormatMoney writes an amount of minor units the way the storefront does:
// "£1,234.50", "1 234,50 zł", "12,00 €". An unknown currency is written as
// GBP, like the storefront's fallback.
func FormatMoney(currency string, minor int64) string {
	f, ok := formats[currency]
	if !ok {
		f = formats["GBP"]
	}
	neg := minor < 0
	if neg {
		minor = -minor
	}
	whole := strconv.FormatInt(minor/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(f.thousands)
		}
		b.WriteRune(r)
	}
	cents := strconv.FormatInt(minor%100, 10)
	if len(cents) == 1 {
		cents = "0" + cents
	}
	n := b.String() + f.decimal + cents
	if f.before {
		n = f.sign + n
	} else {
		n += " " + f.sign
	}
	if neg {
		return "-" + n
	}
	return n
}
