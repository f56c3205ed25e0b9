package store

import "testing"

// TestNoteCatalog: a write naming a table the kept answers are read from
// (refcache.go) marks its transaction a catalogue change, hours alone
// included; a read, or a checkout's writes, which name venue_id but no
// such table, do not.
func TestNoteCatalog(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  bool
	}{
		{"DELETE FROM venue_hours WHERE venue_id = ?", true},
		{"INSERT INTO venue_hours (venue_id, weekday, position, opens_at, closes_at) VALUES (?, ?, ?, ?, ?)", true},
		{"UPDATE venues SET paused_until = ? WHERE id = ?", true},
		{"  UPDATE schemes SET name = ? WHERE id = ?", true},
		{"UPDATE menus SET version = version + 1 WHERE id = ?", true},
		{"SELECT venue_id FROM venue_hours", false},
		{"INSERT INTO orders (scheme_id, venue_id, user_id) VALUES (?, ?, ?)", false},
		{"UPDATE orders SET payment_status = ? WHERE id = ?", false},
	} {
		c := conn{fx: &afterCommit{}}
		c.noteCatalog(tc.query)
		if c.fx.catalog != tc.want {
			t.Errorf("%q: catalogue change %v, want %v", tc.query, c.fx.catalog, tc.want)
		}
	}
}
