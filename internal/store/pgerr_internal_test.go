package store

import (
	"context"
	"os"
	"testing"

	"platter/internal/platter"
)

// TestBadTextIsAValidationError: PostgreSQL's refusals of a NUL (in text
// and in jsonb) map to 1000, not 1500. An internal test: the errors come
// from a real PostgreSQL, and the mapping is reached from mapErr.
func TestBadTextIsAValidationError(t *testing.T) {
	url := os.Getenv("PLATTER_TEST_POSTGRES_URL")
	if url == "" {
		t.Skip("PLATTER_TEST_POSTGRES_URL is not set")
	}
	db, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{"SELECT $1::text", "SELECT $1::jsonb"} {
		arg := "a\x00b"
		if q == "SELECT $1::jsonb" {
			arg = `{"a":"\u0000"}`
		}
		var out string
		err := db.SQL().QueryRowContext(context.Background(), q, arg).Scan(&out)
		if err == nil {
			t.Fatalf("%s: PostgreSQL stored a NUL", q)
		}
		if got := platter.ErrorCode(mapErr(err)); got != platter.CodeValidation {
			t.Errorf("%s: %v maps to %d, want 1000", q, err, got)
		}
	}
	if got := mapErr(platter.NotFound()); platter.ErrorCode(got) != platter.CodeNotFound {
		t.Errorf("other errors must pass through: %v", got)
	}
}
