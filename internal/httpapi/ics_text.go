package httpapi

import (
	"bytes"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// icsWriter writes iCalendar content lines (RFC 5545 §3.1): ended by CRLF
// and folded so that no line is longer than 75 octets, a continuation
// starting with a space, never inside a UTF-8 character.
type icsWriter struct{ b bytes.Buffer }

const icsLineOctets = 75

func (c *icsWriter) prop(name, value string) { c.line(name + ":" + value) }

func (c *icsWriter) line(s string) {
	limit := icsLineOctets
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		c.b.WriteString(s[:cut])
		c.b.WriteString("\r\n ")
		s = s[cut:]
		limit = icsLineOctets - 1 // the leading space counts
	}
	c.b.WriteString(s)
	c.b.WriteString("\r\n")
}

// icsText escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon
// and comma escaped, a line break as \n, other control characters dropped.
func icsText(s string) string {
	var b strings.Builder
	for _, r := range strings.ReplaceAll(s, "\r\n", "\n") {
		switch {
		case r == '\\' || r == ';' || r == ',':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// writeTimezone writes the VTIMEZONE of loc as its rules stand in year:
// each change of offset that year (daylight saving time starting and
// ending) as a yearly rule on its nth or last weekday of the month, or one
// fixed offset for a zone without changes. A zone whose rules change in a
// later year is described by this year's; the feed is made anew on every
// request, so it follows them.
func writeTimezone(c *icsWriter, loc *time.Location, year int) {
	c.line("BEGIN:VTIMEZONE")
	c.prop("TZID", loc.String())
	t := time.Date(year, 1, 1, 0, 0, 0, 0, loc)
	changes := 0
	for range 4 {
		_, end := t.ZoneBounds()
		if end.IsZero() || end.Year() != year {
			break
		}
		before, after := end.Add(-time.Second), end
		nameAfter, offAfter := after.Zone()
		_, offBefore := before.Zone()
		// The change's wall-clock moment, in the offset before it.
		wall := end.In(time.FixedZone("", offBefore))
		kind := "STANDARD"
		if after.IsDST() {
			kind = "DAYLIGHT"
		}
		c.line("BEGIN:" + kind)
		c.prop("DTSTART", wall.Format(icsLocal))
		c.prop("RRULE", fmt.Sprintf("FREQ=YEARLY;BYMONTH=%d;BYDAY=%s", int(wall.Month()), nthWeekday(wall)))
		c.prop("TZOFFSETFROM", icsOffset(offBefore))
		c.prop("TZOFFSETTO", icsOffset(offAfter))
		if nameAfter != "" {
			c.prop("TZNAME", icsText(nameAfter))
		}
		c.line("END:" + kind)
		changes++
		t = end
	}
	if changes == 0 {
		name, off := t.Zone()
		c.line("BEGIN:STANDARD")
		c.prop("DTSTART", "19700101T000000")
		c.prop("TZOFFSETFROM", icsOffset(off))
		c.prop("TZOFFSETTO", icsOffset(off))
		if name != "" {
			c.prop("TZNAME", icsText(name))
		}
		c.line("END:STANDARD")
	}
	c.line("END:VTIMEZONE")
}

// nthWeekday names t's day as RRULE's BYDAY does: "-1SU" for the month's
// last Sunday, else "2SU" for its second.
func nthWeekday(t time.Time) string {
	day := icsDays[t.Weekday()]
	lastDay := time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if t.Day()+7 > lastDay {
		return "-1" + day
	}
	return fmt.Sprintf("%d%s", (t.Day()-1)/7+1, day)
}

// icsOffset writes a UTC offset in seconds as "+0100".
func icsOffset(sec int) string {
	sign := "+"
	if sec < 0 {
		sign, sec = "-", -sec
	}
	return fmt.Sprintf("%s%02d%02d", sign, sec/3600, sec%3600/60)
}
