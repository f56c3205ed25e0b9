package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"time"

	"platter/api"
)

// The API reference for integrators: GET /api/openapi.yaml is the contract
// the server is tested against, and GET /api/docs renders it with Redoc,
// every file of it from this binary (package api). Nothing of it is in the
// storefront's bundle.

// apiDocsCSP is the server's policy plus blob: workers: Redoc runs its
// search index in a worker it builds from a blob.
const apiDocsCSP = "default-src 'self'; script-src 'self'; worker-src 'self' blob:; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// docFile is one file of the reference, with its ETag: the browser keeps
// the renderer (about 1 MB) and asks again only whether it changed.
type docFile struct {
	body []byte
	etag string
}

func newDocFile(b []byte) docFile {
	sum := sha256.Sum256(b)
	return docFile{body: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
}

func (s *Server) mountAPIDocs(mux *http.ServeMux) {
	files := map[string]docFile{}
	if docs, _ := api.Docs(); docs != nil {
		entries, _ := fs.ReadDir(docs, ".")
		for _, e := range entries {
			if b, err := fs.ReadFile(docs, e.Name()); err == nil && !e.IsDir() {
				files[e.Name()] = newDocFile(b)
			}
		}
	}
	spec := newDocFile(api.Spec())
	mux.HandleFunc("GET /api/openapi.yaml", func(w http.ResponseWriter, r *http.Request) {
		serveAPIDocsFile(w, r, "openapi.yaml", spec, true)
	})
	mux.HandleFunc("GET /api/docs", func(w http.ResponseWriter, r *http.Request) {
		f, ok := files["index.html"]
		serveAPIDocsFile(w, r, "index.html", f, ok)
	})
	mux.HandleFunc("GET /api/docs/{file}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("file")
		f, ok := files[name]
		serveAPIDocsFile(w, r, name, f, ok && name != "index.html")
	})
}

func serveAPIDocsFile(w http.ResponseWriter, r *http.Request, name string, f docFile, ok bool) {
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", apiDocsCSP)
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", f.etag)
	switch path.Ext(name) {
	case ".html":
		h.Set("Content-Type", "text/html; charset=utf-8")
	case ".js":
		h.Set("Content-Type", "text/javascript; charset=utf-8")
	case ".yaml":
		h.Set("Content-Type", "application/yaml; charset=utf-8")
	case ".txt":
		h.Set("Content-Type", "text/plain; charset=utf-8")
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.body))
}
