package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// rawClient sends Accept-Encoding as the test says and never decompresses,
// so a test sees the bytes on the wire.
var rawClient = &http.Client{Transport: &http.Transport{DisableCompression: true}}

// wire fetches path (GET, or POST with a JSON body) with the given
// Accept-Encoding ("" sends none) and returns the answer as sent.
func (e *env) wire(method, path, acceptEncoding string, body []byte) (*http.Response, []byte) {
	e.t.Helper()
	req, _ := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(body))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	res, err := rawClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return res, b
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("broken gzip: %v", err)
	}
	return out
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// builtWeb is a small web/dist as `npm run build` leaves it: index.html, the
// Vite manifest, hashed assets and their build-time .br and .gz copies.
func builtWeb() fstest.MapFS {
	js := []byte("export const app = " + strconv.Quote(strings.Repeat("platter ", 400)) + ";\n")
	return fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#ffffff" />
    <title>Platter</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-S1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`)},
		".vite/manifest.json": {Data: []byte(`{
  "index.html": {"file": "assets/index-A1.js", "isEntry": true, "imports": ["_shared-S1.js"], "css": ["assets/index-C1.css"],
    "dynamicImports": ["src/app/routes/storefront.tsx", "src/app/routes/menu.tsx"]},
  "_shared-S1.js": {"file": "assets/shared-S1.js"},
  "_scheme-shell-H1.js": {"file": "assets/scheme-shell-H1.js", "imports": ["_shared-S1.js"], "css": ["assets/scheme-shell-H1.css"]},
  "src/app/routes/storefront.tsx": {"file": "assets/storefront-F1.js", "isDynamicEntry": true, "imports": ["_scheme-shell-H1.js", "_shared-S1.js"]},
  "src/app/routes/menu.tsx": {"file": "assets/menu-M1.js", "isDynamicEntry": true, "imports": ["_shared-S1.js"], "css": ["assets/menu-M1.css"]},
  "src/features/home/components/order-type-page.tsx": {"file": "assets/order-type-page-O1.js", "isDynamicEntry": true},
  "src/i18n/en-US.json": {"file": "assets/en-US-L1.js", "isDynamicEntry": true}
}`)},
		"assets/index-A1.js":    {Data: js},
		"assets/index-A1.js.gz": {Data: gzipped(js)},
		// The brotli copy's bytes only need to be told apart here: the
		// server sends the file as it is.
		"assets/index-A1.js.br": {Data: []byte("brotli bytes of index-A1.js")},
		"assets/shared-S1.js":   {Data: []byte(`export const s = 1;`)},
		"assets/menu-M1.js":     {Data: []byte(`export const m = 1;`)},
		"assets/index-C1.css":   {Data: []byte(`body{margin:0}`)},
		"favicon.svg":           {Data: []byte(`<svg/>`)},
	}
}

// TestAssetsPrecompressed: a hashed asset goes out as its build-time brotli
// or gzip copy by the client's Accept-Encoding (br first, q=0 refuses), with
// Vary and the length of what is sent.
func TestAssetsPrecompressed(t *testing.T) {
	t.Parallel()
	web := builtWeb()
	e := start(t, storetest.Open(t, "sqlite"), options{web: web})
	for _, c := range []struct {
		accept, want string
	}{
		{"gzip, deflate, br, zstd", "br"},
		{"br", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"},
		{"br;q=0, gzip;q=0.5", "gzip"},
		{"*", "br"},
		{"*;q=0.1, br;q=0", "gzip"},
		{"br;q=0, gzip;q=0", ""},
		{"gzip;q=0, *;q=0", ""},
		{"identity", ""},
		{"", ""},
	} {
		res, body := e.wire(http.MethodGet, "/assets/index-A1.js", c.accept, nil)
		want := web["assets/index-A1.js"+map[string]string{"br": ".br", "gzip": ".gz", "": ""}[c.want]].Data
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != c.want || !bytes.Equal(body, want) {
			t.Errorf("Accept-Encoding %q: %d Content-Encoding %q (%d bytes), want %q",
				c.accept, res.StatusCode, res.Header.Get("Content-Encoding"), len(body), c.want)
		}
		if cl := res.Header.Get("Content-Length"); cl != strconv.Itoa(len(want)) {
			t.Errorf("Accept-Encoding %q: Content-Length %q, want %d", c.accept, cl, len(want))
		}
		if res.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", c.accept, res.Header.Get("Vary"))
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
			t.Errorf("Accept-Encoding %q: Content-Type %q", c.accept, ct)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("Cache-Control %q", cc)
		}
	}
	// The build metadata is not part of the site.
	if _, body := e.wire(http.MethodGet, "/.vite/manifest.json", "", nil); bytes.Contains(body, []byte("isEntry")) {
		t.Error("the Vite manifest is served")
	}
}

// TestAnswersCompressedOnTheFly: HTML and JSON answers over ~1 KB are
// gzipped once for a client that accepts it; small ones and clients that
// refuse gzip get them as they are.
func TestAnswersCompressedOnTheFly(t *testing.T) {
	t.Parallel()
	e := start(t, storetest.Open(t, "sqlite"), options{web: builtWeb()})
	info := []byte(`{"filter":{"business_slug":"demo-burgers"}}`)

	res, body := e.wire(http.MethodGet, "/demo-burgers/soho/menu", "gzip, br", nil)
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(string(gunzip(t, body)), "<title>") {
		t.Errorf("HTML: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	if res.Header.Get("Vary") != "Accept-Encoding" || res.Header.Get("Content-Length") == strconv.Itoa(len(gunzip(t, body))) {
		t.Errorf("HTML: Vary %q, Content-Length %q", res.Header.Get("Vary"), res.Header.Get("Content-Length"))
	}

	res, body = e.wire(http.MethodPost, "/api/v3/venue/info", "gzip", info)
	var got map[string]any
	if res.Header.Get("Content-Encoding") != "gzip" || json.Unmarshal(gunzip(t, body), &got) != nil || got["success"] != true {
		t.Errorf("venue/info: Content-Encoding %q, body not one gzip layer over JSON", res.Header.Get("Content-Encoding"))
	}
	if res.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("venue/info: Vary %q", res.Header.Get("Vary"))
	}
	for _, refuse := range []string{"", "identity", "gzip;q=0"} {
		res, body = e.wire(http.MethodPost, "/api/v3/venue/info", refuse, info)
		if res.Header.Get("Content-Encoding") != "" || json.Unmarshal(body, &got) != nil {
			t.Errorf("venue/info with Accept-Encoding %q: Content-Encoding %q", refuse, res.Header.Get("Content-Encoding"))
		}
	}

	// A small answer (an error envelope, a tiny asset) is not worth it.
	res, body = e.wire(http.MethodPost, "/api/v3/no/such/call", "gzip", []byte(`{}`))
	if res.StatusCode != 404 || res.Header.Get("Content-Encoding") != "" || !bytes.Contains(body, []byte(`"success":false`)) {
		t.Errorf("small error: %d Content-Encoding %q", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
	if res, _ := e.wire(http.MethodGet, "/assets/shared-S1.js", "gzip", nil); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("a 19-byte asset was compressed")
	}
}

// TestMenuListCompressedOncePerVersion: menu/list is gzipped when its cache
// entry is built and served from those bytes afterwards, on both databases;
// a menu change builds (and compresses) one new entry.
func TestMenuListCompressedOncePerVersion(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		req := []byte(`{"filter":{"business_slug":"demo-burgers","venue_slug":"soho","order_type":0}}`)
		menuZips, onTheFly := compressions(t, e, "menu"), compressions(t, e, "response")

		var first []byte
		for i := 0; i < 3; i++ {
			res, body := e.wire(http.MethodPost, "/api/v3/menu/list", "gzip, br", req)
			if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
				t.Fatalf("call %d: %d Content-Encoding %q Vary %q", i, res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
			}
			if cl := res.Header.Get("Content-Length"); cl != strconv.Itoa(len(body)) {
				t.Errorf("call %d: Content-Length %q for %d bytes", i, cl, len(body))
			}
			plain := gunzip(t, body)
			if first == nil {
				first = plain
			} else if !bytes.Equal(plain, first) {
				t.Errorf("call %d: a different menu", i)
			}
		}
		_, plain := e.wire(http.MethodPost, "/api/v3/menu/list", "", req)
		if !bytes.Equal(plain, first) {
			t.Errorf("the uncompressed answer differs from the compressed one")
		}
		if got := compressions(t, e, "menu") - menuZips; got != 1 {
			t.Errorf("4 calls of one menu version compressed it %v times, want 1", got)
		}
		if got := compressions(t, e, "response") - onTheFly; got != 0 {
			t.Errorf("menu/list was compressed again on the fly %v times", got)
		}

		doc := burgersDoc(t)
		doc.Menus[0].Categories[0].Items[0].Price += 100
		if _, err := db.ImportScheme(context.Background(), doc); err != nil {
			t.Fatal(err)
		}
		res, body := e.wire(http.MethodPost, "/api/v3/menu/list", "gzip", req)
		if res.Header.Get("Content-Encoding") != "gzip" || bytes.Equal(gunzip(t, body), first) {
			t.Error("after a menu change menu/list still sends the old bytes")
		}
		if got := compressions(t, e, "menu") - menuZips; got != 2 {
			t.Errorf("after one change: %v compressions, want 2", got)
		}
	})
}

// compressions reads platter_http_gzip_compressions_total{source}.
func compressions(t *testing.T, e *env, source string) float64 {
	t.Helper()
	families, err := e.api.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "platter_http_gzip_compressions_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "source" && l.GetValue() == source {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}
