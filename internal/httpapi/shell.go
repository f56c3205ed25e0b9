package httpapi

import (
	"encoding/json"
	"io/fs"
	"sort"
	"strings"
)

// appShell is what the first HTML is made from: the built index.html and,
// from Vite's manifest (build.manifest), the chunks each storefront route
// loads, so the server can name them in modulepreload links and the browser
// fetches them beside the entry instead of after it.
type appShell struct {
	index    string
	preloads map[string][]string // route kind → /assets/… scripts not already in index.html
	styles   map[string][]string // route kind → /assets/… stylesheets of those chunks
	css      map[string]string   // /assets/….css → its text, for inlining (inlineCSS)
}

// maxInlineCSS bounds one stylesheet put in the first HTML: the storefront's
// are a few KB; anything much larger is better cached as a file.
const maxInlineCSS = 48 << 10

// routeModules are the lazy modules the client router loads for each
// storefront route kind (web/src/app/router.tsx); the storefront layout is
// part of every one.
var routeModules = map[string][]string{
	routeHome:    {"src/features/home/components/order-type-page.tsx"},
	routeStores:  {"src/features/home/components/store-list-page.tsx"},
	routeAddress: {"src/features/address/components/order-address-page.tsx"},
	routeAuth:    {"src/features/auth/components/auth-screens.tsx"},
	routeMenu:    {"src/app/routes/menu.tsx"},
	routeCheck:   {"src/app/routes/checkout.tsx"},
	routeOrder:   {"src/features/orders/components/order-details-page.tsx"},
	routeOther:   {},
}

const storefrontModule = "src/app/routes/storefront.tsx"

// defaultCatalogue is the texts of the app's default language
// (DEFAULT_LANGUAGE in web/src/stores/general.ts), a chunk the i18n module
// imports once it runs. Every storefront page renders only once it is
// there, so it is preloaded with the route's chunks instead of after the
// entry; a visitor who chose the other language fetches theirs as before.
const defaultCatalogue = "src/i18n/en-US.json"

type viteChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
	IsEntry bool     `json:"isEntry"`
}

// loadShell reads index.html and the manifest once. A build without a
// manifest (or a test's small file system) gets no preload links.
func loadShell(web fs.FS) *appShell {
	sh := &appShell{preloads: map[string][]string{}, styles: map[string][]string{}, css: map[string]string{}}
	if web == nil {
		return sh
	}
	if b, err := fs.ReadFile(web, "index.html"); err == nil {
		sh.index = string(b)
	}
	b, err := fs.ReadFile(web, ".vite/manifest.json")
	if err != nil {
		return sh
	}
	var man map[string]viteChunk
	if json.Unmarshal(b, &man) != nil {
		return sh
	}
	// The entry and its static imports are in index.html already.
	var entries []string
	for k, c := range man {
		if c.IsEntry {
			entries = append(entries, k)
		}
	}
	inIndex := closure(man, entries)
	for _, k := range inIndex {
		for _, css := range man[k].CSS {
			sh.readCSS(web, "/"+css)
		}
	}
	for kind, mods := range routeModules {
		keys := closure(man, append([]string{storefrontModule, defaultCatalogue}, mods...))
		for _, k := range keys {
			c := man[k]
			if !contains(inIndex, k) {
				sh.preloads[kind] = append(sh.preloads[kind], "/"+c.File)
			}
			for _, css := range c.CSS {
				if !contains(sh.styles[kind], "/"+css) && !indexHasCSS(man, inIndex, css) {
					sh.styles[kind] = append(sh.styles[kind], "/"+css)
					sh.readCSS(web, "/"+css)
				}
			}
		}
	}
	return sh
}

// readCSS keeps a stylesheet's text for inlining, unless it is large or
// could end the <style> element it goes in.
func (sh *appShell) readCSS(web fs.FS, href string) {
	if _, ok := sh.css[href]; ok {
		return
	}
	b, err := fs.ReadFile(web, strings.TrimPrefix(href, "/"))
	if err != nil || len(b) > maxInlineCSS || strings.Contains(strings.ToLower(string(b)), "</style") {
		return
	}
	sh.css[href] = string(b)
}

// closure is keys and their static imports, recursively, sorted (manifest
// keys; unknown keys are skipped, e.g. a module renamed since).
func closure(man map[string]viteChunk, keys []string) []string {
	seen := map[string]bool{}
	var walk func(k string)
	walk = func(k string) {
		c, ok := man[k]
		if !ok || seen[k] {
			return
		}
		seen[k] = true
		for _, i := range c.Imports {
			walk(i)
		}
	}
	for _, k := range keys {
		walk(k)
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func indexHasCSS(man map[string]viteChunk, inIndex []string, css string) bool {
	for _, k := range inIndex {
		if contains(man[k].CSS, css) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
