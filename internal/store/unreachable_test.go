package store_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib"

	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestUnreachableClassifiesErrors: the errors that say the database is
// away, and only those, become 1503 with Retry-After; an internal error
// wrapping one does too, and any other error is left as it was.
func TestUnreachableClassifiesErrors(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"admin shutdown", &pgconn.PgError{Code: "57P01"}, true},
		{"cannot connect now", &pgconn.PgError{Code: "57P03"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"statement timeout", &pgconn.PgError{Code: "57014"}, false},
		{"bad connection", fmt.Errorf("query: %w", driver.ErrBadConn), true},
		{"closed connection", pgconn.ErrConnClosed, true},
		{"no rows", sql.ErrNoRows, false},
		{"caller gone", context.Canceled, false},
		{"deadline", context.DeadlineExceeded, false},
		{"plain", errors.New("boom"), false},
		{"nil", nil, false},
	}
	for _, c := range cases {
		if got := store.Unreachable(c.err); got != c.want {
			t.Errorf("%s: Unreachable = %v, want %v", c.name, got, c.want)
		}
	}
	e := platter.AsError(store.AsUnreachable(platter.Internal(&pgconn.PgError{Code: "57P01"})))
	if e.Code != platter.CodeUnavailable || e.Params["retry_after"] == "" {
		t.Errorf("internal error over a shutdown: code %d, retry_after %q; want 1503 with one", e.Code, e.Params["retry_after"])
	}
	if e := platter.AsError(store.AsUnreachable(platter.NotFound())); e.Code != platter.CodeNotFound {
		t.Errorf("not found became %d", e.Code)
	}
	if e := platter.AsError(store.AsUnreachable(platter.Internal(errors.New("boom")))); e.Code != platter.CodeInternal {
		t.Errorf("a plain internal error became %d", e.Code)
	}
}

// TestUnreachableOnRealErrors: what the drivers really return when the
// server refuses connections, and when it ends a session (as a restart
// does), is classified unreachable.
func TestUnreachableOnRealErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	refused, err := sql.Open("pgx", "postgres://postgres@"+closed+"/postgres?sslmode=disable&connect_timeout=5")
	if err != nil {
		t.Fatal(err)
	}
	defer refused.Close()
	err = refused.PingContext(ctx)
	if err == nil || !store.Unreachable(err) {
		t.Errorf("refused connection: %v is not unreachable", err)
	}

	url := os.Getenv(storetest.PostgresEnv)
	if url == "" {
		t.Log("the session-ended case needs " + storetest.PostgresEnv)
		return
	}
	victim, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer victim.Close(context.Background())
	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(context.Background())
	var terminated bool
	if err := admin.QueryRow(ctx, "SELECT pg_terminate_backend($1)", victim.PgConn().PID()).Scan(&terminated); err != nil || !terminated {
		t.Fatalf("terminate: %v %v", terminated, err)
	}
	var one int
	err = victim.QueryRow(ctx, "SELECT 1").Scan(&one)
	if err == nil || !store.Unreachable(err) {
		t.Errorf("ended session: %v (%T) is not unreachable", err, err)
	}
}
