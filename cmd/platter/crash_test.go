package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // driver "pgx" for the test database

	"platter/internal/notify/mailtest"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestMailSurvivesSIGKILL is the outbox's promise, tested on the real
// binary: a server is killed (SIGKILL) after sign-up committed and before
// its mail could be sent (SMTP unreachable); restarted with a working SMTP
// server, and beside a second instance on the same database, the
// verification mail arrives exactly once. More sign-ups while both
// instances run arrive once each too.
func TestMailSurvivesSIGKILL(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := platterBinary(t)
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			crashAndRestart(t, bin, databaseURL(t, dialect))
		})
	}
}

// builtBinary is the platter binary of this package's code, built once per
// test binary (go build is the slow part) for every test that runs it.
var builtBinary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// platterBinary builds the binary on first use and returns its path. The
// directory is removed by TestMain once every test is done.
func platterBinary(t *testing.T) string {
	t.Helper()
	b := &builtBinary
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "platter-bin-"); b.err != nil {
			return
		}
		b.path = filepath.Join(b.dir, "platter")
		if out, err := exec.Command("go", "build", "-o", b.path, ".").CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

func TestMain(m *testing.M) {
	// The processes these tests start inherit this: tests of every package
	// run at once against one PostgreSQL (max_connections 100), so no
	// instance may take the production default of 20.
	if os.Getenv("PLATTER_DB_MAX_CONNS") == "" {
		os.Setenv("PLATTER_DB_MAX_CONNS", strconv.Itoa(storetest.MaxConns))
	}
	code := m.Run()
	if builtBinary.dir != "" {
		os.RemoveAll(builtBinary.dir)
	}
	os.Exit(code)
}

func crashAndRestart(t *testing.T, bin, dbURL string) {
	envFor := func(smtpURL string) []string {
		return append(os.Environ(), "PLATTER_DATABASE_URL="+dbURL, "PLATTER_ADDR=127.0.0.1:0",
			"PLATTER_SMTP_URL="+smtpURL)
	}
	var out strings.Builder
	if err := run(context.Background(), []string{"demo"}, envMap(envFor("")), &out, io.Discard); err != nil {
		t.Fatalf("demo: %v", err)
	}
	first := startChild(t, bin, envFor("smtp://"+closedAddr(t)))
	signUp(t, first.base, "crash@example.test")
	db, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Committed, tried once against the unreachable server, not sent.
	waitFor(t, "a failed first attempt", func() bool {
		st, attempts, leased := outboxRow(t, db, "crash@example.test")
		return st == "pending" && attempts >= 1 && !leased
	})
	if err := first.cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	_ = first.cmd.Wait()

	smtp := mailtest.Start(t, mailtest.Options{})
	a := startChild(t, bin, envFor("smtp://"+smtp.Addr))
	b := startChild(t, bin, envFor("smtp://"+smtp.Addr))
	smtp.Wait(t, "crash@example.test", 30*time.Second)
	for i := 0; i < 10; i++ {
		base := a.base
		if i%2 == 1 {
			base = b.base
		}
		signUp(t, base, fmt.Sprintf("many%d@example.test", i))
	}
	for i := 0; i < 10; i++ {
		smtp.Wait(t, fmt.Sprintf("many%d@example.test", i), 30*time.Second)
	}
	time.Sleep(3 * time.Second) // both workers poll every 2 s: give a duplicate the time to appear
	seen := map[string]int{}
	for _, m := range smtp.Received() {
		seen[m.To]++
	}
	for to, n := range seen {
		if n != 1 {
			t.Errorf("%s received %d mails, want 1", to, n)
		}
	}
	if len(seen) != 11 {
		t.Errorf("%d addresses received mail, want 11: %v", len(seen), seen)
	}
	if st, _, _ := outboxRow(t, db, "crash@example.test"); st != "sent" {
		t.Errorf("outbox status %q after delivery", st)
	}
}

type child struct {
	cmd  *exec.Cmd
	base string
}

// startChild runs `platter serve` and waits until it listens; the test's
// cleanup stops it.
func startChild(t *testing.T, bin string, env []string) *child {
	t.Helper()
	cmd := exec.Command(bin, "serve")
	cmd.Env = env
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("server log:\n%s", stderr.String())
		}
	})
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`listening on (http://\S+)`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case base := <-addr:
		return &child{cmd: cmd, base: base}
	case <-time.After(90 * time.Second): // a busy CI machine has taken over 20 s
		t.Fatalf("server did not start:\n%s", stderr.String())
		return nil
	}
}

func signUp(t *testing.T, base, email string) {
	t.Helper()
	body := `{"data":{"business_slug":"demo-burgers","email":"` + email + `","password":"Sesame-open-1",` +
		`"first_name":"Ada","last_name":"Crash","contact_number":"+447911123456"}}`
	res, err := http.Post(base+"/api/v3/auth/signup", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("signup %s: %d %s", email, res.StatusCode, b)
	}
}

// outboxRow reads the status, attempts and lease of the latest mail to an
// address.
func outboxRow(t *testing.T, db *store.DB, to string) (status string, attempts int, leased bool) {
	t.Helper()
	q := "SELECT status, attempts, lease_until IS NOT NULL FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC LIMIT 1"
	if db.Dialect() == store.Postgres {
		q = strings.Replace(q, "?", "$1", 1)
	}
	err := db.SQL().QueryRow(q, to).Scan(&status, &attempts, &leased)
	if err != nil && err != sql.ErrNoRows {
		t.Fatal(err)
	}
	return status, attempts, leased
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// closedAddr is a local address nobody listens on: connections are refused.
func closedAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func envMap(env []string) func(string) string {
	m := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return func(k string) string { return m[k] }
}

// databaseURL is a fresh database of the dialect for child processes: a
// file for SQLite, a new database on PLATTER_TEST_POSTGRES_URL's server.
func databaseURL(t *testing.T, dialect string) string {
	if dialect == store.SQLite {
		return "sqlite:" + filepath.Join(t.TempDir(), "platter.db")
	}
	base := os.Getenv(storetest.PostgresEnv)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "platter_t_" + hex.EncodeToString(b[:]) // hex only: safe unquoted
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}
