package httpapi_test

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"

	"platter/internal/catalog"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func parseICS(t *testing.T, body []byte) *ics.Calendar {
	t.Helper()
	cal, err := ics.ParseCalendar(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("hours.ics does not parse: %v\n%s", err, body)
	}
	return cal
}

func prop(c interface {
	GetProperty(ics.ComponentProperty) *ics.IANAProperty
}, p ics.ComponentProperty) string {
	if x := c.GetProperty(p); x != nil {
		return x.Value
	}
	return ""
}

// openingOn is when the weekly events say the venue opens on the local
// date (a known date, expanded from each event's weekly rule by hand):
// the start of every weekly event whose weekday it is, from its first
// date on, unless an EXDATE takes the date out.
func openingOn(t *testing.T, cal *ics.Calendar, loc *time.Location, date string) []string {
	t.Helper()
	day, err := time.ParseInLocation(time.DateOnly, date, loc)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, ev := range cal.Events() {
		rule := prop(ev, ics.ComponentPropertyRrule)
		if rule == "" {
			continue
		}
		start, err := ev.GetStartAt()
		if err != nil {
			t.Fatal(err)
		}
		by := strings.TrimPrefix(rule, "FREQ=WEEKLY;BYDAY=")
		if by == rule || start.Weekday() != day.Weekday() || by != strings.ToUpper(day.Weekday().String()[:2]) ||
			day.Before(time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, loc)) {
			continue
		}
		at := time.Date(day.Year(), day.Month(), day.Day(), start.Hour(), start.Minute(), 0, 0, loc)
		excluded := false
		for _, ex := range ev.GetProperties(ics.ComponentPropertyExdate) {
			for _, v := range strings.Split(ex.Value, ",") {
				excluded = excluded || v == at.Format("20060102T150405")
			}
		}
		if !excluded {
			end, _ := ev.GetEndAt()
			out = append(out, at.Format("15:04")+"-"+end.Format("15:04"))
		}
	}
	return out
}

// TestHoursICS: /{scheme}/{venue}/hours.ics is an iCalendar feed a
// standard parser reads: the weekly hours as events repeated weekly in
// the venue's zone (with its VTIMEZONE), the exceptions for every order
// type as closed days and special hours taken out of the weekly events;
// on both databases.
func TestHoursICS(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := startSEO(t, db)
		setSohoExceptions(t, db)
		res, body := e.get("/demo-burgers/soho/hours.ics")
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/calendar; charset=utf-8" {
			t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		for i, line := range strings.SplitAfter(string(body), "\r\n") {
			if line == "" {
				continue
			}
			if !strings.HasSuffix(line, "\r\n") || strings.Contains(strings.TrimSuffix(line, "\r\n"), "\n") {
				t.Fatalf("line %d does not end in CRLF: %q", i, line)
			}
			if len(line)-2 > 75 || !utf8.ValidString(line) {
				t.Errorf("line %d is %d octets (or splits a character): %q", i, len(line)-2, line)
			}
		}
		cal := parseICS(t, body)
		london, _ := time.LoadLocation("Europe/London")
		if !bytes.Contains(body, []byte("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT12H\r\n")) {
			t.Error("no refresh interval for subscribers")
		}

		tzs := cal.Timezones()
		if len(tzs) != 1 || prop(tzs[0], ics.ComponentPropertyTzid) != "Europe/London" {
			t.Fatalf("VTIMEZONE: %d", len(tzs))
		}
		var rules []string
		for _, c := range tzs[0].Components {
			if c, ok := c.(interface {
				GetProperty(ics.ComponentProperty) *ics.IANAProperty
			}); ok {
				rules = append(rules, prop(c, ics.ComponentPropertyRrule)+" "+prop(c, ics.ComponentProperty(ics.PropertyTzoffsetto)))
			}
		}
		slices.Sort(rules)
		if strings.Join(rules, "|") != "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU +0000|FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU +0100" {
			t.Errorf("London's rules: %v", rules)
		}

		weekly := 0
		for _, ev := range cal.Events() {
			if prop(ev, ics.ComponentPropertyRrule) != "" {
				weekly++
				if p := ev.GetProperty(ics.ComponentPropertyDtStart); p == nil || p.ICalParameters["TZID"][0] != "Europe/London" {
					t.Errorf("%s: no TZID", prop(ev, ics.ComponentPropertyUniqueId))
				}
			}
		}
		if weekly != 7 {
			t.Errorf("%d weekly events, want 7", weekly)
		}
		// A known Monday, in winter and in summer (BST): 11:00–23:00 local.
		for _, monday := range []string{"2026-11-30", "2027-06-07"} {
			if got := openingOn(t, cal, london, monday); strings.Join(got, ",") != "11:00-23:00" {
				t.Errorf("Monday %s: %v", monday, got)
			}
		}
		if got := openingOn(t, cal, london, "2026-11-27"); strings.Join(got, ",") != "11:00-00:30" {
			t.Errorf("Friday: %v", got)
		}
		// The exceptions: the dates leave the weekly events and have their own.
		for _, date := range []string{"2026-12-24", "2026-12-25", "2026-12-28"} {
			if got := openingOn(t, cal, london, date); len(got) != 0 {
				t.Errorf("%s keeps its weekly hours: %v", date, got)
			}
		}
		if got := openingOn(t, cal, london, "2026-12-26"); strings.Join(got, ",") != "11:00-00:30" {
			t.Errorf("a pickup-only closure took the Saturday out: %v", got)
		}
		special := map[string]string{}
		for _, ev := range cal.Events() {
			if prop(ev, ics.ComponentPropertyRrule) != "" {
				continue
			}
			summary, note := prop(ev, ics.ComponentPropertySummary), prop(ev, ics.ComponentPropertyDescription)
			if p := ev.GetProperty(ics.ComponentPropertyDtStart); p.ICalParameters["VALUE"] != nil {
				d, err := ev.GetAllDayStartAt()
				if err != nil {
					t.Fatal(err)
				}
				special[d.Format(time.DateOnly)] = summary + " / " + note
				continue
			}
			start, _ := ev.GetStartAt()
			end, _ := ev.GetEndAt()
			special[start.In(london).Format("2006-01-02 15:04")+"-"+end.In(london).Format("15:04")] = summary + " / " + note
		}
		want := map[string]string{
			"2026-12-24 11:00-15:00": "Ember & Bun Soho open (special hours) / Christmas Eve: short day",
			"2026-12-25":             "Ember & Bun Soho closed / Closed for Christmas",
			"2026-12-28":             "Ember & Bun Soho closed / Staff party",
		}
		for k, v := range want {
			if special[k] != v {
				t.Errorf("%s: %q, want %q", k, special[k], v)
			}
		}
		if len(special) != len(want) {
			t.Errorf("exception events %v", special)
		}
	})
}

// TestHoursICSText: names and notes are escaped, long lines folded at 75
// octets without splitting a character, a Polish scheme's feed is in
// Polish in Warsaw's zone, and unknown venues are 404s.
func TestHoursICSText(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	e := startSEO(t, db)
	note := "Zamknięte; remont, kuchnia\\sala – wracamy wkrótce! Żółć gęślą jaźń. " + strings.Repeat("ąę", 30)
	_, err := db.EditScheme(t.Context(), "demo-pierogi", editAudit, func(doc *catalog.SchemeDoc) (any, any, error) {
		doc.Venues[0].Exceptions = []catalog.HoursException{{Date: "2026-12-01", Closed: true, Note: note}}
		return nil, nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	res, body := e.get("/demo-pierogi/rynek/hours.ics")
	if res.StatusCode != 200 || !bytes.Contains(body, []byte("TZID:Europe/Warsaw")) {
		t.Fatalf("%d\n%s", res.StatusCode, body)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(body), "\r\n"), "\r\n") {
		if len(line) > 75 || !utf8.ValidString(line) {
			t.Errorf("%d octets or a split character: %q", len(line), line)
		}
	}
	unfolded := strings.ReplaceAll(string(body), "\r\n ", "")
	escaped := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`).Replace(note)
	if !strings.Contains(unfolded, "DESCRIPTION:"+escaped+"\r\n") {
		t.Errorf("the note is not escaped as TEXT:\n%s", unfolded)
	}
	cal := parseICS(t, body)
	summaries := map[string]bool{}
	for _, ev := range cal.Events() {
		summaries[prop(ev, ics.ComponentPropertySummary)] = true
	}
	if !summaries["Pierogarnia Pod Smokiem — Rynek: otwarte"] || !summaries["Pierogarnia Pod Smokiem — Rynek: nieczynne"] {
		t.Errorf("Polish summaries: %v", summaries)
	}

	for _, p := range []string{"/demo-pierogi/nowhere/hours.ics", "/no-such-scheme/rynek/hours.ics"} {
		if res, _ := e.get(p); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d", p, res.StatusCode)
		}
	}
}
