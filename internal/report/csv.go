package report

import (
	"encoding/csv"
	"io"
	"regexp"
	"strconv"
)

// bom starts the file so spreadsheets read it as UTF-8 (Excel takes a
// file without it for the system's code page and mangles "zł").
const bom = "\uFEFF"

// number is a cell this package writes as a figure ("-12.50"): a
// spreadsheet reads it as a number, never a formula.
var number = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// Cell neutralises a text cell against formula injection: one that starts
// with = + - @ (or a tab or carriage return, which some spreadsheets skip
// before one) is prefixed with ', so it is shown as text. Figures are left
// as they are.
func Cell(s string) string {
	if s == "" || number.MatchString(s) {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// Amount writes minor units as a decimal of major units ("1234.50",
// "-3.00"): every currency the platform takes has two decimals.
func Amount(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	cents := strconv.FormatInt(minor%100, 10)
	if len(cents) == 1 {
		cents = "0" + cents
	}
	return sign + strconv.FormatInt(minor/100, 10) + "." + cents
}

// WriteCSV writes a report as CSV (UTF-8 with a byte order mark): a
// heading row (the grouping's name, then the figures', and the currency),
// a row per group, and a "total" row.
func WriteCSV(w io.Writer, g GroupBy, s *Sales) error {
	if _, err := io.WriteString(w, bom); err != nil {
		return err
	}
	c := csv.NewWriter(w)
	head := []string{string(g), "orders", "gross", "discounts", "tips", "delivery_fees", "refunds", "net", "currency"}
	if err := c.Write(head); err != nil {
		return err
	}
	line := func(key string, f Figures) []string {
		return []string{Cell(key), strconv.FormatInt(f.Orders, 10), Amount(f.Gross), Amount(f.Discounts),
			Amount(f.Tips), Amount(f.DeliveryFees), Amount(f.Refunds), Amount(f.Net), Cell(s.Currency)}
	}
	for _, r := range s.Rows {
		if err := c.Write(line(r.Key, r.Figures)); err != nil {
			return err
		}
	}
	if err := c.Write(line("total", s.Totals)); err != nil {
		return err
	}
	c.Flush()
	return c.Error()
}
