package httpapi

import (
	"strings"

	"platter/internal/catalog"
	"platter/internal/media"
	"platter/internal/platter"
)

// brandInput is admin/scheme/update's data: every field optional, an absent
// one left as it is. logo_id is a picture uploaded with purpose "logo" (0
// removes the logo); colours are colour1..colour16 in order ("" leaves a
// slot to the main colour); tipping applies to every venue of the scheme;
// reply_to is the Reply-To of the scheme's mail ("" for none).
type brandInput struct {
	Name      *string          `json:"name" text:"max=100"`
	LogoID    *int64           `json:"logo_id"`
	Theme     *int             `json:"theme"`
	Colour    *string          `json:"colour" text:"max=9"`
	Colours   []string         `json:"colours" text:"max=9"`
	Languages []string         `json:"languages" text:"max=10"`
	Loyalty   *catalog.Loyalty `json:"loyalty"`
	Tipping   *catalog.Tipping `json:"tipping"`
	ReplyTo   *string          `json:"reply_to" text:"max=254"`
}

// brandJSON is what the audit row shows of a scheme's brand, before and
// after an update.
type brandJSON struct {
	Name      string          `json:"name"`
	LogoURL   string          `json:"logo_url"`
	Theme     int             `json:"theme"`
	Colour    string          `json:"colour"`
	Colours   []string        `json:"colours"`
	Languages []string        `json:"languages"`
	Loyalty   catalog.Loyalty `json:"loyalty"`
	Tipping   map[string]any  `json:"tipping,omitempty"`
	ReplyTo   string          `json:"reply_to"`
}

func brandOf(d *catalog.SchemeDoc, withTipping bool) *brandJSON {
	b := &brandJSON{Name: d.Name, LogoURL: d.LogoURL, Theme: d.Theme, Colour: d.Colour, ReplyTo: d.ReplyTo,
		Colours: append([]string{}, d.Colours...), Languages: append([]string{}, d.Languages...), Loyalty: d.Loyalty}
	if withTipping {
		b.Tipping = map[string]any{}
		for _, v := range d.Venues {
			b.Tipping[v.VenueSlug] = v.Tipping
		}
	}
	return b
}

// adminSchemeUpdate answers admin/scheme/update (docs/architecture.md §10):
// the scheme's name, logo, theme, colours, languages, loyalty and tipping,
// changed through the scheme document in one transaction with an audit row
// ("brand.update"), validated as an import (1000, fields by the
// document's JSON path). The answer is the scheme as venue/info shows it.
func (s *Server) adminSchemeUpdate(r *request, c *Caller) (*reply, error) {
	var in brandInput
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if len(in.Colours) > 16 {
		return nil, platter.Invalid(map[string]string{"colours": "brand.colours_count"})
	}
	if in.ReplyTo != nil && !catalog.ValidReplyTo(*in.ReplyTo) {
		return nil, platter.Invalid(map[string]string{"reply_to": "brand.reply_to_invalid"})
	}
	logoURL, err := s.brandLogo(r, c, in.LogoID)
	if err != nil {
		return nil, err
	}
	_, err = s.edit(r, c, "brand.update", c.SchemeSlug, func(d *catalog.SchemeDoc) (any, any, error) {
		before := brandOf(d, in.Tipping != nil)
		applyBrand(d, &in, logoURL)
		return before, brandOf(d, in.Tipping != nil), nil
	})
	if err != nil {
		return nil, err
	}
	sc, venues, err := s.schemeVenues(r.Context(), c.SchemeSlug)
	if err != nil {
		return nil, err
	}
	rep := venueInfoReply(sc, venues, s.now())
	rep.Data.(map[string]any)["reply_to"] = sc.ReplyTo // the manager's own, not venue/info's
	return rep, nil
}

// brandLogo is the url of the logo the update names: nil keeps the logo
// (""), 0 removes it, an id must be a logo uploaded to the caller's scheme
// (anything else is 1000 on logo_id, as a missing one).
func (s *Server) brandLogo(r *request, c *Caller, id *int64) (*string, error) {
	if id == nil {
		return nil, nil
	}
	none := ""
	if *id == 0 {
		return &none, nil
	}
	st, err := s.mediaStore()
	if err != nil {
		return nil, err
	}
	purpose, err := st.MediaPurpose(r.Context(), c.SchemeID, *id)
	if platter.ErrorCode(err) == platter.CodeNotFound || (err == nil && purpose != media.Logo) {
		return nil, platter.Invalid(map[string]string{"logo_id": "brand.logo_unknown"})
	}
	if err != nil {
		return nil, err
	}
	url := mediaURL(c.SchemeSlug, *id, "512.png")
	return &url, nil
}

// applyBrand writes the update's fields into the document; validation
// (the document's own) follows in EditScheme.
func applyBrand(d *catalog.SchemeDoc, in *brandInput, logoURL *string) {
	if in.Name != nil {
		d.Name = *in.Name
	}
	if logoURL != nil {
		d.LogoURL = *logoURL
	}
	if in.ReplyTo != nil {
		d.ReplyTo = strings.TrimSpace(*in.ReplyTo)
	}
	if in.Theme != nil {
		d.Theme = *in.Theme
	}
	if in.Colour != nil {
		d.Colour = *in.Colour
	}
	if in.Colours != nil {
		// Trailing empty slots are dropped (the document lists up to 16);
		// an empty slot before a set one takes the main colour, which is
		// what an unset slot shows anyway.
		n := len(in.Colours)
		for n > 0 && in.Colours[n-1] == "" {
			n--
		}
		d.Colours = make([]string, n)
		for i, c := range in.Colours[:n] {
			if c == "" {
				c = d.Colour
			}
			d.Colours[i] = c
		}
	}
	if in.Languages != nil {
		d.Languages = append([]string{}, in.Languages...)
	}
	if in.Loyalty != nil {
		d.Loyalty = *in.Loyalty
	}
	if in.Tipping != nil {
		for i := range d.Venues {
			d.Venues[i].Tipping = *in.Tipping
		}
	}
}
