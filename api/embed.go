// Package api embeds the v3 contract, api/openapi.yaml, and the reference
// page that renders it for integrators (served at /api/docs). The page's
// renderer, Redoc's standalone bundle, is copied from the tools/ npm package
// at build time (`make build`), never fetched by the browser from elsewhere.
package api

import (
	"embed"
	"io/fs"
)

//go:embed openapi.yaml
var spec []byte

//go:embed all:docs
var docs embed.FS

// RendererFile is the Redoc bundle's name in docs/, copied there by
// `make apidocs` and left out of git.
const RendererFile = "redoc.standalone.js"

// Spec returns api/openapi.yaml as built into the binary.
func Spec() []byte { return spec }

// Docs returns the reference page's files (index.html, reference.js and,
// after `make apidocs`, the renderer), and whether the renderer is there: a
// Go build before it has the page without it.
func Docs() (fs.FS, bool) {
	sub, err := fs.Sub(docs, "docs")
	if err != nil {
		return nil, false
	}
	_, err = fs.Stat(sub, RendererFile)
	return sub, err == nil
}
