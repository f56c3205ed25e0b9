package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"platter/internal/address"
	"platter/internal/i18n"
	"platter/internal/platter"
)

// Every address query names the owner (user and scheme) beside the id, so a
// foreign id reads exactly like a missing one: not found.

// addressFields are the columns of an address its owner writes, each
// beside its field (columns.go); addressColumns is the whole row as read.
var addressFields = columns[address.Address]{
	{"name", func(a *address.Address) any { return &a.Name }},
	{"line_1", func(a *address.Address) any { return &a.Line1 }},
	{"line_2", func(a *address.Address) any { return &a.Line2 }},
	{"city", func(a *address.Address) any { return &a.City }},
	{"postcode", func(a *address.Address) any { return &a.Postcode }},
	{"country", func(a *address.Address) any { return &a.Country }},
	{"lat", func(a *address.Address) any { return &a.Lat }},
	{"lng", func(a *address.Address) any { return &a.Lng }},
	{"contact_number", func(a *address.Address) any { return &a.ContactNumber }},
	{"email", func(a *address.Address) any { return &a.Email }},
	{"note", func(a *address.Address) any { return &a.Note }},
}

var addressColumns = join(
	columns[address.Address]{
		{"id", func(a *address.Address) any { return &a.ID }},
		{"user_id", func(a *address.Address) any { return &a.UserID }},
		{"scheme_id", func(a *address.Address) any { return &a.SchemeID }},
	},
	addressFields,
	columns[address.Address]{
		{"created_at", func(a *address.Address) any { return &a.CreatedAt }},
		{"updated_at", func(a *address.Address) any { return &a.UpdatedAt }},
	},
)

// Addresses returns a user's saved addresses in a scheme, oldest first.
func (db *DB) Addresses(ctx context.Context, userID, schemeID int64) ([]address.Address, error) {
	out := []address.Address{}
	err := db.read(ctx, func(c conn) error {
		rows, err := c.query(ctx, "SELECT "+addressColumns.list("")+` FROM addresses
			WHERE user_id = ? AND scheme_id = ? ORDER BY id`, userID, schemeID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			a, err := scanAddress(rows)
			if err != nil {
				return err
			}
			out = append(out, *a)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SaveAddress stores a, already checked by address.Clean, for its owner
// (a.UserID in a.SchemeID): a new address when a.ID is 0, else an update of
// the owner's address a.ID (not found when the owner has no such address).
// A new address beyond address.MaxPerUser is refused with 1409. It returns
// the address as stored.
func (db *DB) SaveAddress(ctx context.Context, a address.Address, now time.Time) (*address.Address, error) {
	var saved *address.Address
	err := db.write(ctx, func(c conn) error {
		// id is local: a run again after a conflict must insert again, not
		// update the id of an insert that was rolled back.
		id := a.ID
		var err error
		if id == 0 {
			id, err = insertAddress(ctx, c, &a, utc(now))
		} else {
			err = updateAddress(ctx, c, &a, utc(now))
		}
		if err != nil {
			return err
		}
		saved, err = findAddress(ctx, c, a.UserID, a.SchemeID, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return saved, nil
}

// DeleteAddress removes the owner's address id; not found when there is none.
func (db *DB) DeleteAddress(ctx context.Context, userID, schemeID, id int64) error {
	return db.write(ctx, func(c conn) error {
		res, err := c.exec(ctx, "DELETE FROM addresses WHERE id = ? AND user_id = ? AND scheme_id = ?",
			id, userID, schemeID)
		return oneRow(res, err)
	})
}

func insertAddress(ctx context.Context, c conn, a *address.Address, now time.Time) (int64, error) {
	// Lock the owner's row first, portably (a no-op UPDATE locks on both
	// databases), so two concurrent saves cannot both pass the count below
	// on PostgreSQL; SQLite serialises writers anyway.
	res, err := c.exec(ctx, "UPDATE users SET updated_at = updated_at WHERE id = ?", a.UserID)
	if err := oneRow(res, err); err != nil {
		return 0, err
	}
	var n int
	err = c.queryRow(ctx, "SELECT COUNT(*) FROM addresses WHERE user_id = ? AND scheme_id = ?",
		a.UserID, a.SchemeID).Scan(&n)
	if err != nil {
		return 0, err
	}
	if n >= address.MaxPerUser {
		return 0, &platter.Error{Code: platter.CodeConflict, Message: "address.limit",
			Params: map[string]string{i18n.CountParam: strconv.Itoa(address.MaxPerUser)}}
	}
	var id int64
	args := append(append([]any{a.UserID, a.SchemeID}, addressFields.values(a)...), now, now)
	err = c.queryRow(ctx, "INSERT INTO addresses (user_id, scheme_id, "+addressFields.list("")+
		", created_at, updated_at) VALUES ("+placeholders(len(args))+") RETURNING id", args...).Scan(&id)
	return id, err
}

func updateAddress(ctx context.Context, c conn, a *address.Address, now time.Time) error {
	args := append(addressFields.values(a), now, a.ID, a.UserID, a.SchemeID)
	res, err := c.exec(ctx, "UPDATE addresses SET "+addressFields.assignments()+
		", updated_at = ? WHERE id = ? AND user_id = ? AND scheme_id = ?", args...)
	return oneRow(res, err)
}

func findAddress(ctx context.Context, c conn, userID, schemeID, id int64) (*address.Address, error) {
	return scanAddress(c.queryRow(ctx, "SELECT "+addressColumns.list("")+` FROM addresses
		WHERE id = ? AND user_id = ? AND scheme_id = ?`, id, userID, schemeID))
}

func scanAddress(r scanner) (*address.Address, error) {
	var a address.Address
	if err := addressColumns.scan(r, &a); err != nil {
		return nil, err
	}
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	return &a, nil
}

// oneRow turns a statement that touched no row into not-found.
func oneRow(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return platter.NotFound()
	}
	return nil
}
