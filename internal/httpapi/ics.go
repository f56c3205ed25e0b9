package httpapi

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/i18n"
	"platter/internal/platter"
)

// /{scheme}/{venue}/hours.ics (docs/architecture.md §11, "Search engines"):
// a venue's opening hours as an iCalendar feed, so a customer or a
// directory can subscribe to them. Each weekly range is an event repeated
// every week on its weekday, in the venue's own zone (a VTIMEZONE made
// from the zone's rules); a dated exception that decides every order type
// the venue offers takes that date out of the weekly events (EXDATE) and
// adds its own: closed all day, or its special ranges. An exception for
// some order types only (no delivery one evening) leaves the venue open
// and is not in the feed. Exceptions are listed from the start of the
// current week for a year.

const icsFile = "hours.ics"

// icsPath matches /{scheme}/{venue}/hours.ics.
func icsPath(p string) (scheme, venue string, ok bool) {
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	if len(segs) != 3 || segs[2] != icsFile || segs[0] == "" || segs[1] == "" {
		return "", "", false
	}
	return segs[0], segs[1], true
}

// serveHours answers /{scheme}/{venue}/hours.ics. It is made for each
// request, as the venue's page is, so a change of the hours is in the next
// answer; revalidated on every use (no-cache), as the page is.
func (s *Server) serveHours(w http.ResponseWriter, r *http.Request, slug, venueSlug string) {
	sc, venues, err := s.schemeVenues(r.Context(), slug)
	if err != nil {
		if platter.ErrorCode(err) == platter.CodeNotFound {
			http.NotFound(w, r)
			return
		}
		s.log.Error("hours.ics", "scheme", slug, "err", err)
		http.Error(w, "try again later", http.StatusServiceUnavailable)
		return
	}
	var v *catalog.Venue
	for i := range venues {
		if venues[i].Slug == venueSlug {
			v = &venues[i]
		}
	}
	if v == nil {
		http.NotFound(w, r)
		return
	}
	lang := i18n.Default
	if len(sc.Languages) > 0 {
		lang = sc.Languages[0]
	}
	body := venueCalendar(sc, v, s.msgs, lang, s.icsHost(), s.now())
	h := w.Header()
	h.Set("Content-Type", "text/calendar; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Disposition", `inline; filename="`+fileSafe(sc.Slug+"-"+v.Slug)+`-hours.ics"`)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// icsHost names this site in the events' UIDs: the public URL's host.
func (s *Server) icsHost() string {
	if u, err := url.Parse(s.publicURL()); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "platter.invalid"
}

// fileSafe keeps letters, digits, '-' and '_' of an ASCII slug for a file name.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

// icsDays are RFC 5545's weekday names, indexed as OpeningHours (sun..sat).
var icsDays = [7]string{"SU", "MO", "TU", "WE", "TH", "FR", "SA"}

// icsExceptionDays is how far ahead of this week's start exceptions are listed.
const icsExceptionDays = 366

// venueCalendar is the feed of venue v: weekly events from the Monday of
// the current week in the venue's zone, then the exceptions.
func venueCalendar(sc *catalog.Scheme, v *catalog.Venue, msgs i18n.Catalog, lang, host string, now time.Time) []byte {
	loc := v.Location()
	local := now.In(loc)
	back := (int(local.Weekday()) + 6) % 7 // days since Monday
	monday := time.Date(local.Year(), local.Month(), local.Day()-back, 0, 0, 0, 0, time.UTC)
	tzid := loc.String()
	params := map[string]string{"venue": v.Name}
	stamp := now.UTC().Format("20060102T150405Z")
	uid := func(kind string) string {
		return kind + "." + v.Slug + "." + sc.Slug + "@" + host
	}

	var c icsWriter
	c.line("BEGIN:VCALENDAR")
	c.line("VERSION:2.0")
	c.line("PRODID:-//Platter//Opening hours//EN")
	c.line("CALSCALE:GREGORIAN")
	c.line("METHOD:PUBLISH")
	c.prop("X-WR-CALNAME", icsText(msgs.T(lang, "ics.calendar_name", params)))
	c.prop("X-WR-TIMEZONE", tzid)
	// How often a subscribed calendar should fetch the feed again (RFC 7986,
	// and the older name Outlook and Google read).
	c.prop("REFRESH-INTERVAL;VALUE=DURATION", "PT12H")
	c.prop("X-PUBLISHED-TTL", "PT12H")
	writeTimezone(&c, loc, local.Year())

	exceptions := venueExceptions(v, now, back, icsExceptionDays)
	for d := 0; d < 7; d++ {
		day := monday.AddDate(0, 0, (d+6)%7) // this week's date of weekday d
		for _, tr := range v.OpeningHours[d] {
			start, end, ok := rangeTimes(day, tr)
			if !ok {
				continue
			}
			c.line("BEGIN:VEVENT")
			c.prop("UID", uid("weekly-"+strings.ToLower(icsDays[d])+"-"+strings.ReplaceAll(tr.Open+"-"+tr.Close, ":", "")))
			c.prop("DTSTAMP", stamp)
			c.prop("DTSTART;TZID="+tzid, start.Format(icsLocal))
			c.prop("DTEND;TZID="+tzid, end.Format(icsLocal))
			c.prop("RRULE", "FREQ=WEEKLY;BYDAY="+icsDays[d])
			var ex []string
			for _, e := range exceptions {
				if date, err := time.Parse(time.DateOnly, e.Date); err == nil && int(date.Weekday()) == d {
					ex = append(ex, date.Add(start.Sub(day)).Format(icsLocal))
				}
			}
			if len(ex) > 0 {
				c.prop("EXDATE;TZID="+tzid, strings.Join(ex, ","))
			}
			c.prop("SUMMARY", icsText(msgs.T(lang, "ics.open", params)))
			c.prop("TRANSP", "TRANSPARENT")
			c.line("END:VEVENT")
		}
	}
	for _, e := range exceptions {
		date, err := time.Parse(time.DateOnly, e.Date)
		if err != nil {
			continue
		}
		if e.Closed || len(e.Ranges) == 0 {
			c.line("BEGIN:VEVENT")
			c.prop("UID", uid("closed-"+e.Date))
			c.prop("DTSTAMP", stamp)
			c.prop("DTSTART;VALUE=DATE", date.Format("20060102"))
			c.prop("DTEND;VALUE=DATE", date.AddDate(0, 0, 1).Format("20060102"))
			c.prop("SUMMARY", icsText(msgs.T(lang, "ics.closed", params)))
			if e.Note != "" {
				c.prop("DESCRIPTION", icsText(e.Note))
			}
			c.prop("TRANSP", "TRANSPARENT")
			c.line("END:VEVENT")
			continue
		}
		for i, tr := range e.Ranges {
			start, end, ok := rangeTimes(date, tr)
			if !ok {
				continue
			}
			c.line("BEGIN:VEVENT")
			c.prop("UID", uid("special-"+e.Date+"-"+string(rune('a'+i%26))))
			c.prop("DTSTAMP", stamp)
			c.prop("DTSTART;TZID="+tzid, start.Format(icsLocal))
			c.prop("DTEND;TZID="+tzid, end.Format(icsLocal))
			c.prop("SUMMARY", icsText(msgs.T(lang, "ics.special", params)))
			if e.Note != "" {
				c.prop("DESCRIPTION", icsText(e.Note))
			}
			c.prop("TRANSP", "TRANSPARENT")
			c.line("END:VEVENT")
		}
	}
	c.line("END:VCALENDAR")
	return c.b.Bytes()
}

// icsLocal is a local DATE-TIME (its zone in the TZID parameter).
const icsLocal = "20060102T150405"

// rangeTimes is a range of the local date day (midnight, as a UTC date
// standing for the wall clock) as wall-clock start and end: a close at or
// before the open is the next day's.
func rangeTimes(day time.Time, tr catalog.TimeRange) (start, end time.Time, ok bool) {
	open, ok1 := clockMinutes(tr.Open)
	closing, ok2 := clockMinutes(tr.Close)
	if !ok1 || !ok2 || open >= 24*60 {
		return time.Time{}, time.Time{}, false
	}
	if closing <= open {
		closing += 24 * 60
	}
	return day.Add(time.Duration(open) * time.Minute), day.Add(time.Duration(closing) * time.Minute), true
}

// clockMinutes reads "HH:MM" (up to "24:00") as minutes since midnight.
func clockMinutes(s string) (int, bool) {
	t, err := time.Parse("15:04", s)
	if s == "24:00" {
		return 24 * 60, true
	}
	if err != nil {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}
