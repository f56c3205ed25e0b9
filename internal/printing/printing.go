// Package printing is the kitchen's ticket printers (docs/architecture.md
// §11): the printers a venue configures, the jobs the order path gives
// them, what the printers report of themselves, and the ticket each kind
// of printer is sent (text, PNG, StarPRNT raster, ePOS-Print XML). It
// knows nothing of SQL or HTTP.
package printing

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"platter/internal/ordering"
)

// The kinds of printer: the protocol a printer polls with.
const (
	KindStar  = "star_cloudprnt"
	KindEpson = "epson_sdp"
)

// Kinds is every kind, in the order the back office offers them.
var Kinds = []string{KindStar, KindEpson}

// Why a job was made.
const (
	ReasonAccept  = "accept"
	ReasonReprint = "reprint"
)

// A job's state: handed out until the printer confirms it (printed), or
// given up after MaxHandouts (failed).
const (
	JobPending = "pending"
	JobPrinted = "printed"
	JobFailed  = "failed"
)

// Bounds.
const (
	// MaxPerVenue is how many printers one venue may have.
	MaxPerVenue = 8
	// MaxNameLen bounds a printer's name (runes).
	MaxNameLen = 60
	// MaxHandouts is how often one job is handed out without a
	// confirmation before it is given up (a printer that fails it every
	// time would otherwise be sent it for ever).
	MaxHandouts = 20
	// MaxPendingReprints bounds the reprints of one order waiting at one
	// printer: a button pressed many times does not queue a roll of paper.
	MaxPendingReprints = 3
	// PollsPerWindow and PollWindow bound how often one printer's URL is
	// answered (each kind polls every few seconds; a storm is refused).
	PollsPerWindow = 60
	PollWindow     = 10 * time.Second
	// OnlineWithin is how recent a poll must be for a printer to count as
	// online.
	OnlineWithin = 2 * time.Minute
	// PollRecordEvery: a poll that reports nothing new is recorded (its
	// time written) only this long after the last one recorded, so a
	// printer polling every few seconds does not write a row each time.
	PollRecordEvery = 15 * time.Second
	// MaxBody bounds what a printer may send (a poll, a form, a result).
	MaxBody = 16 << 10
)

// Printer is one configured printer and what it last reported.
type Printer struct {
	ID        int64
	SchemeID  int64
	VenueID   int64
	VenueSlug string
	Name      string
	Kind      string
	Key       string // the secret in its URL
	Status    Status
	LastPoll  *time.Time
	Pending   int // jobs waiting for it
	CreatedAt time.Time
}

// Online reports whether the printer polled recently.
func (p *Printer) Online(now time.Time) bool {
	return p.LastPoll != nil && now.Sub(*p.LastPoll) <= OnlineWithin
}

// Status is what a printer said of itself at its last poll.
type Status struct {
	Code      string // e.g. "200 OK", "410 Out of paper" (Star), "ASB 0x00080000" (Epson)
	PaperOut  bool
	PaperLow  bool
	CoverOpen bool
}

// Job is one ticket to print at one printer.
type Job struct {
	ID        int64
	PrinterID int64
	OrderID   int64
	SchemeID  int64
	Token     string
	Reason    string
	Status    string
	Handed    int
	CreatedAt time.Time
}

// NewKey returns a printer's secret (the last segment of its URL): 24
// random bytes, hex.
func NewKey() string { return randomHex(24) }

// NewToken returns a job's token (CloudPRNT's jobToken, Epson's
// printjobid): 12 random bytes, hex.
func NewToken() string { return randomHex(12) }

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ValidKey reports whether s has the shape of a key (so a lookup of
// anything else is not made).
func ValidKey(s string) bool { return len(s) == 48 && isHex(s) }

// ValidToken reports whether s has the shape of a job token.
func ValidToken(s string) bool { return len(s) == 24 && isHex(s) }

func isHex(s string) bool {
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}

// StarStatus reads a CloudPRNT poll's statusCode ("200 OK", "410 Out of
// paper", URL-encoded or not): 21x is paper low, 41x paper out, 42x cover
// open; the code is kept (bounded) for the back office.
func StarStatus(code string) Status {
	code = strings.ReplaceAll(code, "%20", " ")
	code = clean(code, 40)
	s := Status{Code: code}
	switch {
	case strings.HasPrefix(code, "21"):
		s.PaperLow = true
	case strings.HasPrefix(code, "41"):
		s.PaperOut = true
	case strings.HasPrefix(code, "42"):
		s.CoverOpen = true
	}
	return s
}

// Epson's automatic status bits (ePOS-Print's ASB), as a result reports
// them in its status attribute.
const (
	asbOffline     = 0x00000008
	asbCoverOpen   = 0x00000020
	asbReceiptLow  = 0x00020000
	asbReceiptOut  = 0x00080000
	asbNoResponse  = 0x00000001
	asbPrintedOkay = 0x00000002
)

// EpsonStatus reads the status attribute (a decimal ASB) of an ePOS-Print
// result.
func EpsonStatus(asb string) Status {
	n, err := strconv.ParseUint(strings.TrimSpace(asb), 10, 32)
	if err != nil {
		return Status{Code: clean(asb, 40)}
	}
	s := Status{Code: "ASB 0x" + strconv.FormatUint(n, 16), PaperOut: n&asbReceiptOut != 0,
		PaperLow: n&asbReceiptLow != 0, CoverOpen: n&asbCoverOpen != 0}
	if n&asbNoResponse != 0 || n&asbOffline != 0 && !s.PaperOut && !s.CoverOpen {
		s.Code += " offline"
	}
	return s
}

// clean keeps printable characters of s, at most n runes.
func clean(s string, n int) string {
	var b strings.Builder
	for _, r := range s {
		if n == 0 {
			break
		}
		if r >= 0x20 && r != 0x7f {
			b.WriteRune(r)
			n--
		}
	}
	return strings.TrimSpace(b.String())
}

// Confirmed reports whether a CloudPRNT confirmation code says the job was
// printed (2xx).
func Confirmed(code string) bool {
	code = strings.TrimSpace(strings.ReplaceAll(code, "%20", " "))
	return strings.HasPrefix(code, "2")
}

// Change is admin/printers/upsert: ID 0 adds a printer to the venue, or
// changes the venue's printer of that name (a retried call makes no second
// printer); an ID renames that printer or changes its kind, keeping its
// URL.
type Change struct {
	SchemeID  int64
	VenueSlug string
	ID        int64
	Name      string
	Kind      string
}

// Handout is a job as its printer is given it: the job, the order as it
// is now, the venue's time zone and the ticket's language.
type Handout struct {
	Job   Job
	Order *ordering.Detail
	Zone  *time.Location
	Lang  string
}
