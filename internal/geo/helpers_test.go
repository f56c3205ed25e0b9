package geo_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"platter/internal/platter"
)

// replay is a stand-in upstream: route picks the testdata file (or status
// code) for each request, and every request is kept for assertions.
type replay struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []*http.Request
}

// route answers a request with a fixture name, or "" and an HTTP status.
type route func(r *http.Request) (fixture string, status int)

func newReplay(t *testing.T, rt route) *replay {
	t.Helper()
	rp := &replay{}
	rp.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rp.mu.Lock()
		rp.reqs = append(rp.reqs, r.Clone(r.Context()))
		rp.mu.Unlock()
		name, status := rt(r)
		if name == "" {
			http.Error(w, http.StatusText(status), status)
			return
		}
		body, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Errorf("fixture: %v", err)
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(body)
	}))
	t.Cleanup(rp.Close)
	return rp
}

// last is the query of the most recent request, and its path.
func (rp *replay) last(t *testing.T) (string, url.Values, http.Header) {
	t.Helper()
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if len(rp.reqs) == 0 {
		t.Fatal("no request reached the upstream")
	}
	r := rp.reqs[len(rp.reqs)-1]
	return r.URL.Path, r.URL.Query(), r.Header
}

func (rp *replay) count() int {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	return len(rp.reqs)
}

// wantParams fails for each parameter whose value differs from want.
func wantParams(t *testing.T, got url.Values, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got.Get(k) != v {
			t.Errorf("param %s = %q; want %q", k, got.Get(k), v)
		}
	}
}

// wantCode fails unless err is a *platter.Error with the given code.
func wantCode(t *testing.T, err error, code int) *platter.Error {
	t.Helper()
	var pe *platter.Error
	if !errors.As(err, &pe) || pe.Code != code {
		t.Fatalf("error = %v; want code %d", err, code)
	}
	return pe
}
