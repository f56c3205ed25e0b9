package httpapi_test

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"platter/internal/store"
)

// clock is a settable time for the server, so tests expire codes and
// sessions without sleeping.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// startAuth is start with the server's clock (and, optionally, the mail
// poke) under the test's control.
func startAuth(t *testing.T, db *store.DB, now func() time.Time, poke func()) *env {
	t.Helper()
	return start(t, db, options{now: now, poke: poke})
}

func data(kv ...any) map[string]any {
	d := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		d[kv[i].(string)] = kv[i+1]
	}
	return map[string]any{"data": d}
}

func signUpBody(slug, email string) map[string]any {
	return data("business_slug", slug, "email", email, "password", "Sesame-open-1",
		"first_name", "Anna", "last_name", "Nowak", "contact_number", "+447911123456")
}

// outboxMail is one row of the outbox.
type outboxMail struct {
	Kind, To, Subject, Text, HTML, Status string
}

// outbox returns the queued mail to an address, oldest first.
func outbox(t *testing.T, db *store.DB, to string) []outboxMail {
	t.Helper()
	q := "SELECT kind, to_addr, subject, text_body, html_body, status FROM mail_outbox WHERE to_addr = ? ORDER BY id"
	if db.Dialect() == store.Postgres {
		q = strings.Replace(q, "?", "$1", 1)
	}
	rows, err := db.SQL().Query(q, to)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []outboxMail
	for rows.Next() {
		var m outboxMail
		if err := rows.Scan(&m.Kind, &m.To, &m.Subject, &m.Text, &m.HTML, &m.Status); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

var codeRE = regexp.MustCompile(`\b[0-9]{6}\b`)

// lastCode is the code in the latest mail queued to an address.
func lastCode(t *testing.T, db *store.DB, to string) string {
	t.Helper()
	ms := outbox(t, db, to)
	if len(ms) == 0 {
		t.Fatalf("no mail to %s", to)
	}
	code := codeRE.FindString(ms[len(ms)-1].Text)
	if code == "" {
		t.Fatalf("no code in the mail to %s: %q", to, ms[len(ms)-1].Text)
	}
	return code
}

func bearerOf(r *response, t *testing.T) []string {
	t.Helper()
	tok, _ := r.data(t)["token"].(string)
	if tok == "" {
		t.Fatalf("no token: %s", r.Raw)
	}
	return []string{"Authorization", "Bearer " + tok}
}
