// Package webhooks is what Platter's outbound webhooks are made of
// (docs/architecture.md §11): the events, a scheme's endpoints, the
// deliveries the store queues in the transaction of the change that causes
// them, and the Standard Webhooks 1.0 signature. It sends nothing: the
// sender package (the SSRF guard, the HTTP client and the delivery job)
// does, after commit. Code that queues events (store) imports this package
// only.
package webhooks

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// The events an endpoint may choose (docs/architecture.md §11).
const (
	OrderPaid          = "order.paid"           // an order's payment arrived (the board sees it)
	OrderStatusChanged = "order.status_changed" // accepted, rejected, ready, on the way, delivered, …
	OrderRefunded      = "order.refunded"       // money went back to the customer (a refund was made)
	MenuUpdated        = "menu.updated"         // a menu changed, or an item's availability at a venue
	SupportCreated     = "support.created"      // a customer raised a support request
)

// Events lists every event in the order the back office shows them.
var Events = []string{OrderPaid, OrderStatusChanged, OrderRefunded, MenuUpdated, SupportCreated}

// Known reports whether name is one of Events.
func Known(name string) bool {
	for _, e := range Events {
		if e == name {
			return true
		}
	}
	return false
}

// Limits: everything a scheme's endpoints can cost is bounded.
const (
	MaxEndpoints = 10             // endpoints per scheme, enabled or not
	MaxURL       = 2000           // characters of an endpoint's URL
	MaxBody      = 256 << 10      // bytes of one event's body; larger data is cut to the ids
	RetryWindow  = 24 * time.Hour // a delivery is tried for a day after its event, then given up
	Overlap      = 24 * time.Hour // a rotated secret still signs for this long
	KeptAttempts = 20             // attempts of one delivery kept in its log
)

// Delivery statuses.
const (
	StatusPending   = "pending"   // waiting for its (next) attempt
	StatusDelivered = "delivered" // the endpoint answered 2xx
	StatusFailed    = "failed"    // given up after RetryWindow
)

// Endpoint is one of a scheme's webhook endpoints as the back office sees
// it: never its secret.
type Endpoint struct {
	ID        int64
	URL       string
	Events    []string
	Enabled   bool
	CreatedAt time.Time
	UpdatedAt time.Time
	// RotatedUntil: the previous secret still signs until then (nil: no
	// rotation under way).
	RotatedUntil *time.Time
}

// Input is an endpoint as admin/webhooks/upsert saves it (ID 0: a new
// one); Check has passed.
type Input struct {
	ID      int64
	URL     string
	Events  []string
	Enabled bool
}

// Attempt is one try of a delivery.
type Attempt struct {
	At           time.Time
	ResponseCode int    // 0: no HTTP answer (refused, timed out, …)
	Error        string // "" when the endpoint answered 2xx
	DurationMS   int64
}

// Delivery is one event for one endpoint: its log line in the back office.
type Delivery struct {
	ID            int64
	MessageID     string // the webhook-id header: the same on every attempt
	Event         string
	Status        string
	Attempts      int
	ResponseCode  int // of the latest attempt
	LastError     string
	CreatedAt     time.Time
	LastAttemptAt *time.Time
	NextAttemptAt *time.Time // pending only
	DeliveredAt   *time.Time
	Log           []Attempt // newest first, at most KeptAttempts
}

// Queued is a delivery claimed by the sender. Attempt numbers the claim, so
// the outcome is recorded only by the latest claimant.
type Queued struct {
	ID        int64
	Attempt   int
	MessageID string
	URL       string
	Body      []byte
	Secrets   []string // the endpoint's secret, then the previous one during an overlap
	CreatedAt time.Time
}

// Outcome is what one attempt came to.
type Outcome struct {
	ResponseCode int
	Err          string // "" for a 2xx answer
	Duration     time.Duration
}

// OK reports a delivered attempt.
func (o Outcome) OK() bool { return o.Err == "" && o.ResponseCode >= 200 && o.ResponseCode < 300 }

// Backoff is the wait after the given failed attempt: 30 s, 1 min, 2 min, …
// doubling up to 4 hours; with RetryWindow that is some fifteen tries.
func Backoff(attempt int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < attempt && d < 4*time.Hour; i++ {
		d *= 2
	}
	return min(d, 4*time.Hour)
}

// secretPrefix starts every secret (Standard Webhooks' whsec_ + base64 key).
const secretPrefix = "whsec_"

// NewSecret returns a new signing secret: 24 random bytes, "whsec_" + base64.
func NewSecret() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return secretPrefix + base64.StdEncoding.EncodeToString(b[:])
}

// NewMessageID returns a webhook-id: "msg_" and 16 random bytes in hex,
// the same on every attempt of one delivery, so receivers deduplicate.
func NewMessageID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "msg_" + hex.EncodeToString(b[:])
}

// Sign returns the webhook-signature header of one attempt: "v1,<base64
// HMAC-SHA256 of id.timestamp.body>" for each secret, space separated (a
// receiver accepts the message when any one matches, so during a rotation
// both the new and the previous secret verify).
func Sign(secrets []string, id string, at time.Time, body []byte) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, secretPrefix))
		if err != nil {
			continue
		}
		m := hmac.New(sha256.New, key)
		m.Write([]byte(id))
		m.Write([]byte{'.'})
		m.Write([]byte(ts))
		m.Write([]byte{'.'})
		m.Write(body)
		sigs = append(sigs, "v1,"+base64.StdEncoding.EncodeToString(m.Sum(nil)))
	}
	return strings.Join(sigs, " ")
}
