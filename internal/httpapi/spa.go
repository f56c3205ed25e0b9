package httpapi

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// serveSPA serves the embedded single-page app: files that exist as they
// are (hashed assets in the coding the client prefers), the scheme's web
// app manifest, and for every other GET the first HTML of the route
// (firstload.go) so the client router renders it.
func (s *Server) serveSPA(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	clean := path.Clean(r.URL.Path)
	switch clean {
	case "/robots.txt":
		s.serveRobots(w, r)
		return
	case "/sitemap.xml":
		s.serveSitemap(w, r)
		return
	}
	if slug, venue, ok := icsPath(clean); ok {
		s.serveHours(w, r, slug, venue)
		return
	}
	if slug, ok := manifestPath(clean); ok {
		s.serveManifest(w, r, slug)
		return
	}
	if s.web == nil {
		http.Error(w, "the web app is not built (run make build)", http.StatusNotFound)
		return
	}
	name := strings.TrimPrefix(clean, "/")
	if hidden(name) {
		// Build metadata (.vite/manifest.json lists every chunk of the
		// back office too): not part of the site, and not a page either.
		http.NotFound(w, r)
		return
	}
	if name != "" && name != "index.html" {
		if b, err := fs.ReadFile(s.web, name); err == nil {
			if strings.HasPrefix(name, "assets/") {
				s.serveAsset(w, r, name, b)
				return
			}
			if name == serviceWorkerFile {
				// Revalidated on every visit (browsers cap a worker's HTTP
				// caching at 24 h anyway), so a new build's worker, with
				// the new precache list, is installed on the next visit.
				// Served from the root, its default scope is the whole
				// origin; the worker itself leaves staff pages alone
				// (web/src/sw/rules.ts), so no Service-Worker-Allowed.
				w.Header().Set("Cache-Control", "no-cache")
				w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
				http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
				return
			}
			w.Header().Set("Cache-Control", "public, max-age=3600")
			http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
			return
		}
		if strings.HasPrefix(name, "assets/") {
			http.NotFound(w, r) // a missing hashed asset must not become HTML
			return
		}
	}
	sh := s.shell()
	if sh.index == "" {
		http.Error(w, "the web app is not built (run make build)", http.StatusNotFound)
		return
	}
	p := s.firstPage(r.Context(), clean)
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(p.status)
	if r.Method != http.MethodHead {
		_, _ = w.Write([]byte(s.renderShell(sh, p, clean)))
	}
}

// serveAsset serves a hashed asset, or its build-time .br or .gz copy
// (web/scripts/precompress.mjs) when the client accepts that coding.
func (s *Server) serveAsset(w http.ResponseWriter, r *http.Request, name string, b []byte) {
	h := w.Header()
	// Vite puts a content hash in every name under assets/.
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	var available []string
	for _, c := range []string{encBrotli, encGzip} {
		if _, err := fs.Stat(s.web, name+suffix(c)); err == nil {
			available = append(available, c)
		}
	}
	if len(available) > 0 {
		addVary(h)
	}
	if enc := chooseEncoding(r.Header.Get("Accept-Encoding"), available...); enc != "" {
		if zb, err := fs.ReadFile(s.web, name+suffix(enc)); err == nil {
			// Written directly: http.ServeContent leaves Content-Length out
			// once a Content-Encoding is set. Ranges of a compressed copy
			// are not offered (no Accept-Ranges); the whole file is small.
			if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
				h.Set("Content-Type", ct)
			}
			h.Set("Content-Encoding", enc)
			h.Set("Content-Length", strconv.Itoa(len(zb)))
			w.WriteHeader(http.StatusOK)
			if r.Method != http.MethodHead {
				_, _ = w.Write(zb)
			}
			return
		}
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
}

func suffix(coding string) string {
	if coding == encBrotli {
		return ".br"
	}
	return ".gz"
}

// serviceWorkerFile is the storefront's service worker (web/scripts/service-worker.mjs).
const serviceWorkerFile = "sw.js"

// hidden reports a dot-file or dot-directory (Vite's .vite/manifest.json):
// build metadata, not part of the site.
func hidden(name string) bool {
	for _, seg := range strings.Split(name, "/") {
		if strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return false
}

// manifestPath matches /{scheme}/manifest.webmanifest.
func manifestPath(p string) (string, bool) {
	slug, rest, ok := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	return slug, ok && slug != "" && rest == "manifest.webmanifest"
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
