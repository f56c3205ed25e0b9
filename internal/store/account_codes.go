package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"time"

	"platter/internal/account"
	"platter/internal/notify/mail"
	"platter/internal/platter"
)

// Mail kinds kept in the outbox.
const (
	MailVerify     = "verify"
	MailReset      = "reset"
	MailRegistered = "already_registered"
)

// CustomerByEmail returns a scheme's registered (or pending) customer with
// an address, or not-found.
func (db *DB) CustomerByEmail(ctx context.Context, schemeID int64, email string) (*account.User, error) {
	var u *account.User
	err := db.read(ctx, func(c conn) error {
		var err error
		u, err = findCustomer(ctx, c, schemeID, account.NormalizeEmail(email))
		return err
	})
	if err != nil {
		return nil, mapErr(err)
	}
	return u, nil
}

// SignUp registers a customer at a scheme, or re-asks for verification, in
// one transaction with the mail it causes. A new address gets an unverified
// account with su's profile and password, a verify code and codeMail; a
// pending one a new code and codeMail, and, unless su.SamePassword was
// found against the hash the account still has, its password is cleared
// (two sign-ups claim it; see account.Service.SignUp); a verified one
// knownMail, the "already registered" notice. Mail goes to the address the
// account stored, whatever was typed. The caller answers the same in every
// case, so nobody learns which.
func (db *DB) SignUp(ctx context.Context, su account.SignUp, codeMail, knownMail mail.Message, now time.Time) error {
	norm := account.NormalizeEmail(su.Email)
	return db.write(ctx, func(c conn) error {
		u, err := findCustomer(ctx, c, su.SchemeID, norm)
		switch {
		case err == sql.ErrNoRows:
			p := su.Profile
			_, err = c.exec(ctx, `INSERT INTO users (scheme_id, email, email_norm, password_hash, first_name,
				last_name, contact_number, created_at, updated_at, search_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				su.SchemeID, p.Email, norm, p.PasswordHash, p.FirstName, p.LastName, p.ContactNumber, utc(now), utc(now),
				fullName(p.FirstName, p.LastName))
			if err != nil {
				return err
			}
			codeMail.To = p.Email
		case err != nil:
			return err
		case u.Verified:
			knownMail.To = u.Email
			return enqueueMail(ctx, c, su.SchemeID, MailRegistered, knownMail, now)
		default:
			if !su.SamePassword || su.SeenHash == "" || u.PasswordHash != su.SeenHash {
				if _, err := c.exec(ctx, "UPDATE users SET password_hash = '', updated_at = ? WHERE id = ?",
					utc(now), u.ID); err != nil {
					return err
				}
			}
			codeMail.To = u.Email
		}
		if err := insertCode(ctx, c, su.SchemeID, norm, account.PurposeVerify, su.CodeHash, now); err != nil {
			return err
		}
		return enqueueMail(ctx, c, su.SchemeID, MailVerify, codeMail, now)
	})
}

// ResendVerification issues a new verify code for an unverified customer
// and queues mail to the address the account stored; for any other address
// it does nothing. sent tells whether mail was queued.
func (db *DB) ResendVerification(ctx context.Context, schemeID int64, email, codeHash string, msg mail.Message, now time.Time) (sent bool, err error) {
	norm := account.NormalizeEmail(email)
	err = db.write(ctx, func(c conn) error {
		sent = false // write may run this again after a conflict
		u, err := findCustomer(ctx, c, schemeID, norm)
		if err == sql.ErrNoRows || (err == nil && u.Verified) {
			return nil
		} else if err != nil {
			return err
		}
		if err := insertCode(ctx, c, schemeID, norm, account.PurposeVerify, codeHash, now); err != nil {
			return err
		}
		sent = true
		msg.To = u.Email
		return enqueueMail(ctx, c, schemeID, MailVerify, msg, now)
	})
	return sent, err
}

// RequestReset issues a password reset code for a customer of the scheme
// and queues mail to the address the account stored (never to a look-alike
// that was typed); an unknown address does nothing. sent tells whether mail
// was queued.
func (db *DB) RequestReset(ctx context.Context, schemeID int64, email, codeHash string, msg mail.Message, now time.Time) (sent bool, err error) {
	norm := account.NormalizeEmail(email)
	err = db.write(ctx, func(c conn) error {
		sent = false // write may run this again after a conflict
		u, err := findCustomer(ctx, c, schemeID, norm)
		if err == sql.ErrNoRows {
			return nil
		} else if err != nil {
			return err
		}
		if err := insertCode(ctx, c, schemeID, norm, account.PurposeReset, codeHash, now); err != nil {
			return err
		}
		sent = true
		msg.To = u.Email
		return enqueueMail(ctx, c, schemeID, MailReset, msg, now)
	})
	return sent, err
}

func findCustomer(ctx context.Context, c conn, schemeID int64, norm string) (*account.User, error) {
	return scanUser(c.queryRow(ctx, "SELECT "+userColumns.list("")+` FROM users
		WHERE scheme_id = ? AND email_norm = ? AND is_guest = FALSE`, schemeID, norm))
}

// insertCode voids the address's earlier codes of the purpose (only the
// latest works) and stores a new one.
func insertCode(ctx context.Context, c conn, schemeID int64, norm, purpose, codeHash string, now time.Time) error {
	now = utc(now)
	_, err := c.exec(ctx, `UPDATE auth_codes SET used_at = ?
		WHERE scheme_id = ? AND email_norm = ? AND purpose = ? AND used_at IS NULL`, now, schemeID, norm, purpose)
	if err != nil {
		return err
	}
	_, err = c.exec(ctx, `INSERT INTO auth_codes (purpose, scheme_id, email_norm, code_hash, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`, purpose, schemeID, norm, codeHash, now, now.Add(account.CodeTTL))
	return err
}

// UseCode checks a one-time code and, when it is right, does what it is for
// and opens a session, all in one transaction: a verify code applies its
// sign-up and marks the address verified; a reset code sets the new
// password (which also proves the address) and revokes every session of the
// account. A wrong code counts a try (committed); after
// account.CodeMaxAttempts tries the code is void. Codes are single use.
// With in.CheckOnly a right code is left unused and nothing else changes.
func (db *DB) UseCode(ctx context.Context, in account.CodeUse, now time.Time) (*account.User, error) {
	var (
		u     *account.User
		wrong int // tries used by a wrong code, 0 when it was right
	)
	err := db.write(ctx, func(c conn) error {
		var err error
		u, wrong, err = useCode(ctx, c, in, now)
		return err
	})
	switch {
	case err != nil:
		return nil, err
	case wrong >= account.CodeMaxAttempts:
		return nil, errCodeExhausted()
	case wrong > 0:
		return nil, errBadCode()
	}
	return u, nil
}

func errBadCode() error {
	return &platter.Error{Code: platter.CodeBadCode, Message: "error.code_invalid"}
}

func errCodeExhausted() error {
	return &platter.Error{Code: platter.CodeCodeExhausted, Message: "error.code_exhausted"}
}

func useCode(ctx context.Context, c conn, in account.CodeUse, now time.Time) (*account.User, int, error) {
	norm := account.NormalizeEmail(in.Email)
	var (
		id       int64
		hash     string
		attempts int
	)
	err := c.queryRow(ctx, `SELECT id, code_hash, attempts FROM auth_codes
		WHERE scheme_id = ? AND email_norm = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		ORDER BY id DESC LIMIT 1`, in.SchemeID, norm, in.Purpose, utc(now)).Scan(&id, &hash, &attempts)
	if err == sql.ErrNoRows {
		return nil, 0, errBadCode()
	} else if err != nil {
		return nil, 0, err
	}
	if attempts >= account.CodeMaxAttempts {
		return nil, 0, errCodeExhausted()
	}
	if subtle.ConstantTimeCompare([]byte(hash), []byte(in.CodeHash)) != 1 {
		// The condition makes concurrent wrong tries count one by one.
		res, err := c.exec(ctx, "UPDATE auth_codes SET attempts = attempts + 1 WHERE id = ? AND attempts < ?",
			id, account.CodeMaxAttempts)
		if err != nil {
			return nil, 0, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, 0, errCodeExhausted()
		}
		return nil, attempts + 1, nil
	}
	if in.CheckOnly {
		return &account.User{}, 0, nil
	}
	// Single use even when two requests race with the same right code.
	res, err := c.exec(ctx, "UPDATE auth_codes SET used_at = ? WHERE id = ? AND used_at IS NULL", utc(now), id)
	if err != nil {
		return nil, 0, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, 0, errBadCode()
	}
	u, err := applyCode(ctx, c, in, norm, now)
	if err != nil {
		return nil, 0, err
	}
	return u, 0, insertSession(ctx, c, u.ID, in.SchemeID, in.TokenHash, now)
}

// applyCode does what a right code is for. A verify code only marks the
// address verified: the account keeps the password and profile it was
// created with (a later sign-up never changes them). Codes issued before
// this rule carry a payload with a later sign-up's profile; it is ignored.
func applyCode(ctx context.Context, c conn, in account.CodeUse, norm string, now time.Time) (*account.User, error) {
	u, err := findCustomer(ctx, c, in.SchemeID, norm)
	if err == sql.ErrNoRows {
		return nil, errBadCode()
	} else if err != nil {
		return nil, err
	}
	now = utc(now)
	if in.Purpose == account.PurposeReset {
		if _, err := c.exec(ctx, `UPDATE users SET password_hash = ?, verified_at = COALESCE(verified_at, ?),
			updated_at = ? WHERE id = ?`, in.NewPasswordHash, now, now, u.ID); err != nil {
			return nil, err
		}
		if err := revokeAllSessions(ctx, c, u.ID, now); err != nil {
			return nil, err
		}
	} else if _, err := c.exec(ctx, "UPDATE users SET verified_at = COALESCE(verified_at, ?), updated_at = ? WHERE id = ?",
		now, now, u.ID); err != nil {
		return nil, err
	}
	return scanUser(c.queryRow(ctx, "SELECT "+userColumns.list("")+" FROM users WHERE id = ?", u.ID))
}
