package httpapi_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// rawMenuList posts body to menu/list as it is, with the given headers,
// and no transparent decompression: the answer's bytes as sent.
func rawMenuList(t *testing.T, e *env, method, body string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+"/api/v3/menu/list", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, raw
}

// TestMenuListFromMemoryAnswersAsBefore: a menu/list call answered from
// memory (menu_fast.go: the kept ref and a fresh cache entry) carries the
// same status, headers and bytes as the call that filled the cache, plain
// and gzipped, and a call the fast path must not answer (wrong type, a
// control character, another method, no body, an unknown venue) is
// answered as the usual path answers it, no-store, even with the cache warm.
func TestMenuListFromMemoryAnswersAsBefore(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		for _, enc := range []string{"", "gzip"} {
			body := `{"filter":{"business_slug":"demo-burgers","venue_slug":"soho","order_type":1}}`
			if enc == "gzip" {
				body = `{"filter":{"business_slug":"demo-burgers","venue_slug":"soho"}}`
			}
			h := []string{"Content-Type", "application/json", "Accept-Encoding", enc}
			first, firstRaw := rawMenuList(t, e, http.MethodPost, body, h...)
			for i := 0; i < 3; i++ {
				res, raw := rawMenuList(t, e, http.MethodPost, body, h...)
				if res.StatusCode != 200 || first.StatusCode != 200 || !bytes.Equal(raw, firstRaw) {
					t.Fatalf("%q: %d then %d, same bytes %v", enc, first.StatusCode, res.StatusCode,
						bytes.Equal(raw, firstRaw))
				}
				for _, hh := range []http.Header{first.Header.Clone(), res.Header} {
					if hh.Get("X-Request-Id") == "" {
						t.Errorf("%q: no request id", enc)
					}
					hh.Del("X-Request-Id")
					hh.Del("Date")
				}
				if a, b := headerText(first.Header, "X-Request-Id", "Date"), headerText(res.Header); a != b {
					t.Errorf("%q: headers differ:\nfirst\n%s\nlater\n%s", enc, a, b)
				}
				if res.Header.Get("Cache-Control") != "" || res.Header.Get("Content-Security-Policy") == "" ||
					res.Header.Get("Content-Encoding") != enc {
					t.Errorf("%q: %v", enc, res.Header)
				}
			}
		}
		good := `{"filter":{"business_slug":"demo-burgers","venue_slug":"soho","order_type":1}}`
		for _, c := range []struct {
			name, method, body, ct string
			status                 int
		}{
			{"text/plain", http.MethodPost, good, "text/plain", 415},
			{"control character", http.MethodPost,
				`{"filter":{"business_slug":"demo-burgers\u0007","venue_slug":"soho","order_type":1}}`, "application/json", 400},
			{"bad order type", http.MethodPost,
				`{"filter":{"business_slug":"demo-burgers","venue_slug":"soho","order_type":7}}`, "application/json", 400},
			{"GET", http.MethodGet, "", "", 405},
			{"no body", http.MethodPost, "", "application/json", 400},
			{"unknown venue", http.MethodPost,
				`{"filter":{"business_slug":"demo-burgers","venue_slug":"nowhere","order_type":1}}`, "application/json", 404},
		} {
			h := []string{"Accept-Encoding", ""}
			if c.ct != "" {
				h = append(h, "Content-Type", c.ct)
			}
			res, raw := rawMenuList(t, e, c.method, c.body, h...)
			if res.StatusCode != c.status || res.Header.Get("Cache-Control") != "no-store" ||
				!bytes.Contains(raw, []byte(`"success":false`)) {
				t.Errorf("%s: %d %v %s, want %d no-store", c.name, res.StatusCode, res.Header, raw, c.status)
			}
		}
	})
}

// headerText is h as sent, without the named headers.
func headerText(h http.Header, without ...string) string {
	h = h.Clone()
	for _, k := range without {
		h.Del(k)
	}
	var b strings.Builder
	_ = h.Write(&b)
	return b.String()
}
