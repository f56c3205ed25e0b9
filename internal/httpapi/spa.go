package httpapi

import (
	"bytes"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// serveSPA serves the embedded single-page app: files that exist as they
// are, and index.html for every other GET so the client router renders the
// route (including its own not-found page).
func (s *Server) serveSPA(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if s.web == nil {
		http.Error(w, "the web app is not built (run make build)", http.StatusNotFound)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name != "" && name != "index.html" {
		if b, err := fs.ReadFile(s.web, name); err == nil {
			if strings.HasPrefix(name, "assets/") {
				// Vite puts a content hash in every name under assets/.
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "public, max-age=3600")
			}
			http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
			return
		}
		if strings.HasPrefix(name, "assets/") {
			http.NotFound(w, r) // a missing hashed asset must not become HTML
			return
		}
	}
	b, err := fs.ReadFile(s.web, "index.html")
	if err != nil {
		http.Error(w, "the web app is not built (run make build)", http.StatusNotFound)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(b))
}

// serveDemoAsset serves the demo schemes' images.
func (s *Server) serveDemoAsset(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/demo-assets/")
	if s.demo == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		http.NotFound(w, r)
		return
	}
	b, err := fs.ReadFile(s.demo, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=86400")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
}
