package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/address"
	"platter/internal/customers"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/support"
)

// The back office's customers (docs/architecture.md §10): a scheme's
// customer accounts with what they ordered, one customer's personal data
// on request, and its erasure. Every query names the scheme: a customer of
// another scheme reads exactly like a missing one. Guests are not listed
// (a guest is a new user at every visit), nor are erased accounts.

// customerSelect is a customer row with its order figures: paid (or since
// refunded) orders, their totals less every refund made of them, the last
// one (by id, which grows with time) and the card's stamps. The last
// order's time is read from its row, not as MAX(created_at), so SQLite
// hands back a typed time.
const customerSelect = `SELECT u.id, u.email, u.first_name, u.last_name, u.contact_number, u.created_at,
	COALESCE(o.n, 0), COALESCE(o.spent, 0), lo.created_at, COALESCE(b.balance, 0)
	FROM users u
	LEFT JOIN (SELECT user_id, COUNT(*) AS n, MAX(id) AS last_id,
			CAST(SUM(total - COALESCE((SELECT SUM(r.amount) FROM refunds r WHERE r.order_id = orders.id), 0)) AS BIGINT) AS spent
		FROM orders WHERE scheme_id = ? AND payment_status IN ('paid', 'refunded') GROUP BY user_id) o ON o.user_id = u.id
	LEFT JOIN orders lo ON lo.id = o.last_id
	LEFT JOIN loyalty_balances b ON b.user_id = u.id AND b.scheme_id = u.scheme_id`

func scanCustomer(r scanner, c *account.Customer) error {
	var last sql.NullTime
	if err := r.Scan(&c.ID, &c.Email, &c.FirstName, &c.LastName, &c.Phone, &c.CreatedAt, &c.Orders, &c.Spent,
		&last, &c.Stamps); err != nil {
		return err
	}
	c.CreatedAt = c.CreatedAt.UTC()
	c.LastOrderAt = utcOf(last)
	return nil
}

// likeEscape makes s a LIKE pattern matching any text that contains it.
func likeEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// Customers returns one page of a scheme's customers, the most recent
// orderers first (then the newest accounts), and how many match in all.
func (db *DB) Customers(ctx context.Context, schemeID int64, f account.CustomerFilter) ([]account.Customer, int, error) {
	where, args := "u.scheme_id = ? AND u.is_guest = FALSE AND u.erased_at IS NULL", []any{schemeID}
	if f.UserID != 0 {
		where += " AND u.id = ?"
		args = append(args, f.UserID)
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		// The folded name of migration 0034 (SQLite's lower() knows ASCII
		// only): "łukasz" finds Łukasz on both databases.
		folded := likeEscape(searchFold(q))
		where += ` AND (u.email_norm LIKE ? ESCAPE '\' OR u.search_name LIKE ? ESCAPE '\'
			OR u.contact_number LIKE ? ESCAPE '\')`
		args = append(args, folded, folded, likeEscape(strings.ReplaceAll(q, " ", "")))
	}
	per := f.PerPage
	if per <= 0 {
		per = account.CustomerPageSize
	}
	var (
		out   []account.Customer
		total int
	)
	err := db.read(ctx, func(c conn) error {
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM users u WHERE "+where, args...).Scan(&total); err != nil {
			return err
		}
		var err error
		out, err = scanAll(ctx, c, scanCustomer, customerSelect+" WHERE "+where+
			" ORDER BY COALESCE(o.last_id, 0) DESC, u.id DESC LIMIT ? OFFSET ?",
			append(append([]any{schemeID}, args...), per, (max(f.Page, 1)-1)*per)...)
		return err
	})
	if err != nil {
		return nil, 0, mapErr(err)
	}
	return out, total, nil
}

// guestOrders selects the ids of the scheme's orders placed as a guest
// with an e-mail address (its fold: users.email_norm, orders.search_email
// of migration 0034); its arguments are the scheme and the fold. They are
// the customer's too: a person who ordered as a guest and signed up later,
// or the other way round, asks for (or to erase) all of it.
const guestOrders = `SELECT o.id FROM orders o JOIN users g ON g.id = o.user_id
	WHERE o.scheme_id = ? AND o.search_email = ? AND o.search_email <> '' AND g.is_guest = TRUE`

// CustomerRecord reads everything a scheme holds of one customer, in one
// snapshot: the account, its saved addresses, every order it placed (paid
// or not), the scheme's guest orders placed with its e-mail address, and
// the support requests of both. Not found for a guest, an erased account
// or another scheme's.
func (db *DB) CustomerRecord(ctx context.Context, schemeID, userID int64) (*customers.Record, error) {
	var out *customers.Record
	err := db.read(ctx, func(c conn) error {
		rows, err := scanAll(ctx, c, scanCustomer, customerSelect+
			" WHERE u.id = ? AND u.scheme_id = ? AND u.is_guest = FALSE AND u.erased_at IS NULL", schemeID, userID, schemeID)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return platter.NotFound()
		}
		rec := &customers.Record{Customer: rows[0]}
		var verified sql.NullTime
		var norm string
		if err := c.queryRow(ctx, "SELECT verified_at, email_norm FROM users WHERE id = ?", userID).
			Scan(&verified, &norm); err != nil {
			return err
		}
		rec.VerifiedAt = utcOf(verified)
		if rec.Addresses, err = scanAll(ctx, c, func(r scanner, a *address.Address) error {
			got, err := scanAddress(r)
			if err == nil {
				*a = *got
			}
			return err
		}, "SELECT "+addressColumns.list("")+
			" FROM addresses WHERE user_id = ? AND scheme_id = ? ORDER BY id", userID, schemeID); err != nil {
			return err
		}
		ids, err := scanAll(ctx, c, func(r scanner, id *int64) error { return r.Scan(id) },
			"SELECT id FROM orders WHERE (user_id = ? AND scheme_id = ?) OR id IN ("+guestOrders+") ORDER BY id DESC",
			userID, schemeID, schemeID, norm)
		if err != nil {
			return err
		}
		rec.Orders = make([]ordering.Detail, 0, len(ids))
		for _, id := range ids {
			d, err := loadDetail(ctx, c, id)
			if err != nil {
				return err
			}
			rec.Orders = append(rec.Orders, *d)
		}
		if rec.Support, err = customerSupport(ctx, c, schemeID, userID, norm); err != nil {
			return err
		}
		out = rec
		return nil
	})
	if err != nil {
		return nil, mapErr(err)
	}
	return out, nil
}

// customerSupport reads a customer's support requests (and those about
// the guest orders of its e-mail address, norm), oldest first, each with
// its photos' ids.
func customerSupport(ctx context.Context, c conn, schemeID, userID int64, norm string) ([]support.Request, error) {
	out, err := scanAll(ctx, c, func(r scanner, x *support.Request) error {
		x.PhotoIDs = []int64{}
		return r.Scan(&x.ID, &x.SchemeID, &x.OrderID, &x.UserID, &x.Kind, &x.Description, &x.Status, &x.CreatedAt)
	}, `SELECT id, scheme_id, order_id, user_id, kind, description, status, created_at
		FROM support_requests WHERE scheme_id = ? AND (user_id = ? OR order_id IN (`+guestOrders+`)) ORDER BY id`,
		schemeID, userID, schemeID, norm)
	if err != nil || len(out) == 0 {
		return out, err
	}
	index := map[int64]int{}
	for i := range out {
		out[i].CreatedAt = out[i].CreatedAt.UTC()
		index[out[i].ID] = i
	}
	photos, err := scanAll(ctx, c, func(r scanner, p *[2]int64) error { return r.Scan(&p[0], &p[1]) },
		`SELECT u.id, u.support_request_id FROM uploads u JOIN support_requests s ON s.id = u.support_request_id
			WHERE s.scheme_id = ? AND (s.user_id = ? OR s.order_id IN (`+guestOrders+`)) ORDER BY u.id`,
		schemeID, userID, schemeID, norm)
	for _, p := range photos {
		if i, ok := index[p[1]]; ok {
			out[i].PhotoIDs = append(out[i].PhotoIDs, p[0])
		}
	}
	return out, err
}

// blankAddress is what an erased customer's delivery order keeps of its
// address: the shape, with nothing in it.
var blankAddress = func() string {
	b, _ := json.Marshal(ordering.Address{})
	return string(b)
}()

// EraseCustomer removes or blanks a customer's personal data on request,
// in one transaction with its audit row: the account's name, e-mail, phone
// and password (it can never sign in again; its sessions end now, and its
// e-mail address is free for a new account), its saved addresses, its
// support requests' texts and photos, its orders' names, contacts,
// delivery addresses and notes, its codes and the scheme's mail to it.
// The scheme's guest orders placed with its e-mail address (guestOrders)
// are the same person's: their names, contacts, addresses and notes, their
// support requests and photos, and the saved addresses of the guest
// sessions that placed them go too. The orders keep their money figures,
// lines and times, so the books still add up. Not found for a guest, an
// account already erased or another scheme's.
func (db *DB) EraseCustomer(ctx context.Context, schemeID, userID int64, a Audit, now time.Time) error {
	now = utc(now)
	return mapErr(db.write(ctx, func(c conn) error {
		var email, emailNorm string
		err := c.queryRow(ctx, `SELECT email, email_norm FROM users
			WHERE id = ? AND scheme_id = ? AND is_guest = FALSE AND erased_at IS NULL`, userID, schemeID).Scan(&email, &emailNorm)
		if err != nil {
			return err
		}
		// Everything a guest order of the address leads to, before the
		// orders themselves forget the address (the last step).
		guest := []any{schemeID, emailNorm}
		guestRequests := "SELECT id FROM support_requests WHERE order_id IN (" + guestOrders + ")"
		steps := []struct {
			query string
			args  []any
		}{
			{"UPDATE support_messages SET body = '' WHERE support_request_id IN (" + guestRequests + ")", guest},
			{"DELETE FROM uploads WHERE support_request_id IN (" + guestRequests + ")", guest},
			{"UPDATE support_requests SET description = '' WHERE order_id IN (" + guestOrders + ")", guest},
			{`DELETE FROM addresses WHERE scheme_id = ? AND user_id IN
				(SELECT o.user_id FROM orders o WHERE o.id IN (` + guestOrders + `))`, append([]any{schemeID}, guest...)},
			{`UPDATE orders SET email = '', contact_number = '', first_name = '', last_name = '', note = '',
				search_email = '', search_name = '', search_last_name = '',
				delivery_address = CASE WHEN delivery_address = '' THEN '' ELSE ? END WHERE id IN (` + guestOrders + `)`,
				append([]any{blankAddress}, guest...)},
			{"UPDATE redemptions SET email_norm = '' WHERE scheme_id = ? AND email_norm = ?", guest},
			{`UPDATE users SET email = '', email_norm = 'erased-' || CAST(id AS TEXT), password_hash = '', first_name = '',
				last_name = '', contact_number = '', search_name = '', erased_at = ?, updated_at = ? WHERE id = ?`,
				[]any{now, now, userID}},
			{"UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", []any{now, userID}},
			{"DELETE FROM addresses WHERE user_id = ? AND scheme_id = ?", []any{userID, schemeID}},
			{`UPDATE orders SET email = '', contact_number = '', first_name = '', last_name = '', note = '',
				search_email = '', search_name = '', search_last_name = '',
				delivery_address = CASE WHEN delivery_address = '' THEN '' ELSE ? END WHERE user_id = ? AND scheme_id = ?`,
				[]any{blankAddress, userID, schemeID}},
			{"UPDATE support_requests SET description = '' WHERE user_id = ? AND scheme_id = ?", []any{userID, schemeID}},
			// Staff's replies to them may name them too (migration 0030).
			{`UPDATE support_messages SET body = '' WHERE support_request_id IN
				(SELECT id FROM support_requests WHERE user_id = ? AND scheme_id = ?)`, []any{userID, schemeID}},
			{"DELETE FROM uploads WHERE user_id = ? AND scheme_id = ?", []any{userID, schemeID}},
			{"UPDATE redemptions SET email_norm = '' WHERE user_id = ? AND scheme_id = ?", []any{userID, schemeID}},
			{"DELETE FROM auth_codes WHERE scheme_id = ? AND email_norm = ?", []any{schemeID, emailNorm}},
			{"DELETE FROM mail_outbox WHERE scheme_id = ? AND (to_addr = ? OR lower(to_addr) = ?)",
				[]any{schemeID, email, emailNorm}},
		}
		for _, s := range steps {
			if _, err := c.exec(ctx, s.query, s.args...); err != nil {
				return err
			}
		}
		target := map[string]int64{"user_id": userID}
		// The audit log is in wall-clock time, as every other audit row.
		return recordAudit(ctx, c, schemeID, a, target, map[string]bool{"erased": true}, time.Now().UTC())
	}))
}
