package httpapi

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"platter/internal/audit"
	"platter/internal/catalog"
	"platter/internal/platter"
)

// Backoffice is what the back office's document calls need of storage
// (store.DB): the scheme's import document, read and edited in one
// transaction, and the audit log (docs/architecture.md §10); and the sales
// report (admin_reports.go).
type Backoffice interface {
	Reports
	ExportScheme(ctx context.Context, slug string) (*catalog.SchemeDoc, error)
	EditScheme(ctx context.Context, slug string, a audit.Audit,
		fn func(doc *catalog.SchemeDoc) (before, after any, err error)) (*catalog.ImportResult, error)
	RecordAudit(ctx context.Context, schemeID int64, a audit.Audit, before, after any) error
	AuditLog(ctx context.Context, schemeID int64, f audit.Filter) ([]audit.Entry, int, error)
}

func (s *Server) backofficeReady() error {
	if s.backoffice == nil {
		return &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
	}
	return nil
}

// edit is how a back-office call writes what the import document holds:
// decode the request, then edit with fn, which changes the caller's
// scheme's document and returns what the audit row shows before and after;
// then answer. One transaction: the document is validated (1000, fields by
// JSON path), imported (ids stable, removed = hidden, each changed menu's
// version once) and audited as action on target, by the caller. fn may run
// more than once: it must only read and change doc.
func (s *Server) edit(r *request, c *Caller, action, target string,
	fn func(doc *catalog.SchemeDoc) (before, after any, err error)) (*catalog.ImportResult, error) {
	if err := s.backofficeReady(); err != nil {
		return nil, err
	}
	a := actor(c)
	a.Action, a.Target = action, target
	return s.backoffice.EditScheme(r.Context(), c.SchemeSlug, a, fn)
}

// actor is who makes a back-office write, for its audit row (the store
// names the action and the target).
func actor(c *Caller) audit.Audit {
	return audit.Audit{ActorUserID: c.UserID, ActorEmail: c.Email}
}

// adminSchemeDocument answers admin/scheme/document: the whole scheme
// document, exactly what `platter import` (and admin/scheme/import) takes.
func (s *Server) adminSchemeDocument(r *request, c *Caller) (*reply, error) {
	if err := s.backofficeReady(); err != nil {
		return nil, err
	}
	doc, err := s.backoffice.ExportScheme(r.Context(), c.SchemeSlug)
	if err != nil {
		return nil, err
	}
	return &reply{Data: doc}, nil
}

// adminSchemeImport answers admin/scheme/import: the document replaces the
// scheme's as `platter import` would (what it no longer lists is hidden).
// Its business_slug must be the caller's scheme. Problems come back as one
// 1000 whose fields are keyed by the document's JSON path.
func (s *Server) adminSchemeImport(r *request, c *Caller) (*reply, error) {
	var in struct {
		Document json.RawMessage `json:"document"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if len(in.Document) == 0 || string(in.Document) == "null" {
		return nil, platter.Invalid(map[string]string{"document": "validation.required"})
	}
	doc, errs := catalog.ParseSchemeDoc(in.Document)
	if len(errs) > 0 {
		return nil, catalog.InvalidDocError(errs)
	}
	if bad := checkText(doc); len(bad) > 0 {
		return nil, platter.Invalid(bad)
	}
	if doc.BusinessSlug != c.SchemeSlug {
		return nil, platter.Invalid(map[string]string{"business_slug": "scheme.slug_fixed"})
	}
	res, err := s.edit(r, c, "scheme.import", c.SchemeSlug, func(d *catalog.SchemeDoc) (any, any, error) {
		before := *d
		*d = *doc
		return &before, doc, nil
	})
	if err != nil {
		return nil, err
	}
	return &reply{Data: map[string]any{"changed": !res.Unchanged, "menu_version": res.MenuVersion}}, nil
}

type auditJSON struct {
	At         time.Time       `json:"at"`
	ActorEmail string          `json:"actor_email"`
	Action     string          `json:"action"`
	Target     string          `json:"target"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
}

// adminAuditList answers admin/audit/list: the scheme's audit log newest
// first, a page of audit.PageSize, filtered by actor (e-mail), action (an
// action or its kind: "menu" is every "menu.…") and time (from included,
// to excluded; RFC 3339 instants, or dates "YYYY-MM-DD" in UTC where to
// includes its day).
func (s *Server) adminAuditList(r *request, c *Caller) (*reply, error) {
	var in struct {
		Actor  string `json:"actor" text:"max=254"`
		Action string `json:"action" text:"max=100"`
		From   string `json:"from" text:"max=40"`
		To     string `json:"to" text:"max=40"`
		Page   int    `json:"page"`
	}
	if err := decode(r.Filter, &in); err != nil {
		return nil, err
	}
	f := audit.Filter{ActorEmail: strings.TrimSpace(in.Actor), Action: strings.TrimSpace(in.Action), Page: in.Page}
	fields := map[string]string{}
	var ok bool
	if f.From, ok = auditTime(in.From, false); !ok {
		fields["from"] = "validation.type"
	}
	if f.To, ok = auditTime(in.To, true); !ok {
		fields["to"] = "validation.type"
	}
	if in.Page < 0 || in.Page > 100000 {
		fields["page"] = "validation.out_of_range"
	}
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	if err := s.backofficeReady(); err != nil {
		return nil, err
	}
	rows, total, err := s.backoffice.AuditLog(r.Context(), c.SchemeID, f)
	if err != nil {
		return nil, err
	}
	out := make([]auditJSON, len(rows))
	for i, e := range rows {
		out[i] = auditJSON{At: e.At, ActorEmail: e.ActorEmail, Action: e.Action, Target: e.Target,
			Before: e.Before, After: e.After}
	}
	return &reply{Data: out, Meta: map[string]any{"total": total, "page": max(in.Page, 1), "per_page": audit.PageSize}}, nil
}

// auditTime parses a bound of admin/audit/list: empty is open, a date is
// its midnight UTC (the next one for an inclusive end).
func auditTime(s string, end bool) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, true
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, false
	}
	if end {
		t = t.AddDate(0, 0, 1)
	}
	return t, true
}
