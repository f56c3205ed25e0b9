// Package audit holds the shapes of the back office's audit log
// (docs/architecture.md §10): who changed what in a scheme, before and
// after. The store writes and reads the rows (store.EditScheme,
// store.RecordAudit, store.AuditLog); admin/audit/list shows them.
package audit

import (
	"encoding/json"
	"time"
)

// Audit names who did a back-office write and what it was: the signed-in
// user (ActorUserID 0: none, e.g. the CLI) and their e-mail address, the
// action ("menu.upsert-item", "scheme.import", "team.invite"; the part
// before the first dot is its kind, which the log filters on) and what it
// names (an item's ref, a venue's slug, an address).
type Audit struct {
	ActorUserID int64
	ActorEmail  string
	Action      string
	Target      string
}

// Entry is one row of the audit log as admin/audit/list shows it; Before
// and After are the JSON the write recorded.
type Entry struct {
	ID         int64           `json:"id"`
	At         time.Time       `json:"at"`
	ActorEmail string          `json:"actor_email"`
	Action     string          `json:"action"`
	Target     string          `json:"target"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
}

// Filter selects audit rows of one scheme: by actor e-mail, by action (an
// exact action, or a kind such as "menu" for every "menu.…"), and by time
// (From included, To excluded; zero: open). Page counts from 1.
type Filter struct {
	ActorEmail string
	Action     string
	From, To   time.Time
	Page       int
}

// PageSize is how many rows one page of the audit log holds.
const PageSize = 50
