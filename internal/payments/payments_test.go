package payments_test

import (
	"context"
	"testing"
	"time"

	"platter/internal/payments"
)

var now = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

func TestCheckCard(t *testing.T) {
	for _, tc := range []struct {
		name string
		card payments.Card
		bad  []string
	}{
		{"good visa with spaces", payments.Card{Number: "4242 4242 4242 4242", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, nil},
		{"two-digit year", payments.Card{Number: "4242424242424242", ExpMonth: 3, ExpYear: 26, CVC: "123"}, nil},
		{"Luhn fails", payments.Card{Number: "4242 4242 4242 4241", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, []string{"card.number"}},
		{"letters", payments.Card{Number: "4242x4242 4242 4242", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, []string{"card.number"}},
		{"too short", payments.Card{Number: "42", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, []string{"card.number"}},
		{"expired last month", payments.Card{Number: "4242424242424242", ExpMonth: 2, ExpYear: 2026, CVC: "123"}, []string{"card.exp_month"}},
		{"bad month", payments.Card{Number: "4242424242424242", ExpMonth: 13, ExpYear: 2030, CVC: "123"}, []string{"card.exp_month"}},
		{"short CVC", payments.Card{Number: "4242424242424242", ExpMonth: 12, ExpYear: 2030, CVC: "12"}, []string{"card.cvc"}},
		{"amex wants 4 digits", payments.Card{Number: "378282246310005", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, []string{"card.cvc"}},
		{"amex with 4", payments.Card{Number: "378282246310005", ExpMonth: 12, ExpYear: 2030, CVC: "1234"}, nil},
	} {
		bad := payments.CheckCard(tc.card, now)
		if len(bad) != len(tc.bad) {
			t.Errorf("%s: %v, want %v", tc.name, bad, tc.bad)
			continue
		}
		for _, f := range tc.bad {
			if bad[f] == "" {
				t.Errorf("%s: %v, want %v", tc.name, bad, tc.bad)
			}
		}
	}
}

func TestSandboxCards(t *testing.T) {
	ctx := context.Background()
	sb := payments.Sandbox{}
	for num, want := range map[string]string{
		"4242 4242 4242 4242": payments.Succeeded, "4000 0000 0000 0002": payments.Declined,
		"4000 0000 0000 9995": payments.InsufficientFunds, "4000 0025 0000 3155": payments.RequiresAction,
		"5555 5555 5555 4444": payments.Succeeded,
	} {
		r, err := sb.Charge(ctx, payments.Charge{Ref: "p1", Amount: 100, Currency: "GBP", Card: payments.Card{Number: num}})
		if err != nil || r.Status != want {
			t.Errorf("%s: %+v %v, want %s", num, r, err, want)
		}
		if r.Last4 != num[len(num)-4:] {
			t.Errorf("%s: last4 %q", num, r.Last4)
		}
		if want == payments.RequiresAction {
			if ok, _ := sb.Authenticate(ctx, r.ChallengeID, true); ok.Status != payments.Succeeded {
				t.Errorf("completed challenge: %+v", ok)
			}
			if no, _ := sb.Authenticate(ctx, r.ChallengeID, false); no.Status != payments.AuthFailed {
				t.Errorf("failed challenge: %+v", no)
			}
		}
	}
}
