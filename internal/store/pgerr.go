package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"

	"platter/internal/platter"
)

// isBadText reports a string PostgreSQL cannot store: a NUL character
// (22021 character_not_in_repertoire for text; 22P05 untranslatable_character
// for a \u0000 in json/jsonb) or bytes that are not valid UTF-8. The API
// refuses such strings before they reach the store (internal/httpapi
// text.go); this is the safety net for any other path, so the caller gets a
// validation error rather than a 500.
func isBadText(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && (pg.Code == "22021" || pg.Code == "22P05")
}

// errBadText is the validation error of isBadText. No field is named: the
// driver does not say which parameter it was.
func errBadText(err error) error {
	return &platter.Error{Code: platter.CodeValidation, Message: "validation.control_chars", Err: err}
}
