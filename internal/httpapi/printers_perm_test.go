package httpapi_test

import (
	"context"
	"fmt"
	"testing"

	"platter/internal/audit"
	"platter/internal/printing"
)

// The printer rows of the permission matrix (TestRoutePermissions): a
// scheme's managers (and admins) keep the printers; staff of the venue see
// their status without the URLs and reprint; the printer's URL takes no
// token (its key is the credential), so an unknown key is 404 for everyone.
func init() {
	permCases["admin/printers/upsert"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: writes("business_slug", "demo-burgers", "venue_slug", "soho", "name", "Pass", "kind", "star_cloudprnt"),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if d := res.data(t); d["url"] == nil || d["name"] != "Pass" {
				t.Errorf("%s: upsert answered %s", k, res.Raw)
			}
		}}
	permCases["admin/printers/list"] = permCase{perm: "staff/venue", want: boardStaff(),
		body: burgers("venue_slug", "soho"),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			list := res.dataList(t)
			if len(list) == 0 {
				t.Fatalf("%s: no printer listed", k)
			}
			for _, p := range list {
				p := p.(map[string]any)
				if hasURL := p["url"] != nil; hasURL != (k == manager || k == admin) || p["venue_slug"] != "soho" {
					t.Errorf("%s sees %v", k, p)
				}
			}
		}}
	permCases["admin/printers/delete"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.latest = f.freshPrinter()
			return data("business_slug", "demo-burgers", "id", f.latest)
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if n := count(t, f.db, "SELECT COUNT(*) FROM printers WHERE id = ?", f.latest); n != 1 {
				t.Errorf("%s: a refused delete removed the printer", k)
			}
		}}
	permCases["admin/orders/reprint"] = permCase{perm: "staff/venue", want: withKind(boardStaff(), otherStaf, notFound),
		body: func(f *permFixture) any {
			f.freshPrinter()
			f.latest = f.acceptedOrder()
			return data("business_slug", "demo-burgers", "order_id", f.latest)
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if n := count(t, f.db, "SELECT COUNT(*) FROM print_jobs WHERE order_id = ? AND reason = 'reprint'",
				f.latest); n < 1 || num(res.data(t)["jobs"]) != float64(n) {
				t.Errorf("%s: reprint answered %s with %d jobs", k, res.Raw, n)
			}
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if n := count(t, f.db, "SELECT COUNT(*) FROM print_jobs WHERE order_id = ? AND reason = 'reprint'",
				f.latest); n != 0 {
				t.Errorf("%s: a refused reprint queued %d tickets", k, n)
			}
		}}
	permCases["printers/{key}"] = permCase{perm: "anyone/none",
		send: func(f *permFixture, auth []string) *response {
			return f.e.do("POST", "printers/"+printing.NewKey(), map[string]any{"statusCode": "200 OK"}, auth...)
		}}
}

// freshPrinter adds a printer to soho and returns its id.
func (f *permFixture) freshPrinter() int64 {
	f.t.Helper()
	f.keys++
	p, err := f.db.UpsertPrinter(context.Background(), printing.Change{SchemeID: f.schemes[manager], VenueSlug: "soho",
		Name: fmt.Sprintf("Printer %d", f.keys%7), Kind: printing.KindStar}, audit.Audit{}, f.clk.Now())
	if err != nil {
		f.t.Fatal(err)
	}
	return p.ID
}
