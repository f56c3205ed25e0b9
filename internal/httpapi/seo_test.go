package httpapi_test

import (
	"encoding/json"
	"encoding/xml"
	"sort"
	"strings"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// TestRobotsAndSitemap: /robots.txt is real and names the sitemap at the
// public URL; /sitemap.xml is valid XML listing each scheme's home and each
// venue's menu, on both databases.
func TestRobotsAndSitemap(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := startPublic(t, db)
		res, body := e.get("/robots.txt")
		robots := string(body)
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
			t.Fatalf("robots.txt: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		for _, line := range []string{"User-agent: *", "Disallow: /api/", "Sitemap: " + publicURL + "/sitemap.xml"} {
			if !strings.Contains(robots, line+"\n") {
				t.Errorf("robots.txt lacks %q:\n%s", line, robots)
			}
		}
		if strings.Contains(robots, "<") {
			t.Error("robots.txt is HTML")
		}

		res, body = e.get("/sitemap.xml")
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
			t.Fatalf("sitemap: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		var set struct {
			XMLName xml.Name
			URLs    []struct {
				Loc     string `xml:"loc"`
				LastMod string `xml:"lastmod"`
			} `xml:"url"`
		}
		if err := xml.Unmarshal(body, &set); err != nil {
			t.Fatalf("sitemap is not XML: %v\n%s", err, body)
		}
		if set.XMLName.Space != "http://www.sitemaps.org/schemas/sitemap/0.9" || set.XMLName.Local != "urlset" {
			t.Errorf("root element %v", set.XMLName)
		}
		var locs []string
		for _, u := range set.URLs {
			locs = append(locs, u.Loc)
			if len(u.LastMod) != len("2006-01-02") {
				t.Errorf("%s: lastmod %q", u.Loc, u.LastMod)
			}
		}
		sort.Strings(locs)
		want := []string{
			publicURL + "/demo-burgers/home", publicURL + "/demo-burgers/shoreditch/menu", publicURL + "/demo-burgers/soho/menu",
			publicURL + "/demo-pierogi/home", publicURL + "/demo-pierogi/rynek/menu",
		}
		if strings.Join(locs, "\n") != strings.Join(want, "\n") {
			t.Errorf("sitemap lists\n%s\nwant\n%s", strings.Join(locs, "\n"), strings.Join(want, "\n"))
		}
	})
}

// TestWebManifest: each scheme has an installable manifest in its name,
// colours and logo, linked from its pages; an unknown scheme has none.
func TestWebManifest(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := startPublic(t, db)
		res, body := e.get("/demo-burgers/manifest.webmanifest")
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/manifest+json" {
			t.Fatalf("%d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		var raw map[string]any
		if err := json.Unmarshal(body, &raw); err != nil {
			t.Fatalf("manifest is not JSON: %v", err)
		}
		got := []any{raw["name"], raw["short_name"], raw["start_url"], raw["scope"], raw["display"], raw["theme_color"], raw["background_color"]}
		want := []any{"Ember & Bun", "Ember & Bun", "/demo-burgers/home", "/demo-burgers/", "standalone", "#e85d04", "#ffffff"}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("manifest field %d: %v, want %v (%s)", i, got[i], want[i], body)
			}
		}
		icons, _ := raw["icons"].([]any)
		if len(icons) != 1 || icons[0].(map[string]any)["src"] != "/demo-assets/logo-burgers.svg" ||
			icons[0].(map[string]any)["type"] != "image/svg+xml" || icons[0].(map[string]any)["sizes"] != "any" {
			t.Errorf("icons %v", raw["icons"])
		}
		if res, _ := e.get(icons[0].(map[string]any)["src"].(string)); res.StatusCode != 200 {
			t.Errorf("the icon answers %d", res.StatusCode)
		}
		if res, _ := e.get("/no-such-brand/manifest.webmanifest"); res.StatusCode != 404 {
			t.Errorf("unknown scheme's manifest: %d", res.StatusCode)
		}
	})
}
