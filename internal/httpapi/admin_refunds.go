package httpapi

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"platter/internal/ordering"
	"platter/internal/phone"
	"platter/internal/platter"
)

// OrderSearch is what admin/orders/search needs of the store (the
// tracking store implements it).
type OrderSearch interface {
	SearchOrders(ctx context.Context, f ordering.SearchFilter) ([]ordering.Detail, int, error)
}

// maxRefund bounds one refund's amount (minor units): far above any
// order, far below what an int64 holds.
const maxRefund = 100_000_000

// orderNumber is a query that names an order by its number ("42", "#42").
var orderNumber = regexp.MustCompile(`^#?\s*([0-9]{1,9})$`)

// adminOrderSearch answers admin/orders/search (docs/architecture.md §10): the paid
// (or since refunded) orders of the caller's venues (a manager's: the
// scheme's) whose number, e-mail address, phone number or name matches
// query (an address or a name by its beginning, case-insensitively; a
// phone number as the scheme's country writes it, or with its country
// code), of a status and created within [from, to); newest first, 20 a
// page, meta total. Each is the board's order with its refunds.
func (s *Server) adminOrderSearch(r *request, c *Caller) (*reply, error) {
	search, ok := s.tracking.(OrderSearch)
	if !ok {
		return nil, platter.Internal(errors.New("httpapi: the tracking store serves no search"))
	}
	var in struct {
		Query  string          `json:"query" text:"max=200"`
		Status ordering.Status `json:"status"`
		From   string          `json:"from" text:"max=40"`
		To     string          `json:"to" text:"max=40"`
		Page   int             `json:"page"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	f := ordering.SearchFilter{SchemeID: c.SchemeID, Status: in.Status, Page: max(in.Page, 1), PerPage: perPage}
	f.Reach, _ = staffReach(c)
	bad := map[string]string{}
	if in.Status != "" && !ordering.Known(in.Status) {
		bad["status"] = "order.status_unknown"
	}
	if f.From, ok = auditTime(in.From, false); !ok {
		bad["from"] = "validation.type"
	}
	if f.To, ok = auditTime(in.To, true); !ok {
		bad["to"] = "validation.type"
	}
	if in.Page < 0 || in.Page > 100000 {
		bad["page"] = "validation.out_of_range"
	}
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	if q := strings.Join(strings.Fields(in.Query), " "); q != "" {
		sc, _, err := s.schemeVenues(r.Context(), c.SchemeSlug)
		if err != nil {
			return nil, err
		}
		readQuery(&f, q, sc.Country)
	}
	list, total, err := search.SearchOrders(r.Context(), f)
	if err != nil {
		return nil, err
	}
	out := make([]adminOrderJSON, 0, len(list))
	for i := range list {
		out = append(out, toAdminOrderJSON(&list[i]))
	}
	return &reply{Data: out, Meta: map[string]any{"total": total, "page": f.Page, "per_page": perPage}}, nil
}

// readQuery sets what a search query may be: an order number, a phone
// number, the beginning of an e-mail address or of a name.
func readQuery(f *ordering.SearchFilter, q, country string) {
	if m := orderNumber.FindStringSubmatch(q); m != nil {
		f.Number, _ = strconv.ParseInt(m[1], 10, 64)
	}
	if e164, ok := phone.InRegion(q, country); ok {
		f.Phone = e164
	}
	lower := strings.ToLower(q)
	if !strings.Contains(q, " ") && f.Number == 0 {
		f.EmailPrefix = lower
	}
	if strings.IndexFunc(q, unicode.IsLetter) >= 0 {
		f.NamePrefix = lower
	}
}

// adminOrderJSON is an order as the back office's Orders page shows it:
// the board's order, with its refunds, what was paid and what is left.
type adminOrderJSON struct {
	boardOrderJSON
	Paid       int64        `json:"paid"`
	Refunded   int64        `json:"refunded"`
	Refundable int64        `json:"refundable"`
	Refunds    []refundJSON `json:"refunds"`
}

type refundJSON struct {
	ID        int64      `json:"id"`
	Kind      string     `json:"kind"` // "order" (a rejection or cancellation), "staff"
	Amount    int64      `json:"amount"`
	Status    string     `json:"status"` // pending, done
	Reason    string     `json:"reason"`
	By        string     `json:"by"` // the staff member's e-mail address ("" for the lifecycle's)
	CreatedAt time.Time  `json:"created_at"`
	DoneAt    *time.Time `json:"done_at"`
}

func toAdminOrderJSON(d *ordering.Detail) adminOrderJSON {
	m := d.Refunds
	out := adminOrderJSON{boardOrderJSON: toBoardOrdersJSON([]ordering.Detail{*d})[0], Paid: m.Paid,
		Refunded: m.Refunded, Refundable: m.Left, Refunds: make([]refundJSON, 0, len(m.List))}
	for _, x := range m.List {
		out.Refunds = append(out.Refunds, refundJSON{ID: x.ID, Kind: x.Kind, Amount: x.Amount, Status: x.Status,
			Reason: x.Reason, By: x.Actor, CreatedAt: x.CreatedAt, DoneAt: x.DoneAt})
	}
	return out
}

// adminOrderRefund answers admin/orders/refund (docs/architecture.md §10): staff of the
// order's venue (or a manager) give back amount (minor units, at most what
// is left) of its payment, with a reason the customer is e-mailed. The
// provider is asked at once with the refund's own idempotency key, and
// again by the refund job until it answers; idempotency_key (optional, as
// orders/prepare's) names the request, so a retry or a second click is
// the same refund. An order still waiting to be accepted is refused
// (rejecting it refunds it in full). status: "done" once the provider made
// it, else "pending".
func (s *Server) adminOrderRefund(r *request, c *Caller) (*reply, error) {
	var in struct {
		OrderID        int64  `json:"order_id"`
		Amount         int64  `json:"amount"`
		Reason         string `json:"reason" text:"max=500"`
		IdempotencyKey string `json:"idempotency_key" text:"max=100"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	bad := map[string]string{}
	if in.OrderID <= 0 {
		bad["order_id"] = "order.id_required"
	}
	if in.Amount <= 0 || in.Amount > maxRefund {
		bad["amount"] = "order.refund_amount"
	}
	if in.Reason == "" {
		bad["reason"] = "order.refund_reason"
	}
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	reach, actor := staffReach(c)
	rec, err := s.ordering.RefundOrder(r.Context(), ordering.StaffRefund{Reach: reach, SchemeID: c.SchemeID,
		OrderID: in.OrderID, Amount: in.Amount, Reason: in.Reason, Key: strings.TrimSpace(in.IdempotencyKey),
		ActorUserID: c.UserID, ActorEmail: c.Email, Actor: actor + ":" + idText(c.UserID)})
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"refund_id": rec.ID, "amount": rec.Amount, "status": rec.Status}}, nil
}
