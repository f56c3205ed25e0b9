// Package mail is what Platter's mail is made of: the message, the scheme's
// brand, the templates that write it from the i18n catalogue, and the
// outbox's row types and statuses. It sends nothing: the store queues these
// messages in the transaction of the change that causes them, and the
// mailer package (SMTP sender and outbox worker) delivers them after
// commit. Code that writes mail (account, store) imports this package only.
package mail

import "time"

// Message is one e-mail, ready to send. It is sent from the operator's
// address (PLATTER_MAIL_FROM) under FromName, so SPF and DKIM hold while
// the customer sees the brand they ordered from.
type Message struct {
	FromName string // the sender's display name (the scheme's); "" keeps PLATTER_MAIL_FROM's
	ReplyTo  string // a bare address; "" for no Reply-To
	To       string
	Subject  string
	Text     string
	HTML     string
	// ID is the left-hand side of the Message-ID; "" for a random one. The
	// outbox worker sets it from the queued row (mailer.MessageKey), so a
	// message sent again after a crash (the SMTP server accepted it, the
	// instance died before recording that) carries the same Message-ID,
	// by which the recipient's mail system knows it for the same message.
	ID string
}

// Mail templates (Render's kind).
const (
	KindVerifyCode        = "verify_code"
	KindResetCode         = "reset_code"
	KindAlreadyRegistered = "already_registered"
	KindStaffInvitation   = "staff_invitation"
)

// Brand is how a scheme signs its mail: its name (the sender's display
// name), logo, colour and theme, and where replies go.
type Brand struct {
	Slug    string
	Name    string
	Colour  string // "#rrggbb"
	LogoURL string // a path under the public URL or an absolute URL; "" for none
	Dark    bool   // the scheme's theme is dark (its mail is dark unless the reader prefers light)
	ReplyTo string // the scheme's Reply-To; "" for none
}

// Queued is a message claimed from the outbox by a worker. Attempt numbers
// the claim, so the outcome is recorded only by the latest claimant.
type Queued struct {
	ID      int64
	Attempt int
	Kind    string
	Message Message
}

// Outbox statuses a worker records.
const (
	StatusSent    = "sent"    // accepted by the SMTP server
	StatusOutbox  = "outbox"  // no SMTP configured: written to the log only
	StatusPending = "pending" // to be tried again
	StatusFailed  = "failed"  // given up
)

// Entry is one message of the outbox as a manager sees it listed (never
// its body: it may hold a customer's one-time code).
type Entry struct {
	ID        int64
	Kind      string
	To        string
	Subject   string
	Status    string // pending, sent, outbox (logged only: no SMTP) or failed
	Attempts  int
	CreatedAt time.Time
	SentAt    *time.Time
}
