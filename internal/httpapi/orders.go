package httpapi

import (
	"context"
	"strings"

	"platter/internal/account"
	"platter/internal/address"
	"platter/internal/catalog"
	"platter/internal/ordering"
	"platter/internal/platter"
)

// Orders is what the offer calls need of the store (offers/list,
// offers/claim); checkout is the order path's (ordering.Service).
type Orders interface {
	VenueBySlug(ctx context.Context, schemeID int64, slug string) (*catalog.Venue, error)
	Offers(ctx context.Context, schemeID int64) ([]ordering.Offer, error)
	CustomerUses(ctx context.Context, promoID, offerID, userID int64, emailNorm string) (int, error)
}

// basket decodes and checks a checkout body for the caller and turns it
// into the order path's basket.
func basket(r *request, c *Caller, prepare bool) (*checkoutInput, ordering.Basket, *address.Address, error) {
	var in checkoutInput
	if err := decode(r.Data, &in); err != nil {
		return nil, ordering.Basket{}, nil, err
	}
	addr, preorder, err := in.validate(prepare)
	if err != nil {
		return nil, ordering.Basket{}, nil, err
	}
	return &in, ordering.Basket{SchemeSlug: c.SchemeSlug, SchemeID: c.SchemeID, UserID: c.UserID,
		EmailNorm: emailNorm(&in, c), VenueSlug: in.VenueSlug, OrderType: *in.OrderType, ASAP: in.asap(),
		PreorderFor: preorder, Lines: in.lines(), Delivery: in.point(), Tip: in.Tip, TipPercent: in.TipPercent,
		Promocode: in.Promocode, RewardID: in.RewardID, LoyaltyRewardID: in.LoyaltyRewardID}, addr, nil
}

// emailNorm is who "once per customer" counts: the address typed at
// checkout, else the account's.
func emailNorm(in *checkoutInput, c *Caller) string {
	e := strings.TrimSpace(in.UserEmail)
	if e == "" {
		e = c.Email
	}
	return account.NormalizeEmail(e)
}

// orderQuote answers orders/quote: the prices of the basket and every
// reason it cannot be ordered yet, per line and for the order. Nothing is
// stored.
func (s *Server) orderQuote(r *request, c *Caller) (*reply, error) {
	_, b, _, err := basket(r, c, false)
	if err != nil {
		return nil, err
	}
	q, err := s.ordering.Quote(r.Context(), b)
	if err != nil {
		return nil, err
	}
	return &reply{Data: s.quoteJSON(q, r.Lang)}, nil
}

// orderPrepare answers orders/prepare (ordering.Service.Checkout): the
// order, stored with its lines, payment and reserved use in one
// transaction, or the first reason it cannot be. A retry with the same
// idempotency_key and body returns the same order.
func (s *Server) orderPrepare(r *request, c *Caller) (*reply, error) {
	in, b, addr, err := basket(r, c, true)
	if err != nil {
		return nil, err
	}
	o, q, err := s.ordering.Checkout(r.Context(), ordering.CheckoutRequest{Basket: b,
		Address: toOrderAddress(addr), Note: strings.TrimSpace(in.OrderNote), Email: strings.TrimSpace(in.UserEmail),
		ContactNumber: strings.TrimSpace(in.UserContactNumber), FirstName: strings.TrimSpace(in.FirstName),
		LastName: strings.TrimSpace(in.LastName), IdempotencyKey: strings.TrimSpace(in.IdempotencyKey),
		RequestHash: in.hash(), Lang: r.Lang, Client: s.clientKey(r)})
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{
		"order":   toOrderJSON(o, q.Venue.Slug),
		"payment": toPaymentJSON(o),
	}}, nil
}

func venueNotFound(err error) error {
	if platter.ErrorCode(err) == platter.CodeNotFound {
		return &platter.Error{Code: platter.CodeNotFound, Message: "error.venue_not_found"}
	}
	return err
}
