package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	"platter/internal/i18n"
	"platter/internal/platter"
	"platter/internal/report"
)

// Reports is what the sales report needs of storage (store.DB): the sums
// (package report says what counts) and the CSV links.
type Reports interface {
	SalesReport(ctx context.Context, schemeID int64, f report.Filter) (*report.Sales, error)
	CreateReportLink(ctx context.Context, hash string, l report.Link, expires, now time.Time) error
	ReportLinkOf(ctx context.Context, hash string, now time.Time) (*report.Link, error)
}

// reportLinkTTL is how long an export's link downloads: long enough for a
// browser to follow it, short enough that a link copied into a chat or a
// log is soon worth nothing.
const reportLinkTTL = 5 * time.Minute

// reportCSVPath is the CSV download (a raw GET: a browser follows it
// without the Authorization header; its token is the credential).
const reportCSVPath = "admin/reports/csv"

func (s *Server) reports() (Reports, error) {
	if err := s.backofficeReady(); err != nil {
		return nil, err
	}
	return s.backoffice, nil
}

// reportFilter decodes and checks a report's filter (from the request's
// filter, or data: clients send either).
func reportFilter(r *request) (report.Filter, error) {
	var in struct {
		VenueSlug string `json:"venue_slug" text:"max=100"`
		From      string `json:"from" text:"max=10"`
		To        string `json:"to" text:"max=10"`
		GroupBy   string `json:"group_by" text:"max=20"`
	}
	raw := r.Filter
	if len(raw) == 0 || string(raw) == "null" {
		raw = r.Data
	}
	if err := decode(raw, &in); err != nil {
		return report.Filter{}, err
	}
	f := report.Filter{VenueSlug: strings.TrimSpace(in.VenueSlug), From: strings.TrimSpace(in.From),
		To: strings.TrimSpace(in.To), GroupBy: report.GroupBy(strings.TrimSpace(in.GroupBy))}
	if f.GroupBy == "" {
		f.GroupBy = report.ByDay
	}
	if bad := f.Check(); bad != nil {
		return f, platter.Invalid(bad)
	}
	return f, nil
}

// adminReportsSales answers admin/reports/sales: the scheme's sales over a
// date range (each venue's own dates), grouped by day, hour, item, venue
// or order type, with the range's totals (docs/architecture.md §10).
func (s *Server) adminReportsSales(r *request, c *Caller) (*reply, error) {
	f, err := reportFilter(r)
	if err != nil {
		return nil, err
	}
	st, err := s.reports()
	if err != nil {
		return nil, err
	}
	sales, err := st.SalesReport(r.Context(), c.SchemeID, f)
	if err != nil {
		return nil, err
	}
	return &reply{Data: sales}, nil
}

// adminReportsExport answers admin/reports/export: a link to the same
// report as CSV, good for reportLinkTTL, bound to the caller's scheme and
// the filter. Only the token's hash is stored. The filter is checked (and
// its venue looked up) now, so a bad one is refused here, not at download.
func (s *Server) adminReportsExport(r *request, c *Caller) (*reply, error) {
	f, err := reportFilter(r)
	if err != nil {
		return nil, err
	}
	st, err := s.reports()
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	if f.VenueSlug != "" {
		probe := f
		probe.From, probe.To = f.To, f.To
		if _, err := st.SalesReport(ctx, c.SchemeID, probe); err != nil {
			return nil, err
		}
	}
	var raw [24]byte
	_, _ = rand.Read(raw[:])
	token := hex.EncodeToString(raw[:])
	now := s.now()
	expires := now.Add(reportLinkTTL)
	if err := st.CreateReportLink(ctx, ticketHash(token), report.Link{SchemeID: c.SchemeID, UserID: c.UserID,
		Filter: f}, expires, now); err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"url": "/api/v3/" + reportCSVPath + "?token=" + token,
		"expires_at": expires.UTC()}}, nil
}

// adminReportsCSV serves GET /api/v3/admin/reports/csv?token=: the report
// its link was made for, as a CSV attachment (package report: UTF-8 with a
// byte order mark, formula-like cells neutralised). An unknown or expired
// token is 1401 in the envelope.
func (s *Server) adminReportsCSV(w http.ResponseWriter, r *http.Request, _ *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	st, err := s.reports()
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	token := r.URL.Query().Get("token")
	ctx := r.Context()
	var link *report.Link
	if token != "" && len(token) <= 100 {
		link, err = st.ReportLinkOf(ctx, ticketHash(token), s.now())
	}
	if link == nil {
		if err == nil || platter.ErrorCode(err) == platter.CodeNotFound {
			err = &platter.Error{Code: platter.CodeUnauthorized, Message: "report.link_invalid"}
		}
		s.writeError(w, r, lang, err)
		return
	}
	sales, err := st.SalesReport(ctx, link.SchemeID, link.Filter)
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	f := link.Filter
	name := fmt.Sprintf("sales-%s-%s-by-%s.csv", f.From, f.To, f.GroupBy)
	if f.VenueSlug != "" {
		name = fmt.Sprintf("sales-%s-%s-%s-by-%s.csv", f.VenueSlug, f.From, f.To, f.GroupBy)
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_ = report.WriteCSV(w, f.GroupBy, sales)
}
