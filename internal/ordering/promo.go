package ordering

import (
	"strings"
	"time"

	"platter/internal/platter"
	"platter/internal/pricing"
)

// Offer button kinds (docs/product.md §3).
const (
	AutoApply = 0
	Claim     = 1
)

// Promo is a promo code of a scheme. Uses counts reserved and spent uses.
type Promo struct {
	ID             int64
	Code           string
	Kind           string // pricing.Percent or pricing.Fixed
	PercentBP      int
	Amount         int64
	MinSpend       int64
	ValidFrom      time.Time // zero: no bound
	ValidUntil     time.Time
	MaxUses        int // 0: unlimited
	MaxPerCustomer int
	Uses           int
}

// NormaliseCode is how promo codes are compared: trimmed, upper case.
func NormaliseCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// Check refuses a code outside its dates, used up, or whose customer has
// spent their own uses (customerUses: reserved and spent by this customer).
// The minimum spend is pricing's (it needs the subtotal).
func (p *Promo) Check(now time.Time, customerUses int) *platter.Error {
	switch {
	case !within(now, p.ValidFrom, p.ValidUntil):
		return &platter.Error{Code: platter.CodePromoExpired, Message: "promo.expired"}
	case p.MaxUses > 0 && p.Uses >= p.MaxUses:
		return &platter.Error{Code: platter.CodePromoUsedUp, Message: "promo.used_up"}
	case p.MaxPerCustomer > 0 && customerUses >= p.MaxPerCustomer:
		return &platter.Error{Code: platter.CodePromoAlreadyUsed, Message: "promo.already_used"}
	}
	return nil
}

// Discount is the code as pricing applies it.
func (p *Promo) Discount() *pricing.Discount {
	return &pricing.Discount{Source: pricing.SourcePromo, Kind: p.Kind, PercentBP: p.PercentBP,
		Amount: p.Amount, MinSpend: p.MinSpend}
}

// Offer is an offer card with the reward it gives (reward_id = ID).
type Offer struct {
	ID             int64
	Ref            string
	Title          string
	Color          string
	ImageURL       string
	ButtonText     string
	ButtonKind     int // AutoApply or Claim
	RewardKind     string
	PercentBP      int
	Amount         int64
	MinSpend       int64
	ValidFrom      time.Time
	ValidUntil     time.Time
	MaxPerCustomer int
}

// Available reports whether the customer may use the reward now.
func (o *Offer) Available(now time.Time, customerUses int) bool {
	return within(now, o.ValidFrom, o.ValidUntil) && (o.MaxPerCustomer == 0 || customerUses < o.MaxPerCustomer)
}

// Discount is the reward as pricing applies it.
func (o *Offer) Discount() *pricing.Discount {
	return &pricing.Discount{Source: pricing.SourceReward, Kind: o.RewardKind, PercentBP: o.PercentBP,
		Amount: o.Amount, MinSpend: o.MinSpend}
}

// ErrRewardUnavailable is the refusal of a reward that is unknown,
// outside its dates or already used by the customer.
func ErrRewardUnavailable() *platter.Error {
	return &platter.Error{Code: platter.CodeRewardUnavailable, Message: "reward.unavailable"}
}

func within(now, from, until time.Time) bool {
	return (from.IsZero() || !now.Before(from)) && (until.IsZero() || now.Before(until))
}
