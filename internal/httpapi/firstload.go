package httpapi

import (
	"context"
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"platter/internal/catalog"
	"platter/internal/i18n"
	"platter/internal/platter"
)

// Storefront route kinds (web/src/app/paths.ts), for the preload links.
const (
	routeHome    = "home"
	routeStores  = "stores"
	routeAddress = "address"
	routeAuth    = "auth"
	routeMenu    = "menu"
	routeCheck   = "checkout"
	routeOrder   = "order"
	routeOther   = "other" // the storefront's own not-found page
)

// page is what the first HTML says about one URL.
type page struct {
	status      int
	title       string
	description string
	noindex     bool
	scheme      *catalog.Scheme // nil: the plain shell
	venue       *catalog.Venue  // the venue a /{scheme}/{venue}/… route names
	kind        string
	info        []byte // venue/info's answer, inline
	menu        []byte // menu/list's answer for menuType, inline (menu pages)
	menuType    int
	images      []string // the menu's first pictures, preloaded
	jsonLD      []byte   // schema.org description of the venue and its menu (jsonld.go)
}

// pagePath splits /{scheme}/rest… into the scheme slug and the storefront
// route kind; ok is false for paths that are not storefront pages (the
// landing page, the back office, the driver app).
func pagePath(p string) (slug, venue, kind string, ok bool) {
	segs := strings.Split(strings.Trim(p, "/"), "/")
	// /platform is the platform console, outside every scheme (no scheme
	// may take the slug: platform/schemes/create reserves it).
	if segs[0] == "" || segs[0] == "index.html" || segs[0] == "platform" || strings.HasPrefix(segs[0], ".") {
		return "", "", "", false
	}
	slug, rest := segs[0], segs[1:]
	switch {
	case len(rest) == 0, len(rest) == 1 && rest[0] == "home":
		return slug, "", routeHome, true
	case rest[0] == "admin", rest[0] == "driver":
		return "", "", "", false
	case rest[0] == "home" && len(rest) == 2 && rest[1] == "stores":
		return slug, "", routeStores, true
	case rest[0] == "home" && len(rest) == 2 && rest[1] == "address":
		return slug, "", routeAddress, true
	case rest[0] == "auth":
		return slug, "", routeAuth, true
	case len(rest) == 2 && rest[1] == "menu":
		return slug, rest[0], routeMenu, true
	case len(rest) == 2 && rest[1] == "checkout":
		return slug, rest[0], routeCheck, true
	case len(rest) == 3 && rest[1] == "order-details":
		return slug, rest[0], routeOrder, true
	}
	return slug, "", routeOther, true
}

// firstPage resolves a URL to what its first HTML shows. It never fails:
// an unknown scheme is a 404 with the plain shell, a database error the
// plain shell (the client then shows its own error and retry).
func (s *Server) firstPage(ctx context.Context, urlPath string) *page {
	lang := i18n.Default
	slug, venueSlug, kind, ok := pagePath(urlPath)
	if !ok {
		return &page{status: http.StatusOK, title: "Platter",
			description: s.msgs.T(lang, "seo.landing_description", nil)}
	}
	sc, venues, err := s.schemeVenues(ctx, slug)
	if err != nil {
		if platter.ErrorCode(err) != platter.CodeNotFound {
			s.log.Error("first html: load scheme", "scheme", slug, "err", err)
			return &page{status: http.StatusOK, title: "Platter"}
		}
		return &page{status: http.StatusNotFound, noindex: true,
			title: s.msgs.T(lang, "seo.not_found", nil) + " — Platter"}
	}
	if len(sc.Languages) > 0 {
		lang = sc.Languages[0]
	}
	p := &page{status: http.StatusOK, scheme: sc, kind: kind, title: sc.Name,
		description: s.msgs.T(lang, "seo.scheme_description", map[string]string{"name": sc.Name})}
	for i := range venues {
		if venueSlug != "" && venues[i].Slug == venueSlug {
			p.venue = &venues[i]
		}
	}
	if p.venue != nil {
		short := venueShortName(sc.Name, p.venue.Name)
		p.title = sc.Name + " — " + short
		p.description = s.msgs.T(lang, "seo.venue_description", map[string]string{
			"name": sc.Name, "venue": short, "address": strings.TrimSpace(p.venue.Address.Line1 + ", " + p.venue.Address.City),
		})
	}
	if kind == routeMenu && p.venue != nil {
		// The page's default order type (the client's orderTypeFor without a
		// choice): the menu then renders without a call, a round trip sooner.
		t := -1
		if len(p.venue.OrderTypes) > 0 {
			t = p.venue.OrderTypes[0]
		}
		var m *catalog.Menu
		if e, err := s.menuAnswer(ctx, slug, p.venue.Slug, t); err == nil {
			m = e.menu
			if t >= 0 && len(e.body) <= maxInlineMenu {
				p.menu, p.menuType = e.body, t
			}
		}
		p.images = firstImages(m, t)
		p.jsonLD = venueJSONLD(sc, p.venue, m, t, s.publicURL(), s.now())
	}
	if kind == routeCheck || kind == routeOrder || kind == routeAuth {
		p.noindex = true // personal pages: nothing for a search engine
	}
	rep := venueInfoReply(sc, venues, s.now())
	body := make(map[string]any, len(rep.Meta)+2)
	for k, v := range rep.Meta {
		body[k] = v
	}
	body["success"], body["data"] = true, rep.Data
	// json.Marshal writes <, > and & as \u003c…, so the data cannot end
	// the <script> element it sits in.
	if b, err := json.Marshal(body); err == nil {
		p.info = b
	}
	return p
}

// maxInlineMenu bounds the menu/list answer put in a menu page's first HTML
// (the demo's is ~23 KB); a larger menu is left to the call, which caches it
// compressed, rather than compressing it again with every page.
const maxInlineMenu = 128 << 10

// firstCards is how many cards of the menu page load their pictures
// eagerly (web/src/features/menu/components/menu-page.tsx EAGER_IMAGES).
const firstCards = 4

// firstImages are the pictures of the menu page's first cards for order
// type t (the page's default), in the page's order: categories by
// position, items as listed. The first HTML preloads them, so the largest
// paint does not wait for menu/list before its picture is asked. Nil when
// the menu could not be read (the page then asks as before).
func firstImages(m *catalog.Menu, t int) []string {
	if m == nil {
		return nil
	}
	items := m.Items
	if t >= 0 {
		items = m.ForOrderType(t)
	}
	cats := append([]catalog.Category(nil), m.Categories...)
	sort.SliceStable(cats, func(i, j int) bool {
		if cats[i].Position != cats[j].Position {
			return cats[i].Position < cats[j].Position
		}
		return cats[i].ID < cats[j].ID
	})
	var out []string
	cards := 0
	for _, c := range cats {
		for _, it := range items {
			if it.CategoryID != c.ID {
				continue
			}
			if cards++; cards > firstCards {
				return out
			}
			if it.ImageURL != "" && !slices.Contains(out, it.ImageURL) {
				out = append(out, it.ImageURL)
			}
		}
	}
	return out
}

// venueShortName drops the brand from a venue's name ("Ember & Bun Soho" →
// "Soho") so the title does not say it twice.
func venueShortName(brand, venue string) string {
	if short := strings.TrimSpace(strings.TrimPrefix(venue, brand)); short != "" && short != venue {
		return strings.TrimLeft(short, "-–—,: ")
	}
	return venue
}

var (
	titleTag     = regexp.MustCompile(`(?is)<title>.*?</title>`)
	themeColour  = regexp.MustCompile(`(?i)<meta name="theme-color"[^>]*>\s*`)
	validColour  = regexp.MustCompile(`^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$`)
	rootElement  = `<div id="root"></div>`
	headEndMatch = "</head>"
)

// renderShell fills index.html for p: the head tags, a branded first paint
// inside #root (React replaces it when it renders) and the inline data.
func (s *Server) renderShell(sh *appShell, p *page, urlPath string) string {
	doc := themeColour.ReplaceAllString(titleTag.ReplaceAllString(sh.index, ""), "")
	if p.scheme != nil {
		doc = inlineIndexCSS(sh, doc)
	}
	head := s.headTags(sh, p, urlPath)
	if i := strings.Index(doc, headEndMatch); i >= 0 {
		doc = doc[:i] + head + doc[i:]
	} else if i := strings.Index(doc, rootElement); i >= 0 {
		doc = doc[:i] + head + doc[i:]
	}
	if p.scheme != nil {
		root := `<div id="root">` + firstPaint(p.scheme) + `</div>`
		if p.info != nil {
			root += `<script type="application/json" id="platter-venue-info">` + string(p.info) + `</script>`
		}
		if p.menu != nil && p.venue != nil {
			// json.Marshal escaped <, > and & here too.
			root += `<script type="application/json" id="platter-menu-list" data-venue="` + html.EscapeString(p.venue.Slug) +
				`" data-order-type="` + strconv.Itoa(p.menuType) + `">` + string(p.menu) + `</script>`
		}
		if p.jsonLD != nil {
			// For search engines, after what the page needs to paint.
			root += `<script type="application/ld+json" id="platter-jsonld">` + string(p.jsonLD) + `</script>`
		}
		doc = strings.Replace(doc, rootElement, root, 1)
	}
	return doc
}

func (s *Server) headTags(sh *appShell, p *page, urlPath string) string {
	e := html.EscapeString
	var b strings.Builder
	b.WriteString("<title>" + e(p.title) + "</title>\n")
	if p.description != "" {
		b.WriteString(`<meta name="description" content="` + e(p.description) + "\">\n")
	}
	if p.noindex {
		b.WriteString("<meta name=\"robots\" content=\"noindex\">\n")
	}
	colour := "#ffffff"
	if p.scheme != nil && validColour.MatchString(p.scheme.Colour) {
		colour = p.scheme.Colour
	}
	b.WriteString(`<meta name="theme-color" content="` + e(colour) + "\">\n")
	if p.scheme == nil {
		return b.String()
	}
	base := s.publicURL()
	b.WriteString(`<link rel="manifest" href="/` + e(p.scheme.Slug) + "/manifest.webmanifest\">\n")
	b.WriteString(`<link rel="canonical" href="` + e(base+urlPath) + "\">\n")
	og := [][2]string{{"og:type", "website"}, {"og:site_name", p.scheme.Name}, {"og:title", p.title},
		{"og:description", p.description}, {"og:url", base + urlPath}}
	if p.scheme.LogoURL != "" {
		og = append(og, [2]string{"og:image", absoluteURL(base, p.scheme.LogoURL)})
	}
	for _, t := range og {
		b.WriteString(`<meta property="` + t[0] + `" content="` + e(t[1]) + "\">\n")
	}
	for _, src := range p.images {
		b.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + e(src) + "\">\n")
	}
	for _, href := range sh.preloads[p.kind] {
		b.WriteString(`<link rel="modulepreload" crossorigin href="` + e(href) + "\">\n")
	}
	for _, href := range sh.styles[p.kind] {
		if css, ok := sh.css[href]; ok {
			// Inline, so the first paint waits for no stylesheet request
			// (on a phone they share the link with the route's scripts).
			// The disabled link is never fetched; it is there for Vite's
			// preload helper, which adds a stylesheet for a lazy chunk
			// unless a link[rel=stylesheet] with its href exists, and
			// would otherwise download the same file again.
			b.WriteString("<style>" + css + "</style>\n")
			b.WriteString(`<link rel="stylesheet" href="` + e(href) + "\" disabled>\n")
			continue
		}
		b.WriteString(`<link rel="stylesheet" crossorigin href="` + e(href) + "\">\n")
	}
	return b.String()
}

// indexStylesheet is how Vite links the entry's CSS in index.html.
var indexStylesheet = regexp.MustCompile(`<link rel="stylesheet" crossorigin href="(/assets/[^"]+\.css)">`)

// inlineIndexCSS puts the entry's stylesheets in the document itself
// (storefront pages: the first paint then needs only the HTML).
func inlineIndexCSS(sh *appShell, doc string) string {
	return indexStylesheet.ReplaceAllStringFunc(doc, func(tag string) string {
		href := indexStylesheet.FindStringSubmatch(tag)[1]
		if css, ok := sh.css[href]; ok {
			return "<style>" + css + "</style>"
		}
		return tag
	})
}

// firstPaint is the scheme's header as the client's SchemeShell draws it
// (same classes, same CSS variables as ThemedRoot), so the page is branded
// before any script ran and nothing moves when React takes over.
func firstPaint(sc *catalog.Scheme) string {
	e := html.EscapeString
	theme := "light"
	if sc.Theme == 0 {
		theme = "dark"
	}
	logo := `<span class="scheme-logo scheme-logo--fallback" style="width:36px;height:36px" aria-hidden="true">` +
		e(strings.ToUpper(firstRune(strings.TrimSpace(sc.Name)))) + `</span>`
	if sc.LogoURL != "" {
		logo = `<img class="scheme-logo" src="` + e(smallLogo(sc.LogoURL)) + `" alt="" width="36" height="36" style="width:36px;height:36px">`
	}
	return `<div class="themed-root" data-theme="` + theme + `" data-testid="first-paint" style="` +
		e(themeStyle(sc)) + `"><header class="site-header"><div class="site-header__inner container">` +
		`<a href="/` + e(sc.Slug) + `/home" class="site-header__brand">` + logo +
		`<span class="site-header__name">` + e(sc.Name) + `</span></a></div></header>` +
		`<main id="main" class="site-main"></main></div>`
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

func absoluteURL(base, u string) string {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		return base + u
	}
	return u
}

// publicURL is PLATTER_PUBLIC_URL without its trailing slash.
func (s *Server) publicURL() string {
	if s.cfg == nil {
		return ""
	}
	return strings.TrimRight(s.cfg.PublicURL, "/")
}
