package report_test

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"platter/internal/report"
)

// TestCSVIsSafeForSpreadsheets: the file starts with the UTF-8 byte order
// mark; a title that a spreadsheet would run as a formula is shown as
// text; figures (a negative net too) stay numbers; commas, quotes and
// line breaks in a title stay in their cell.
func TestCSVIsSafeForSpreadsheets(t *testing.T) {
	s := &report.Sales{Currency: "PLN", Rows: []report.Row{
		{Key: `=HYPERLINK("http://x.test","Pierogi")`, Figures: report.Figures{Orders: 2, Gross: 123456, Net: 123456}},
		{Key: "+48 special", Figures: report.Figures{Orders: 1, Gross: 5, Net: 5}},
		{Key: "-1", Figures: report.Figures{Refunds: 300, Net: -300}},
		{Key: "@SUM(A1)", Figures: report.Figures{}},
		{Key: "Żurek, \"duży\"\nz jajkiem", Figures: report.Figures{Orders: 1, Gross: 1900, Net: 1900}},
	}, Totals: report.Figures{Orders: 4, Gross: 125361, Refunds: 300, Net: 125061}}
	var b bytes.Buffer
	if err := report.WriteCSV(&b, report.ByItem, s); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte{0xEF, 0xBB, 0xBF}) {
		t.Fatalf("no BOM: % x", b.Bytes()[:4])
	}
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\uFEFF"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"item", "orders", "gross", "discounts", "tips", "delivery_fees", "refunds", "net", "currency"},
		{`'=HYPERLINK("http://x.test","Pierogi")`, "2", "1234.56", "0.00", "0.00", "0.00", "0.00", "1234.56", "PLN"},
		{"'+48 special", "1", "0.05", "0.00", "0.00", "0.00", "0.00", "0.05", "PLN"},
		{"-1", "0", "0.00", "0.00", "0.00", "0.00", "3.00", "-3.00", "PLN"},
		{"'@SUM(A1)", "0", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "PLN"},
		{"Żurek, \"duży\"\nz jajkiem", "1", "19.00", "0.00", "0.00", "0.00", "0.00", "19.00", "PLN"},
		{"total", "4", "1253.61", "0.00", "0.00", "0.00", "3.00", "1250.61", "PLN"},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %q", rows)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %q, want %q", i, rows[i], want[i])
		}
	}
}

// TestFilterCheck: dates are calendar dates, the last not before the
// first, at most 366 days; the grouping is one of five.
func TestFilterCheck(t *testing.T) {
	for _, c := range []struct {
		f    report.Filter
		want string
	}{
		{report.Filter{From: "2026-01-01", To: "2026-12-31", GroupBy: "day"}, ""},
		{report.Filter{From: "2024-01-01", To: "2024-12-31", GroupBy: "hour"}, ""},
		{report.Filter{From: "2026-01-01", To: "2027-01-01", GroupBy: "item"}, ""},
		{report.Filter{From: "2026-01-01", To: "2027-01-02", GroupBy: "item"}, "to:validation.report_range"},
		{report.Filter{From: "2026-02-02", To: "2026-02-01", GroupBy: "venue"}, "to:validation.report_range"},
		{report.Filter{From: "2026-02-30", To: "tomorrow", GroupBy: "order_type"}, "from:validation.type to:validation.type"},
		{report.Filter{From: "2026-02-01", To: "2026-02-01", GroupBy: "week"}, "group_by:validation.report_group"},
	} {
		got := []string{}
		for _, k := range []string{"from", "to", "group_by"} {
			if v, ok := c.f.Check()[k]; ok {
				got = append(got, k+":"+v)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%+v: %v, want %q", c.f, got, c.want)
		}
	}
}
