package httpapi

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"platter/internal/account"
	"platter/internal/audit"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/printing"
)

// Kitchen printers (docs/architecture.md §11): a scheme's managers add a
// venue's printers (admin/printers/upsert, list, delete); the URL each
// gets holds its secret key and is pasted into the printer's settings.
// Staff of the venue see the printers' status on the board (list, without
// the URLs) and reprint an order's ticket (admin/orders/reprint).

// Printers is what the printer calls need of the store.
type Printers interface {
	UpsertPrinter(ctx context.Context, ch printing.Change, a audit.Audit, now time.Time) (*printing.Printer, error)
	Printers(ctx context.Context, schemeID int64, venueIDs []int64) ([]printing.Printer, error)
	DeletePrinter(ctx context.Context, schemeID, id int64, a audit.Audit) error
	PrinterPoll(ctx context.Context, key string, st *printing.Status, now time.Time) (*printing.Printer,
		*printing.Job, error)
	HandOut(ctx context.Context, key, token string, now time.Time) (*printing.Handout, error)
	ConfirmJob(ctx context.Context, key, token string, printed bool, code string, now time.Time) (bool, error)
}

func (s *Server) printerStore() (Printers, error) {
	if s.printers == nil {
		return nil, &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
	}
	return s.printers, nil
}

// printerPath is the printer's own endpoint (printer_endpoint.go).
const printerPath = "printers/{key}"

// printerURL is the URL a printer polls: its key is the credential.
func (s *Server) printerURL(key string) string {
	return s.publicURL() + "/api/v3/printers/" + key
}

// printerJSON is a printer as the back office shows it; url only to a
// manager.
type printerJSON struct {
	ID        int64   `json:"id"`
	VenueSlug string  `json:"venue_slug"`
	Name      string  `json:"name"`
	Kind      string  `json:"kind"`
	URL       string  `json:"url,omitempty"`
	Online    bool    `json:"online"`
	LastPoll  *string `json:"last_poll_at"`
	Status    string  `json:"status_code"`
	PaperOut  bool    `json:"paper_out"`
	PaperLow  bool    `json:"paper_low"`
	CoverOpen bool    `json:"cover_open"`
	Pending   int     `json:"pending_jobs"`
}

func (s *Server) toPrinterJSON(p *printing.Printer, withURL bool) printerJSON {
	out := printerJSON{ID: p.ID, VenueSlug: p.VenueSlug, Name: p.Name, Kind: p.Kind, Online: p.Online(s.now()),
		Status: p.Status.Code, PaperOut: p.Status.PaperOut, PaperLow: p.Status.PaperLow,
		CoverOpen: p.Status.CoverOpen, Pending: p.Pending}
	if p.LastPoll != nil {
		at := stamp(*p.LastPoll)
		out.LastPoll = &at
	}
	if withURL {
		out.URL = s.printerURL(p.Key)
	}
	return out
}

// adminPrintersUpsert answers admin/printers/upsert: {venue_slug, name,
// kind, id?} → the printer, with its url.
func (s *Server) adminPrintersUpsert(r *request, c *Caller) (*reply, error) {
	st, err := s.printerStore()
	if err != nil {
		return nil, err
	}
	var in struct {
		ID        int64  `json:"id"`
		VenueSlug string `json:"venue_slug"`
		Name      string `json:"name" text:"max=200"`
		Kind      string `json:"kind"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	in.Name = strings.TrimSpace(in.Name)
	bad := map[string]string{}
	if in.VenueSlug == "" {
		bad["venue_slug"] = "validation.required"
	}
	if n := utf8.RuneCountInString(in.Name); n == 0 || n > printing.MaxNameLen {
		bad["name"] = "printer.name"
	}
	if !slices.Contains(printing.Kinds, in.Kind) {
		bad["kind"] = "printer.kind"
	}
	if in.ID < 0 {
		bad["id"] = "printer.id"
	}
	if len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	p, err := st.UpsertPrinter(r.Context(), printing.Change{SchemeID: c.SchemeID, VenueSlug: in.VenueSlug, ID: in.ID,
		Name: in.Name, Kind: in.Kind}, actor(c), s.now())
	if err != nil {
		return nil, err
	}
	return &reply{Data: s.toPrinterJSON(p, true)}, nil
}

// adminPrintersList answers admin/printers/list: the printers of the venue
// named (venue_slug), or of every venue in the caller's reach, with their
// status; the URLs only to a manager of the scheme.
func (s *Server) adminPrintersList(r *request, c *Caller) (*reply, error) {
	st, err := s.printerStore()
	if err != nil {
		return nil, err
	}
	var in struct {
		VenueSlug string `json:"venue_slug"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	reach, _ := staffReach(c)
	var venues []int64
	if !reach.SchemeWide {
		venues = append([]int64{}, reach.VenueIDs...)
	}
	list, err := st.Printers(r.Context(), c.SchemeID, venues)
	if err != nil {
		return nil, err
	}
	manager := c.SchemeWide(account.RoleManager, account.RoleAdmin)
	out := make([]printerJSON, 0, len(list))
	for i := range list {
		if in.VenueSlug != "" && list[i].VenueSlug != in.VenueSlug {
			continue
		}
		out = append(out, s.toPrinterJSON(&list[i], manager))
	}
	return &reply{Data: out}, nil
}

// adminPrintersDelete answers admin/printers/delete: the printer goes, its
// waiting jobs with it, and its URL answers nothing from then on.
func (s *Server) adminPrintersDelete(r *request, c *Caller) (*reply, error) {
	st, err := s.printerStore()
	if err != nil {
		return nil, err
	}
	var in struct {
		ID int64 `json:"id"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if in.ID <= 0 {
		return nil, platter.Invalid(map[string]string{"id": "printer.id"})
	}
	if err := st.DeletePrinter(r.Context(), c.SchemeID, in.ID, actor(c)); err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"id": in.ID, "deleted": true}}, nil
}

// adminOrdersReprint answers admin/orders/reprint: one more ticket of an
// accepted order at each printer of its venue (staff of the venue). jobs
// is how many were queued (0: no printer, or the copies asked for are
// still waiting).
func (s *Server) adminOrdersReprint(r *request, c *Caller) (*reply, error) {
	var in orderIDInput
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	id, err := in.id()
	if err != nil {
		return nil, err
	}
	reach, _ := staffReach(c)
	n, err := s.ordering.Reprint(r.Context(), ordering.Reprint{SchemeID: c.SchemeID, OrderID: id, Reach: reach})
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"order_id": id, "jobs": n}}, nil
}
