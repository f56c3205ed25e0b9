// Package demo holds the two demo schemes of docs/architecture.md §4c — import
// documents and the illustrations they point at — for `platter demo` and the
// end-to-end tests. The server serves Assets at /demo-assets/<file>, which is
// where the documents' image_url and logo_url values point.
package demo

import (
	"embed"
	"io/fs"
)

//go:embed demo-burgers.json demo-pierogi.json
var documents embed.FS

//go:embed assets/*.svg
var assets embed.FS

// AssetPrefix is the URL path under which the server must serve Assets().
const AssetPrefix = "/demo-assets/"

// Document is one demo import document.
type Document struct {
	Name string // file name, e.g. "demo-burgers.json", for messages
	Slug string // business_slug of the scheme it creates
	Data []byte // catalog.SchemeDoc JSON
}

// Documents returns the demo import documents (catalog.SchemeDoc JSON),
// burgers first.
func Documents() []Document {
	out := make([]Document, 0, 2)
	for _, slug := range []string{"demo-burgers", "demo-pierogi"} {
		b, err := documents.ReadFile(slug + ".json")
		if err != nil {
			panic("demo: embedded document missing: " + err.Error()) // a build mistake
		}
		out = append(out, Document{Name: slug + ".json", Slug: slug, Data: b})
	}
	return out
}

// Assets returns the illustrations as a file system rooted at the folder,
// so "burger.svg" opens assets/burger.svg.
func Assets() fs.FS {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic("demo: " + err.Error()) // fs.Sub fails only on an invalid name
	}
	return sub
}
