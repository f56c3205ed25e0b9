package httpapi_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"platter/internal/store/storetest"
)

// The storefront's service worker is served from the root, revalidated on
// every visit, and allowed by the page's CSP; Vite's build metadata is not
// served at all (it is neither a file of the site nor a page).
func TestServiceWorkerAndBuildMetadata(t *testing.T) {
	t.Parallel()
	web := fstest.MapFS{
		"index.html":          &fstest.MapFile{Data: []byte(`<!doctype html><div id="root"></div>`)},
		"sw.js":               &fstest.MapFile{Data: []byte(`self.addEventListener("fetch",()=>{})`)},
		".vite/manifest.json": &fstest.MapFile{Data: []byte(`{"index.html":{"file":"assets/index-1.js","isEntry":true}}`)},
	}
	e := start(t, storetest.Open(t, "sqlite"), options{web: web})

	res, body := e.get("/sw.js")
	if res.StatusCode != 200 || !strings.Contains(string(body), `addEventListener("fetch"`) {
		t.Fatalf("/sw.js: %d %q", res.StatusCode, body)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("/sw.js Cache-Control %q, want no-cache (a new build's worker must be found on the next visit)", cc)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
		t.Errorf("/sw.js Content-Type %q: browsers refuse a worker that is not JavaScript", ct)
	}
	// The page may register it: workers fall back to script-src, then default-src.
	res, _ = e.get("/demo-burgers/soho/menu")
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "worker-src 'none'") {
		t.Errorf("CSP %q does not allow a same-origin worker", csp)
	}

	for _, p := range []string{"/.vite/manifest.json", "/.vite/", "/.env", "/assets/.hidden.js"} {
		res, body := e.get(p)
		if res.StatusCode != 404 || strings.Contains(string(body), `<div id="root">`) || strings.Contains(string(body), "isEntry") {
			t.Errorf("%s: %d %q, want a plain 404", p, res.StatusCode, body)
		}
	}
}

// A storefront page's first HTML carries its stylesheets inline (the first
// paint then waits for the HTML alone), with a disabled link per lazy
// chunk's stylesheet so Vite's preload helper does not fetch it again; pages
// off the storefront keep the plain links.
func TestFirstHTMLInlinesStorefrontCSS(t *testing.T) {
	t.Parallel()
	web := builtWeb()
	web["assets/index-C1.css"] = &fstest.MapFile{Data: []byte(`body{margin:0}`)}
	web["assets/menu-M1.css"] = &fstest.MapFile{Data: []byte(`.menu-page{display:block}`)}
	web["assets/scheme-shell-H1.css"] = &fstest.MapFile{Data: []byte(`.site-header{height:64px}</STYLE><script>`)}
	e := start(t, storetest.Open(t, "sqlite"), options{web: web})

	_, body := e.get("/demo-burgers/soho/menu")
	doc := string(body)
	for _, want := range []string{
		"<style>body{margin:0}</style>",
		"<style>.menu-page{display:block}</style>\n" + `<link rel="stylesheet" href="/assets/menu-M1.css" disabled>`,
		// A stylesheet that could end its <style> element stays a link.
		`<link rel="stylesheet" crossorigin href="/assets/scheme-shell-H1.css">`,
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the menu page's HTML lacks %q:\n%s", want, doc)
		}
	}
	if strings.Contains(doc, `href="/assets/index-C1.css"`) || strings.Contains(doc, "<script>") {
		t.Errorf("the entry's stylesheet is linked as well as inlined, or CSS broke out of <style>:\n%s", doc)
	}

	_, body = e.get("/")
	if doc := string(body); !strings.Contains(doc, `<link rel="stylesheet" crossorigin href="/assets/index-C1.css">`) || strings.Contains(doc, "<style>") {
		t.Errorf("the landing page's HTML changed:\n%s", doc)
	}
}
