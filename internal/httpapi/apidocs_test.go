package httpapi_test

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"platter/api"
	"platter/internal/httpapi"
)

// TestAPIReferenceServed: an integrator finds the contract at
// /api/openapi.yaml (the very file the tests hold the server to) and reads
// it rendered at /api/docs, a page whose every script is this server's own
// (no CDN: the binary carries the renderer).
func TestAPIReferenceServed(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(httpapi.New(httpapi.Options{}).Handler())
	defer srv.Close()
	get := func(path string, headers ...string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}

	res, body := get("/api/openapi.yaml")
	onDisk, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/yaml") || !bytes.Equal(body, onDisk) {
		t.Fatalf("GET /api/openapi.yaml: %d %q, %d bytes, want api/openapi.yaml's %d", res.StatusCode,
			res.Header.Get("Content-Type"), len(body), len(onDisk))
	}
	doc, err := openapi3.NewLoader().LoadFromData(body)
	if err != nil || doc.Paths.Value("/menu/list") == nil {
		t.Fatalf("the served contract does not load: %v", err)
	}

	res, page := get("/api/docs")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /api/docs: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	for _, want := range []string{`<script src="/api/docs/` + api.RendererFile + `"></script>`,
		`<script src="/api/docs/reference.js"></script>`, `data-spec="/api/openapi.yaml"`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("/api/docs lacks %s:\n%s", want, page)
		}
	}
	if bytes.Contains(page, []byte("//cdn")) || bytes.Contains(page, []byte("src=\"http")) {
		t.Errorf("/api/docs loads something from elsewhere:\n%s", page)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") {
		t.Errorf("/api/docs CSP %q: scripts from this server only", csp)
	}
	if res, js := get("/api/docs/reference.js"); res.StatusCode != 200 || !bytes.Contains(js, []byte("Redoc.init")) {
		t.Errorf("GET /api/docs/reference.js: %d\n%s", res.StatusCode, js)
	}
	for _, p := range []string{"/api/docs/index.html", "/api/docs/nothing.js", "/api/docs/..%2fopenapi.yaml", "/api/docs/embed.go"} {
		if res, _ := get(p); res.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", p, res.StatusCode)
		}
	}

	docs, built := api.Docs()
	if !built {
		if os.Getenv("CI") != "" {
			t.Fatalf("the binary was built without the reference's renderer: make apidocs copies it into api/docs")
		}
		t.Skip("api/docs/" + api.RendererFile + " is not there: `make apidocs` (part of make build) copies it from tools/")
	}
	res, js := get("/api/docs/"+api.RendererFile, "Accept-Encoding", "gzip")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") ||
		res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("ETag") == "" {
		t.Fatalf("GET the renderer: %d %q encoding %q etag %q", res.StatusCode, res.Header.Get("Content-Type"),
			res.Header.Get("Content-Encoding"), res.Header.Get("ETag"))
	}
	renderer, err := fs.ReadFile(docs, api.RendererFile)
	if err != nil || bytes.Contains(renderer, []byte("cdn.redoc.ly")) {
		t.Errorf("the renderer names Redoc's CDN (make apidocs replaces its logo's address): %v", err)
	}
	if len(js) < 100_000 {
		t.Errorf("the renderer is %d bytes compressed: not Redoc's bundle", len(js))
	}
	if again, _ := get("/api/docs/"+api.RendererFile, "If-None-Match", res.Header.Get("ETag")); again.StatusCode != 304 {
		t.Errorf("the renderer again with its ETag: %d, want 304", again.StatusCode)
	}
}
