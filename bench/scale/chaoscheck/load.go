package main

// What the checker reads: the database (PostgreSQL through pgx, SQLite
// through modernc, as the server does) and the driver's JSON-lines logs.

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"
)

// open connects to a PLATTER_DATABASE_URL.
func open(url string) (*sql.DB, error) {
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		return sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	}
	return sql.Open("pgx", url)
}

type orderRow struct {
	ID                    int64
	Key, NoteKey          string // the stored idempotency key; the one the client wrote in its note
	Status, PaymentStatus string
	Total                 int64
	Promo                 string
	Slot                  string // a delivery's preorder_for as stored ("" for ASAP or pickup)
}

type outboxRow struct{ To, Subject, Kind, Status string }

type deliveryRow struct {
	MsgID, Type, Status string
	OrderID             int64
}

type refundRow struct {
	OrderID, Amount int64
	Status, Kind    string
}

type slotRow struct {
	Slot      string
	Used, Cap int
}

// world is everything the properties are judged on.
type world struct {
	calls   []callLine
	mails   []mailLine
	hooks   []hookLine
	streams []streamLine

	orders      []orderRow
	intoPaid    map[int64]int // order id → transitions of its payment into paid
	outbox      []outboxRow
	deliveries  []deliveryRow
	refunds     []refundRow
	boardEvents map[int64]bool // the soho board's event ids (paid and refunded orders' events)
	promoUses   int            // the CHAOS code's counter
	promoHeld   int            // its redemptions reserved or spent
	promoMax    int
	slots       []slotRow // soho's delivery slots: the counter, and the orders holding a place
	slotCap     int
}

// callLine, mailLine, hookLine and streamLine are the driver's log lines.
type callLine struct {
	Worker        int    `json:"w"`
	Call          string `json:"call"`
	Key           string `json:"key"`
	OrderID       int64  `json:"order_id"`
	Attempt       int    `json:"attempt"`
	Status        int    `json:"status"`
	Code          int    `json:"code"`
	Err           string `json:"err"`
	Lost          bool   `json:"lost"`
	GaveUp        bool   `json:"gave_up"`
	PaymentStatus string `json:"payment_status"`
	Promo         bool   `json:"promo"`
	Slot          string `json:"slot"`
}

type mailLine struct {
	To, Subject string
	MessageID   string `json:"message_id"`
}

type hookLine struct {
	WebhookID string `json:"webhook_id"`
	Type      string `json:"type"`
	OrderID   int64  `json:"order_id"`
	BodySHA   string `json:"body_sha"`
	SigOK     bool   `json:"sig_ok"`
}

type streamLine struct {
	Stream  int    `json:"stream"`
	EventID int64  `json:"event_id"`
	Kind    string `json:"kind"`
	OrderID int64  `json:"order_id"`
}

func readLines[T any](path string) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, v)
	}
	return out, sc.Err()
}

func (w *world) readLogs(dir string) error {
	var err error
	if w.calls, err = readLines[callLine](filepath.Join(dir, "calls.jsonl")); err != nil {
		return err
	}
	if w.mails, err = readLines[mailLine](filepath.Join(dir, "mail.jsonl")); err != nil {
		return err
	}
	if w.hooks, err = readLines[hookLine](filepath.Join(dir, "webhooks.jsonl")); err != nil {
		return err
	}
	w.streams, err = readLines[streamLine](filepath.Join(dir, "streams.jsonl"))
	return err
}

// query runs q and scans each row with scan.
func query(db *sql.DB, q string, scan func(*sql.Rows) error) error {
	rows, err := db.Query(q)
	if err != nil {
		return fmt.Errorf("%s: %w", strings.Fields(q)[:4], err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// readDB reads the run's rows: its orders are those whose note the driver
// wrote ("chaos <key>"), its mail that to chaos-… addresses.
func (w *world) readDB(db *sql.DB) error {
	w.intoPaid, w.boardEvents = map[int64]int{}, map[int64]bool{}
	steps := []struct {
		q    string
		scan func(*sql.Rows) error
	}{
		{`SELECT id, idempotency_key, note, status, payment_status, total, promo_code,
			CASE WHEN order_type = 0 THEN COALESCE(CAST(preorder_for AS TEXT), '') ELSE '' END FROM orders WHERE note LIKE 'chaos %' ORDER BY id`,
			func(r *sql.Rows) error {
				var o orderRow
				err := r.Scan(&o.ID, &o.Key, &o.NoteKey, &o.Status, &o.PaymentStatus, &o.Total, &o.Promo, &o.Slot)
				o.NoteKey = strings.TrimPrefix(o.NoteKey, "chaos ")
				w.orders = append(w.orders, o)
				return err
			}},
		{`SELECT e.order_id, e.payment_status FROM order_events e JOIN orders o ON o.id = e.order_id
			WHERE o.note LIKE 'chaos %' ORDER BY e.order_id, e.id`, w.scanPaid()},
		{`SELECT to_addr, subject, kind, status FROM mail_outbox WHERE to_addr LIKE 'chaos-%' ORDER BY id`,
			func(r *sql.Rows) error {
				var m outboxRow
				err := r.Scan(&m.To, &m.Subject, &m.Kind, &m.Status)
				m.To = strings.ToLower(m.To)
				w.outbox = append(w.outbox, m)
				return err
			}},
		{`SELECT d.msg_id, e.type, d.status, e.body FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
			ORDER BY d.id`, func(r *sql.Rows) error {
			var d deliveryRow
			var body string
			if err := r.Scan(&d.MsgID, &d.Type, &d.Status, &body); err != nil {
				return err
			}
			var b struct {
				Data struct {
					Order struct {
						ID int64 `json:"id"`
					} `json:"order"`
					OrderID int64 `json:"order_id"` // a body cut to its ids
				} `json:"data"`
			}
			_ = json.Unmarshal([]byte(body), &b)
			d.OrderID = max(b.Data.Order.ID, b.Data.OrderID)
			w.deliveries = append(w.deliveries, d)
			return nil
		}},
		{`SELECT r.order_id, r.amount, r.status, r.kind FROM refunds r JOIN orders o ON o.id = r.order_id
			WHERE o.note LIKE 'chaos %' ORDER BY r.id`, func(r *sql.Rows) error {
			var f refundRow
			err := r.Scan(&f.OrderID, &f.Amount, &f.Status, &f.Kind)
			w.refunds = append(w.refunds, f)
			return err
		}},
		{`SELECT e.id FROM order_events e JOIN orders o ON o.id = e.order_id JOIN venues v ON v.id = o.venue_id
			WHERE v.slug = 'soho' AND e.kind <> 'driver' AND e.payment_status IN ('paid', 'refunded')`,
			func(r *sql.Rows) error {
				var id int64
				err := r.Scan(&id)
				w.boardEvents[id] = true
				return err
			}},
		{`SELECT p.uses, p.max_uses, (SELECT COUNT(*) FROM redemptions r WHERE r.promo_code_id = p.id
			AND r.status IN ('reserved', 'spent')) FROM promo_codes p WHERE p.code = 'CHAOS'`,
			func(r *sql.Rows) error { return r.Scan(&w.promoUses, &w.promoMax, &w.promoHeld) }},
		{`SELECT v.delivery_slot_capacity FROM venues v JOIN schemes s ON s.id = v.scheme_id
			WHERE v.slug = 'soho' AND s.slug = 'demo-burgers'`, func(r *sql.Rows) error { return r.Scan(&w.slotCap) }},
		{`SELECT CAST(u.slot_start AS TEXT), u.used FROM slot_usage u JOIN venues v ON v.id = u.venue_id
			WHERE v.slug = 'soho' AND u.order_type = 0`, func(r *sql.Rows) error {
			var s slotRow
			err := r.Scan(&s.Slot, &s.Used)
			s.Cap = -1 // the counter's row; the orders' count is worked out from w.orders
			w.slots = append(w.slots, s)
			return err
		}},
	}
	for _, s := range steps {
		if err := query(db, s.q, s.scan); err != nil {
			return err
		}
	}
	return nil
}

// scanPaid counts each order's payment moving into paid over its events.
func (w *world) scanPaid() func(*sql.Rows) error {
	var last int64
	prev := ""
	return func(r *sql.Rows) error {
		var id int64
		var pay string
		if err := r.Scan(&id, &pay); err != nil {
			return err
		}
		if id != last {
			last, prev = id, ""
		}
		if pay == "paid" && prev != "paid" {
			w.intoPaid[id]++
		}
		prev = pay
		return nil
	}
}

// pending counts what the instances still have to do for the run: mail,
// webhook deliveries and refunds not yet made.
func pending(db *sql.DB) (mail, hooks, refunds int, err error) {
	err = query(db, `SELECT
		(SELECT COUNT(*) FROM mail_outbox WHERE to_addr LIKE 'chaos-%' AND status = 'pending'),
		(SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'pending'),
		(SELECT COUNT(*) FROM refunds WHERE status = 'pending')`,
		func(r *sql.Rows) error { return r.Scan(&mail, &hooks, &refunds) })
	return mail, hooks, refunds, err
}
