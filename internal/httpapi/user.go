package httpapi

import (
	"context"
	"time"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/loyalty"
)

// userJSON is the user of user/info and of the calls that sign in.
type userJSON struct {
	ID            int64      `json:"id"`
	Email         string     `json:"email"`
	FirstName     string     `json:"first_name"`
	LastName      string     `json:"last_name"`
	ContactNumber string     `json:"contact_number"`
	IsGuest       bool       `json:"is_guest"`
	BusinessSlug  string     `json:"business_slug"`
	Roles         []string   `json:"roles"`
	Stamps        stampsJSON `json:"stamps"`
	Rewards       []any      `json:"rewards"`
}

type stampsJSON struct {
	Balance   int `json:"balance"`
	PerReward int `json:"per_reward"`
}

// toUserJSON shapes a user for the scheme its token is bound to. Stamps and
// rewards arrive with loyalty; until then the balance is 0.
func toUserJSON(u *account.User, sc *catalog.Scheme, roles []string) userJSON {
	if roles == nil {
		roles = []string{}
	}
	return userJSON{
		ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		ContactNumber: u.ContactNumber, IsGuest: u.IsGuest, BusinessSlug: sc.Slug, Roles: roles,
		Stamps: stampsJSON{PerReward: sc.Loyalty.StampsPerReward}, Rewards: []any{},
	}
}

// userInfo answers user/info: who the token belongs to, at its scheme (a
// business_slug the call names must be it; the route table checks that).
func (s *Server) userInfo(r *request, c *Caller) (*reply, error) {
	u, err := s.accounts.UserByID(r.Context(), c.UserID)
	if err != nil {
		return nil, err
	}
	sc, err := s.cat.SchemeBySlug(r.Context(), c.SchemeSlug)
	if err != nil {
		return nil, err
	}
	out := toUserJSON(u, sc, c.Roles)
	if s.loyalty != nil {
		l, err := s.loyalty.LoyaltyOf(r.Context(), c.SchemeID, c.UserID)
		if err != nil {
			return nil, err
		}
		out.Stamps.Balance = int(l.Balance)
		for _, rw := range l.Rewards {
			out.Rewards = append(out.Rewards, rewardJSON{ID: rw.ID, Title: rw.Title, Kind: "loyalty",
				UnlockedAt: rw.CreatedAt.UTC().Format(time.RFC3339)})
		}
	}
	return &reply{Data: out}, nil
}

// Loyalty is what user/info needs of the loyalty store (store.DB).
type Loyalty interface {
	LoyaltyOf(ctx context.Context, schemeID, userID int64) (*loyalty.Card, error)
}

// rewardJSON is an unlocked loyalty reward in user/info.
type rewardJSON struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	Kind       string `json:"kind"`
	UnlockedAt string `json:"unlocked_at"`
}
