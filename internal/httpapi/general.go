package httpapi

import (
	"platter/internal/catalog"
	"platter/internal/i18n"
)

// lastVersion is the client data version the storefront compares with its
// persisted general.lastVersion to drop stale caches. Bump it when persisted
// client state changes shape.
const lastVersion = 1

type shakeHandData struct {
	APIVersion        int          `json:"api_version"`
	LastVersion       int          `json:"lastVersion"`
	LastStringVersion string       `json:"lastStringVersion"`
	Languages         []string     `json:"languages"`
	Currencies        []string     `json:"currencies"`
	Countries         []string     `json:"countries"`
	Maps              mapsSettings `json:"maps"`
	Payments          paySettings  `json:"payments"`
}

type mapsSettings struct {
	TileURL     string `json:"tile_url"`
	Attribution string `json:"attribution"`
}

type paySettings struct {
	Provider       string `json:"provider"`
	PublishableKey string `json:"publishable_key"`
}

// shakeHand answers general/shake-hand: what the client needs at start.
func (s *Server) shakeHand(r *request) (*reply, error) {
	d := shakeHandData{
		APIVersion: 3, LastVersion: lastVersion, LastStringVersion: s.version,
		Languages: i18n.Languages, Currencies: catalog.Currencies, Countries: catalog.Countries,
		Maps: mapsSettings{
			TileURL:     s.cfg.TileURL,
			Attribution: "© OpenStreetMap contributors; places © GeoNames (CC-BY 4.0)",
		},
		Payments: paySettings{Provider: s.cfg.Payments},
	}
	if s.cfg.Payments == "stripe" {
		d.Payments.PublishableKey = s.cfg.StripePublishableKey
	}
	return &reply{Data: d}, nil
}

type schemeSummary struct {
	Slug     string `json:"business_slug"`
	Name     string `json:"name"`
	LogoURL  string `json:"logo_url"`
	Theme    int    `json:"theme"`
	Colour   string `json:"colour"`
	Currency string `json:"currency"`
}

// listSchemes answers general/schemes: the brands on this installation, for
// the landing page.
func (s *Server) listSchemes(r *request) (*reply, error) {
	schemes, err := s.cat.ListSchemes(r.Context())
	if err != nil {
		return nil, err
	}
	out := make([]schemeSummary, 0, len(schemes))
	for _, sc := range schemes {
		out = append(out, schemeSummary{sc.Slug, sc.Name, sc.LogoURL, sc.Theme, sc.Colour, sc.Currency})
	}
	return &reply{Data: out, Meta: map[string]any{"total": len(out)}}, nil
}
