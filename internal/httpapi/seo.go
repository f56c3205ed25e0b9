package httpapi

import (
	"encoding/json"
	"encoding/xml"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"

	"platter/internal/catalog"
	"platter/internal/platter"
)

// serveRobots answers /robots.txt: everything but the API and the staff
// apps may be crawled, and the sitemap is named with the public URL.
func (s *Server) serveRobots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	body := "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /*/admin\nDisallow: /*/driver\n" +
		"Disallow: /*/auth/\nDisallow: /*/checkout\nDisallow: /*/order-details/\n\n" +
		"Sitemap: " + s.publicURL() + "/sitemap.xml\n"
	_, _ = w.Write([]byte(body))
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type urlSet struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// serveSitemap answers /sitemap.xml: each scheme's home and each of its
// venues' menus, dated by the scheme's last change.
func (s *Server) serveSitemap(w http.ResponseWriter, r *http.Request) {
	schemes, err := s.cat.ListSchemes(r.Context())
	if err != nil {
		s.log.Error("sitemap", "err", err)
		http.Error(w, "try again later", http.StatusServiceUnavailable)
		return
	}
	base := s.publicURL()
	set := urlSet{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, sc := range schemes {
		venues, err := s.cat.VenuesOfScheme(r.Context(), sc.ID)
		if err != nil {
			s.log.Error("sitemap", "scheme", sc.Slug, "err", err)
			http.Error(w, "try again later", http.StatusServiceUnavailable)
			return
		}
		mod := sc.UpdatedAt.UTC().Format("2006-01-02")
		set.URLs = append(set.URLs, sitemapURL{base + "/" + pathSegment(sc.Slug) + "/home", mod})
		for _, v := range venues {
			set.URLs = append(set.URLs, sitemapURL{base + "/" + pathSegment(sc.Slug) + "/" + pathSegment(v.Slug) + "/menu", mod})
		}
	}
	b, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		s.log.Error("sitemap", "err", err)
		http.Error(w, "try again later", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(append([]byte(xml.Header), b...))
}

// pathSegment escapes a slug as one URL path segment.
func pathSegment(s string) string { return url.PathEscape(s) }

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type,omitempty"`
	Purpose string `json:"purpose,omitempty"`
}

type webManifest struct {
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	ThemeColor      string         `json:"theme_color"`
	BackgroundColor string         `json:"background_color"`
	Icons           []manifestIcon `json:"icons"`
}

// serveManifest answers /{scheme}/manifest.webmanifest, the scheme's web
// app manifest: installed, the storefront opens on the scheme's home in
// its own window, in its colours, with its logo as the icon.
func (s *Server) serveManifest(w http.ResponseWriter, r *http.Request, slug string) {
	sc, err := s.cat.SchemeBySlug(r.Context(), slug)
	if err != nil {
		if platter.ErrorCode(err) == platter.CodeNotFound {
			http.NotFound(w, r)
			return
		}
		s.log.Error("manifest", "scheme", slug, "err", err)
		http.Error(w, "try again later", http.StatusServiceUnavailable)
		return
	}
	b, _ := json.Marshal(manifestOf(sc))
	w.Header().Set("Content-Type", "application/manifest+json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(b)
}

func manifestOf(sc *catalog.Scheme) webManifest {
	root := "/" + pathSegment(sc.Slug) + "/"
	m := webManifest{Name: sc.Name, ShortName: shortName(sc.Name), StartURL: root + "home", Scope: root,
		Display: "standalone", ThemeColor: "#ffffff", BackgroundColor: "#ffffff", Icons: []manifestIcon{}}
	if validColour.MatchString(sc.Colour) {
		m.ThemeColor = sc.Colour
	}
	if sc.Theme == 0 {
		m.BackgroundColor = "#121214" // the dark theme's --bg
	}
	if sc.LogoURL != "" {
		typ := mime.TypeByExtension(path.Ext(sc.LogoURL))
		typ, _, _ = strings.Cut(typ, ";")
		sizes := "512x512"
		if typ == "image/svg+xml" {
			sizes = "any" // a vector logo fits every size
		}
		m.Icons = append(m.Icons, manifestIcon{Src: sc.LogoURL, Sizes: sizes, Type: typ, Purpose: "any"})
	}
	return m
}

// shortName is the name under an installed icon: the brand when it is
// short, else its first word (launchers cut at about 12 characters).
func shortName(name string) string {
	if len([]rune(name)) <= 12 {
		return name
	}
	if first, _, ok := strings.Cut(name, " "); ok && first != "" {
		return first
	}
	return string([]rune(name)[:12])
}
