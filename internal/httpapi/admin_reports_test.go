package httpapi_test

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"
	"time"

	"platter/internal/report"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// The report rows of the permission matrix (TestRoutePermissions): the
// scheme's managers and admins read the report and make export links;
// staff, drivers, customers and another scheme's manager are refused. The
// CSV download is public: its token is the credential, so an unknown one
// answers everyone alike.
func init() {
	year := burgers("from", "2026-01-01", "to", "2026-12-31", "group_by", "venue")
	permCases["admin/reports/sales"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any { f.paidOrder(1); return year(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			d := res.data(t)
			rows := d["rows"].([]any)
			if len(rows) != 2 || rows[0].(map[string]any)["key"] != "shoreditch" ||
				num(rows[1].(map[string]any)["orders"]) < 1 || d["currency"] != "GBP" {
				t.Errorf("%s: the year by venue is %s", k, res.Raw)
			}
		}}
	permCases["admin/reports/export"] = permCase{perm: "manager/scheme", want: managerOnly(), body: year,
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if u, _ := res.data(t)["url"].(string); !strings.HasPrefix(u, "/api/v3/admin/reports/csv?token=") {
				t.Errorf("%s: export answered %s", k, res.Raw)
			}
		}}
	permCases["admin/reports/csv"] = permCase{perm: "anyone/none",
		send: func(f *permFixture, auth []string) *response {
			return f.e.do(http.MethodGet, "admin/reports/csv?token=not-a-token", nil, auth...)
		}}
}

// download GETs a CSV link as a browser follows it (no token) and returns
// the response and its body.
func download(t *testing.T, e *env, url string) (*response, string) {
	t.Helper()
	res := e.getRaw(url, "admin/reports/csv")
	return res, string(res.Raw)
}

// TestSalesReportAndCSV: a manager's report of today by order type holds
// today's paid orders (a delivery and a pickup, bought through checkout)
// and not the unpaid one: its net is what the paid orders cost, to the
// penny. The export's link downloads the same figures as CSV (UTF-8 with
// a byte order mark) without the token, for another scheme's manager only
// that scheme's, and is dead after five minutes. Bad filters are refused
// by field, in the caller's language; an unknown venue is 1404.
func TestSalesReportAndCSV(t *testing.T) {
	t.Parallel()
	storetest.RunParallel(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		f.paidOrder(1)
		f.paidOrder(0)
		f.freshOrder()
		today := f.clk.Now().In(london(t)).Format(time.DateOnly)
		paid := int64(count(t, db, "SELECT COALESCE(SUM(total), 0) FROM orders WHERE scheme_id = ? AND paid_at IS NOT NULL",
			f.schemes[manager]))
		boss := f.auth(manager)
		q := filter("business_slug", "demo-burgers", "from", today, "to", today, "group_by", "order_type")
		d := f.e.call("admin/reports/sales", q, boss...).data(t)
		totals := d["totals"].(map[string]any)
		if num(totals["orders"]) != 2 || int64(num(totals["net"])) != paid {
			t.Errorf("today's totals %v, want 2 orders and net %d", totals, paid)
		}
		keys := map[string]float64{}
		for _, r := range d["rows"].([]any) {
			keys[r.(map[string]any)["key"].(string)] = num(r.(map[string]any)["orders"])
		}
		if keys["delivery"] != 1 || keys["pickup"] != 1 || num(totals["delivery_fees"]) == 0 {
			t.Errorf("today by order type: %s", f.e.call("admin/reports/sales", q, boss...).Raw)
		}

		link := f.e.call("admin/reports/export", q, boss...).data(t)["url"].(string)
		res, body := download(t, f.e, link)
		if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			!strings.HasPrefix(body, "\uFEFF") || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("download: %d %v %q", res.Status, res.Header, body)
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\uFEFF"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		last := rows[len(rows)-1]
		if rows[0][0] != "order_type" || last[0] != "total" || last[1] != "2" || last[7] != report.Amount(paid) ||
			last[8] != "GBP" {
			t.Errorf("CSV %q; want the totals row with 2 orders and net %s", rows, report.Amount(paid))
		}

		// Another scheme's manager exports their own scheme, never this one.
		theirs := f.e.call("admin/reports/export", filter("business_slug", "demo-pierogi", "from", today, "to", today,
			"group_by", "venue"), f.auth(boss2)...).data(t)["url"].(string)
		if _, body := download(t, f.e, theirs); !strings.Contains(body, "\ntotal,0,0.00,") || !strings.Contains(body, ",PLN") {
			t.Errorf("pierogi's CSV: %q", body)
		}

		// Refusals.
		bad := f.e.call("admin/reports/sales", filter("from", "yesterday", "to", today, "group_by", "week"), boss...)
		bad.wantError(t, 400, 1000)
		if fl, _ := bad.Body["fields"].(map[string]any); fl["from"] == nil || fl["group_by"] == nil {
			t.Errorf("bad filter: %s", bad.Raw)
		}
		bad = f.e.call("admin/reports/export", filter("from", today, "to", "2020-01-01"), append(boss, "Accept-Language", "pl-PL")...)
		bad.wantError(t, 400, 1000)
		if fl, _ := bad.Body["fields"].(map[string]any); !strings.Contains(fl["to"].(string), "Ostatni dzień") {
			t.Errorf("a range backwards, in Polish: %s", bad.Raw)
		}
		f.e.call("admin/reports/sales", filter("venue_slug", "rynek", "from", today, "to", today), boss...).wantError(t, 404, 1404)
		f.e.call("admin/reports/export", filter("venue_slug", "rynek", "from", today, "to", today), boss...).wantError(t, 404, 1404)

		f.clk.Add(6 * time.Minute)
		res, body = download(t, f.e, link)
		if res.Status != 401 || !strings.Contains(body, `"code":1401`) || !strings.Contains(body, "expired") {
			t.Errorf("a link after five minutes: %d %s", res.Status, body)
		}
	})
}

func london(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
