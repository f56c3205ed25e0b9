// Package payments takes card payments behind a Provider interface. The
// sandbox provider (the default) runs in process and answers like Stripe's
// test cards; a real provider is configuration. Callers must never call a
// provider inside a database transaction, and never keep a card number:
// only its brand and last four digits leave this package.
package payments

import (
	"context"
	"strings"
	"time"
)

// Statuses of a payment attempt.
const (
	Succeeded         = "succeeded"
	Declined          = "declined"
	InsufficientFunds = "insufficient_funds"
	RequiresAction    = "requires_action"       // the card asks for authentication (3-D Secure)
	AuthFailed        = "authentication_failed" // the authentication was failed or abandoned
)

// Card is what a customer typed. It lives for one request: nothing stores,
// logs or returns Number or CVC.
type Card struct {
	Number   string
	ExpMonth int
	ExpYear  int
	CVC      string
	Name     string
}

// Charge asks for an amount of minor units for one payment of an order.
// Ref is our payment's reference; it is also the provider's idempotency
// key, so a retried charge is the same charge.
type Charge struct {
	Ref      string
	Amount   int64
	Currency string
	Card     Card
}

// Result is what a provider answered.
type Result struct {
	Status      string // Succeeded, Declined, InsufficientFunds, RequiresAction, AuthFailed
	ChallengeID string // for RequiresAction: what the page completes or fails
	Brand       string // visa, mastercard, amex, discover, unknown
	Last4       string
}

// Provider is a payment provider.
type Provider interface {
	// Name is "sandbox" or "stripe".
	Name() string
}

// CardCharger is a provider that takes card details on our server (only
// the sandbox: a real provider takes them in the browser).
type CardCharger interface {
	Provider
	Charge(ctx context.Context, c Charge) (Result, error)
	// Authenticate ends a challenge: complete true passes it, false fails it.
	Authenticate(ctx context.Context, challengeID string, complete bool) (Result, error)
}

// CheckCard checks a card before any provider sees it: the number by
// length and Luhn, the expiry against now (a card is valid to the end of
// its expiry month, in UTC), the CVC by length (4 digits for American
// Express, 3 otherwise). It returns field → message key, empty when fine.
func CheckCard(c Card, now time.Time) map[string]string {
	bad := map[string]string{}
	num := Digits(c.Number)
	if len(num) < 12 || len(num) > 19 || !Luhn(num) {
		bad["card.number"] = "card.number_invalid"
	}
	y, m := c.ExpYear, c.ExpMonth
	if y >= 0 && y < 100 {
		y += 2000
	}
	switch {
	case m < 1 || m > 12 || y < 2000 || y > 2100:
		bad["card.exp_month"] = "card.expiry_invalid"
	case !time.Date(y, time.Month(m)+1, 1, 0, 0, 0, 0, time.UTC).After(now.UTC()):
		bad["card.exp_month"] = "card.expired"
	}
	want := 3
	if Brand(num) == "amex" {
		want = 4
	}
	if cvc := strings.TrimSpace(c.CVC); len(cvc) != want || Digits(cvc) != cvc {
		bad["card.cvc"] = "card.cvc_invalid"
	}
	return bad
}

// Digits keeps the digits of s (card numbers are typed with spaces).
func Digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else if r != ' ' && r != '-' {
			return "" // anything else makes it no number at all
		}
	}
	return b.String()
}

// Luhn reports whether a string of digits passes the Luhn check.
func Luhn(num string) bool {
	sum, double := 0, false
	for i := len(num) - 1; i >= 0; i-- {
		d := int(num[i] - '0')
		if double {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return num != "" && sum%10 == 0
}

// Brand names a card's network from its number.
func Brand(num string) string {
	switch {
	case strings.HasPrefix(num, "4"):
		return "visa"
	case strings.HasPrefix(num, "34"), strings.HasPrefix(num, "37"):
		return "amex"
	case len(num) >= 2 && num[0] == '5' && num[1] >= '1' && num[1] <= '5',
		len(num) >= 4 && num[:4] >= "2221" && num[:4] <= "2720":
		return "mastercard"
	case strings.HasPrefix(num, "6011"), strings.HasPrefix(num, "65"):
		return "discover"
	}
	return "unknown"
}

// Last4 is the last four digits of a number.
func Last4(num string) string {
	if len(num) < 4 {
		return num
	}
	return num[len(num)-4:]
}
