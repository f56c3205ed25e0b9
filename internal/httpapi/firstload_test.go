package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"html"
	"regexp"
	"strings"
	"testing"

	"platter/internal/catalog"
	"platter/internal/httpapi"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

const publicURL = "https://order.example"

func startPublic(t *testing.T, db *store.DB) *env {
	return start(t, db, options{web: builtWeb(), env: map[string]string{"PLATTER_PUBLIC_URL": publicURL}})
}

// meta returns the content of <meta name|property="key">, unescaped.
func meta(t *testing.T, doc, key string) string {
	t.Helper()
	re := regexp.MustCompile(`<meta (?:name|property)="` + regexp.QuoteMeta(key) + `" content="([^"]*)">`)
	m := re.FindAllStringSubmatch(doc, -1)
	if len(m) != 1 {
		t.Errorf("%d <meta %s> tags, want 1", len(m), key)
		return ""
	}
	return html.UnescapeString(m[0][1])
}

func title(doc string) string {
	m := regexp.MustCompile(`(?s)<title>(.*?)</title>`).FindAllStringSubmatch(doc, -1)
	if len(m) != 1 {
		return "<no single title>"
	}
	return html.UnescapeString(m[0][1])
}

// inlineInfo is the venue/info answer in the page's JSON data block.
func inlineInfo(t *testing.T, doc string) map[string]any {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="platter-venue-info">(.*?)</script>`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("no inline venue/info data block")
	}
	if strings.ContainsAny(m[1], "<>") {
		t.Errorf("the inline JSON holds a raw < or >: %s", m[1])
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
		t.Fatalf("inline JSON does not parse: %v", err)
	}
	return v
}

// TestFirstHTMLOfMenuPage: the HTML of /{scheme}/{venue}/menu names the
// brand and venue, carries the scheme's colours, preloads the route's chunks
// and holds venue/info's answer, on both databases.
func TestFirstHTMLOfMenuPage(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := startPublic(t, db)
		res, body := e.get("/demo-burgers/soho/menu")
		doc := string(body)
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		if got := title(doc); got != "Ember & Bun — Soho" {
			t.Errorf("title %q", got)
		}
		if !strings.Contains(doc, "<title>Ember &amp; Bun — Soho</title>") {
			t.Error("the title is not HTML-escaped")
		}
		if d := meta(t, doc, "description"); !strings.Contains(d, "Ember & Bun") || !strings.Contains(d, "41 Broadwick Street") {
			t.Errorf("description %q", d)
		}
		if c := meta(t, doc, "theme-color"); c != "#e85d04" {
			t.Errorf("theme-color %q", c)
		}
		for key, want := range map[string]string{
			"og:title": "Ember & Bun — Soho", "og:site_name": "Ember & Bun", "og:type": "website",
			"og:url": publicURL + "/demo-burgers/soho/menu", "og:image": publicURL + "/demo-assets/logo-burgers.svg",
		} {
			if got := meta(t, doc, key); got != want {
				t.Errorf("%s %q, want %q", key, got, want)
			}
		}
		if meta(t, doc, "og:description") != meta(t, doc, "description") {
			t.Error("og:description differs from the description")
		}
		// The colours as the client's ThemedRoot sets them (web/src/lib/theme.ts:
		// contrastText("#e85d04") is #111111), on the first paint's themed root.
		if !strings.Contains(doc, `class="themed-root" data-theme="light"`) ||
			!strings.Contains(doc, `style="--colour:#e85d04;--on-colour:#111111;--colour-1:#e85d04;--colour-2:#dc2f02;`) ||
			!strings.Contains(doc, `--colour-16:#9d0208;--on-colour-1:#111111;`) ||
			!strings.Contains(doc, `--on-colour-6:#ffffff;`) || !strings.Contains(doc, `--on-colour-16:#ffffff;"`) {
			t.Errorf("no themed first paint with the scheme's variables:\n%s", doc)
		}
		if !strings.Contains(doc, `<span class="site-header__name">Ember &amp; Bun</span>`) {
			t.Error("the first paint does not show the brand's name")
		}
		if !strings.Contains(doc, `<link rel="manifest" href="/demo-burgers/manifest.webmanifest">`) {
			t.Error("no manifest link")
		}

		// Preloads: the storefront layout, its shared chunk and the menu route,
		// not what index.html loads already; the route's stylesheets; the
		// default language's texts (the page renders once they are there).
		for _, href := range []string{"/assets/storefront-F1.js", "/assets/scheme-shell-H1.js", "/assets/menu-M1.js", "/assets/en-US-L1.js"} {
			if !strings.Contains(doc, `<link rel="modulepreload" crossorigin href="`+href+`">`) {
				t.Errorf("no modulepreload of %s", href)
			}
		}
		if strings.Count(doc, `href="/assets/shared-S1.js"`) != 1 || strings.Contains(doc, "order-type-page") {
			t.Error("preloads a chunk twice or one of another route")
		}
		for _, href := range []string{"/assets/scheme-shell-H1.css", "/assets/menu-M1.css"} {
			if !strings.Contains(doc, `<link rel="stylesheet" crossorigin href="`+href+`">`) {
				t.Errorf("no stylesheet %s", href)
			}
		}

		// The first card's picture (soho's first order type is delivery) is
		// preloaded, and no more pictures than the page loads eagerly.
		menu := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho", "order_type", 0)).data(t)
		first := map[string]any{}
		for _, c := range menu["categories"].([]any) {
			c := c.(map[string]any)
			for _, it := range menu["items"].([]any) {
				it := it.(map[string]any)
				if it["category_id"] == c["id"] && (len(first) == 0 || num(c["position"]) < num(first["position"])) {
					first = map[string]any{"position": c["position"], "image": it["image_url"]}
					break
				}
			}
		}
		img, _ := first["image"].(string)
		if img == "" || !strings.Contains(doc, `<link rel="preload" as="image" fetchpriority="high" href="`+img+`">`) {
			t.Errorf("the first card's picture %q is not preloaded", img)
		}
		if n := strings.Count(doc, `rel="preload" as="image"`); n < 1 || n > 4 {
			t.Errorf("%d pictures preloaded, want 1–4", n)
		}

		// The inline data is venue/info's answer.
		inline := inlineInfo(t, doc)
		api := e.call("venue/info", filter("business_slug", "demo-burgers"))
		want := anyJSON(t, api.Raw).(map[string]any)
		a, _ := json.Marshal(inline)
		b, _ := json.Marshal(want)
		if string(a) != string(b) {
			t.Errorf("inline data differs from venue/info:\n%s\n%s", a, b)
		}

		// And menu/list's answer for the page's default order type (soho's
		// first: delivery), byte for byte, named by venue and order type.
		m := regexp.MustCompile(`(?s)<script type="application/json" id="platter-menu-list" data-venue="soho" data-order-type="0">(.*?)</script>`).FindStringSubmatch(doc)
		if m == nil {
			t.Fatal("no inline menu/list data block for soho's delivery menu")
		}
		if raw := e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho", "order_type", 0)).Raw; m[1] != string(raw) {
			t.Errorf("inline menu differs from menu/list:\n%s\n%s", m[1], raw)
		}
		if strings.ContainsAny(m[1], "<>") {
			t.Error("the inline menu holds a raw < or >")
		}
	})
}

// TestFirstHTMLOfOtherPages: the scheme's name elsewhere in the storefront,
// the home route's chunk, the plain shell off the storefront.
func TestFirstHTMLOfOtherPages(t *testing.T) {
	t.Parallel()
	e := startPublic(t, storetest.Open(t, "sqlite"))
	_, body := e.get("/demo-burgers/home")
	doc := string(body)
	if title(doc) != "Ember & Bun" || meta(t, doc, "theme-color") != "#e85d04" || meta(t, doc, "og:url") != publicURL+"/demo-burgers/home" {
		t.Errorf("home: title %q", title(doc))
	}
	if !strings.Contains(doc, `href="/assets/order-type-page-O1.js"`) || strings.Contains(doc, "menu-M1.js") {
		t.Error("home: wrong preloads")
	}
	if strings.Contains(doc, "platter-menu-list") {
		t.Error("home: a menu inline")
	}
	if inlineInfo(t, doc)["data"].(map[string]any)["business_slug"] != "demo-burgers" {
		t.Error("home: inline data of another scheme")
	}
	// An unknown venue keeps the brand; Polish scheme gets a Polish description.
	if _, body := e.get("/demo-burgers/nowhere/menu"); title(string(body)) != "Ember & Bun" {
		t.Errorf("unknown venue: title %q", title(string(body)))
	}
	if _, body := e.get("/demo-pierogi/home"); !strings.Contains(meta(t, string(body), "description"), "Zamów") {
		t.Errorf("pierogi: description %q", meta(t, string(body), "description"))
	}
	for _, p := range []string{"/", "/index.html", "/demo-burgers/admin/orders", "/demo-burgers/driver", "/platform"} {
		res, body := e.get(p)
		if res.StatusCode != 200 || title(string(body)) != "Platter" || strings.Contains(string(body), "platter-venue-info") {
			t.Errorf("%s: title %q, want the plain shell", p, title(string(body)))
		}
	}
}

// TestFirstHTMLUnknownScheme: a scheme that does not exist is a 404 with
// the plain shell; a failing database the plain shell, never a 500.
func TestFirstHTMLUnknownScheme(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	e := startPublic(t, db)
	res, body := e.get("/no-such-brand/soho/menu")
	doc := string(body)
	if res.StatusCode != 404 || !strings.Contains(title(doc), "not found") || strings.Contains(doc, "platter-venue-info") ||
		!strings.Contains(doc, `<div id="root"></div>`) || meta(t, doc, "robots") != "noindex" {
		t.Errorf("unknown scheme: %d %q", res.StatusCode, title(doc))
	}

	broken := start(t, db, options{web: builtWeb(), catalog: failingCatalog{db}})
	res, body = broken.get("/demo-burgers/soho/menu")
	if res.StatusCode != 200 || title(string(body)) != "Platter" || !strings.Contains(string(body), `<div id="root"></div>`) {
		t.Errorf("database down: %d %q", res.StatusCode, title(string(body)))
	}
}

// TestFirstHTMLEscapesTheBrand: a brand's text cannot break out of the
// HTML or of the JSON block.
func TestFirstHTMLEscapesTheBrand(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "sqlite")
	doc := burgersDoc(t)
	doc.BusinessSlug = "evil"
	doc.Name = `Bad </script><script>alert(1)</script> "Bun" & <b>`
	doc.Venues[0].Name = `Soho "<img src=x onerror=alert(1)>"`
	if _, err := db.ImportScheme(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	e := startPublic(t, db)
	_, body := e.get("/evil/" + doc.Venues[0].VenueSlug + "/menu")
	page := string(body)
	if strings.Contains(page, "<script>alert") || strings.Contains(page, "<img src=x") || strings.Contains(page, "<b>") {
		t.Fatalf("brand text reached the HTML unescaped:\n%s", page)
	}
	if got := title(page); !strings.HasPrefix(got, doc.Name) {
		t.Errorf("title %q", got)
	}
	if inlineInfo(t, page)["data"].(map[string]any)["name"] != doc.Name {
		t.Error("the inline data lost the name")
	}
}

// failingCatalog is the real store with scheme lookups failing, as when the
// database is unreachable.
type failingCatalog struct{ httpapi.Catalog }

func (failingCatalog) SchemeBySlug(context.Context, string) (*catalog.Scheme, error) {
	return nil, errors.New("connection refused")
}
