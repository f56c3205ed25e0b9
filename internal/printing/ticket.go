package printing

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/ordering"
)

// Style is how a row of a ticket is set: the renderers (text, PNG) each
// draw it their way.
type Style int

const (
	Normal  Style = iota
	Bold          // a line of the order
	Big           // the order's number and type
	Inverse       // white on black: the note's and an allergy's heading
	Rule          // a separating line (Text is empty)
)

// Row is one row of a ticket, before wrapping.
type Row struct {
	Text   string
	Style  Style
	Indent int // in steps of two characters
}

// Ticket is the kitchen's ticket of one order, as rows.
type Ticket struct {
	Rows []Row
}

// Translate gives a ticket's label in the ticket's language.
type Translate func(key string, params map[string]string) string

// Bounds of what a ticket holds, so its job stays small.
const (
	maxTicketLines = 60  // order lines
	maxNoteRunes   = 500 // the order's and the address's notes
)

// allergyNote flags a note as an allergy or diet note: a word starting
// with one of these English and Polish stems ("nut" at a word's start, so
// "in a minute" is not one).
var allergyNote = regexp.MustCompile(`(?i)\b(allerg|alerg|uczul|anaphyla|gluten|bezglut|celiac|coeliac|nut|peanut|` +
	`orzech|arachid|lactose|laktoz|dairy|sesame|sezam|shellfish|skorupiak|vegan|wega[nń]|halal|kosher)`)

// IsAllergyNote reports whether a note speaks of an allergy or a diet.
func IsAllergyNote(s string) bool { return allergyNote.MatchString(s) }

// NewTicket lays out the ticket of an order: the venue, the order's number
// and type, the time promised (in the venue's zone loc), the lines with
// their modifiers, the notes (an allergy's prominent) and, for delivery,
// the customer and the address. reprint marks a copy.
func NewTicket(d *ordering.Detail, loc *time.Location, t Translate, reprint bool) Ticket {
	if loc == nil {
		loc = time.UTC
	}
	var rows []Row
	add := func(text string, st Style, indent int) {
		rows = append(rows, Row{Text: text, Style: st, Indent: indent})
	}
	add(d.VenueName, Bold, 0)
	add(t("ticket.number", map[string]string{"number": strconv.FormatInt(d.Number, 10)}), Big, 0)
	typ := "ticket.pickup"
	if d.OrderType == catalog.OrderTypeDelivery {
		typ = "ticket.delivery"
	}
	add(t(typ, nil), Big, 0)
	if reprint {
		add(t("ticket.reprint", nil), Inverse, 0)
	}
	add(promise(d, loc, t), Bold, 0)
	add("", Rule, 0)
	for i, l := range d.Lines {
		if i == maxTicketLines {
			add(t("ticket.more_lines", map[string]string{"count": strconv.Itoa(len(d.Lines) - i)}), Normal, 0)
			break
		}
		add(fmt.Sprintf("%d x %s", l.Qty, l.Title), Bold, 0)
		for _, m := range l.Modifiers {
			if m.Qty > 1 {
				add(fmt.Sprintf("+ %d x %s", m.Qty, m.Name), Normal, 1)
			} else {
				add("+ "+m.Name, Normal, 1)
			}
		}
	}
	add("", Rule, 0)
	rows = append(rows, noteRows(d.Note, "ticket.note", t)...)
	if a := d.DeliveryAddress; d.OrderType == catalog.OrderTypeDelivery && a != nil {
		rows = append(rows, noteRows(a.Note, "ticket.address_note", t)...)
	}
	add(strings.TrimSpace(d.FirstName+" "+d.LastName), Bold, 0)
	if d.ContactNumber != "" {
		add(d.ContactNumber, Normal, 0)
	}
	if a := d.DeliveryAddress; d.OrderType == catalog.OrderTypeDelivery && a != nil {
		for _, s := range []string{a.Line1, a.Line2, catalog.TownLine(a.Country, a.City, a.Postcode)} {
			if s != "" {
				add(s, Bold, 0)
			}
		}
		if a.ContactNumber != "" && a.ContactNumber != d.ContactNumber {
			add(a.ContactNumber, Normal, 0)
		}
	}
	return Ticket{Rows: rows}
}

// noteRows are a note under its heading, an allergy's heading louder.
func noteRows(note, heading string, t Translate) []Row {
	note = clean(note, maxNoteRunes)
	if note == "" {
		return nil
	}
	if IsAllergyNote(note) { // the kitchen cannot miss it: big, under its own heading
		return []Row{{Text: t("ticket.allergy", nil), Style: Inverse}, {Text: note, Style: Big}, {Style: Rule}}
	}
	return []Row{{Text: t(heading, nil), Style: Inverse}, {Text: note, Style: Bold}, {Style: Rule}}
}

// promise is when the kitchen must have the order ready (for delivery,
// before the driver's minutes), else the time promised or the pre-order's
// slot.
func promise(d *ordering.Detail, loc *time.Location, t Translate) string {
	at := d.ReadyAt
	if at == nil {
		at = d.ExpectedAt
	}
	if at == nil {
		at = d.PreorderFor
	}
	if at == nil {
		return t("ticket.asap", nil)
	}
	when := at.In(loc)
	key := "ticket.promised"
	if !d.IsASAP {
		key = "ticket.preorder"
	}
	return t(key, map[string]string{"time": when.Format("15:04"), "date": when.Format("02.01")})
}

// Text is the ticket as plain text, wrapped at width columns.
func (tk Ticket) Text(width int) string {
	var b strings.Builder
	for _, r := range tk.Rows {
		switch r.Style {
		case Rule:
			b.WriteString(strings.Repeat("-", width))
			b.WriteByte('\n')
			continue
		case Big, Inverse:
			r.Text = strings.ToUpper(r.Text)
		}
		if r.Style == Inverse {
			r.Text = "*** " + r.Text + " ***"
		}
		pad := strings.Repeat("  ", r.Indent)
		for _, line := range wrapRunes(r.Text, width-len(pad)) {
			b.WriteString(pad + line + "\n")
		}
	}
	return b.String()
}

// wrapRunes breaks s into lines of at most n runes, at spaces where it can.
func wrapRunes(s string, n int) []string {
	return wrap(s, func(line string) bool { return len([]rune(line)) <= n })
}

// wrap breaks s into lines that fit, at spaces where it can (a word too
// long for a line is cut).
func wrap(s string, fits func(string) bool) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if fits(try) {
			line = try
			continue
		}
		if line != "" {
			out = append(out, line)
		}
		for !fits(w) && len([]rune(w)) > 1 {
			r := []rune(w)
			cut := len(r) - 1
			for cut > 1 && !fits(string(r[:cut])) {
				cut--
			}
			out = append(out, string(r[:cut]))
			w = string(r[cut:])
		}
		line = w
	}
	if line != "" || len(out) == 0 {
		out = append(out, line)
	}
	return out
}
