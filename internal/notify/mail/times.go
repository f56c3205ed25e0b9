package mail

import (
	"fmt"
	"time"
)

// Times in a mail are in the venue's zone and the language's format: en-US
// on a 12-hour clock ("5:54 PM"), pl-PL on a 24-hour one ("17:54"), with
// the day and date when it is not today ("Friday, November 27, 12:00 PM",
// "piątek, 27 listopada, 12:00"): never "tomorrow", which a mail read the
// next day gets wrong. Names of days and months are the languages' own
// (CLDR), like the money formats of the pricing package.
var (
	weekdays = map[string][7]string{
		"en-US": {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		"pl-PL": {"niedziela", "poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota"},
	}
	months = map[string][12]string{
		"en-US": {"January", "February", "March", "April", "May", "June", "July", "August", "September",
			"October", "November", "December"},
		// The genitive, as a date says it: "27 listopada".
		"pl-PL": {"stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia",
			"września", "października", "listopada", "grudnia"},
	}
)

func clock(lang string, t time.Time) string {
	if lang == "pl-PL" {
		return t.Format("15:04")
	}
	return t.Format("3:04 PM")
}

func day(lang string, t time.Time, year bool) string {
	wd, mo := weekdays[lang][t.Weekday()], months[lang][t.Month()-1]
	switch {
	case lang == "pl-PL" && year:
		return fmt.Sprintf("%s, %d %s %d", wd, t.Day(), mo, t.Year())
	case lang == "pl-PL":
		return fmt.Sprintf("%s, %d %s", wd, t.Day(), mo)
	case year:
		return fmt.Sprintf("%s, %s %d, %d", wd, mo, t.Day(), t.Year())
	}
	return fmt.Sprintf("%s, %s %d", wd, mo, t.Day())
}

// When is a promised time as a customer reads it at now: the time alone
// today, else with the day and date (and the year when it is not this
// year's), in zone.
func When(lang string, t, now time.Time, zone *time.Location) string {
	lang = language(lang)
	if zone == nil {
		zone = time.UTC
	}
	t, now = t.In(zone), now.In(zone)
	y1, m1, d1 := t.Date()
	y0, m0, d0 := now.Date()
	if y1 == y0 && m1 == m0 && d1 == d0 {
		return clock(lang, t)
	}
	return day(lang, t, y1 != y0) + ", " + clock(lang, t)
}

// DateTime is a moment in full, as a receipt dates itself: "Thursday,
// November 26, 2026, 3:04 PM", "czwartek, 26 listopada 2026, 15:04".
func DateTime(lang string, t time.Time, zone *time.Location) string {
	lang = language(lang)
	if zone == nil {
		zone = time.UTC
	}
	t = t.In(zone)
	return day(lang, t, true) + ", " + clock(lang, t)
}

// language is lang when the mail is written in it, else the default.
func language(lang string) string {
	if _, ok := weekdays[lang]; ok {
		return lang
	}
	return "en-US"
}
