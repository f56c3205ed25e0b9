package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/config"
	"platter/internal/notify/mail"
	"platter/internal/store"
)

// mailPreview writes every mail of every scheme in the database, in
// en-US and pl-PL, to dir as <scheme>.<lang>.<kind>[.<variant>].html and
// .txt, so an operator (and the e2e layout test) can look at them in a
// browser before a customer does: the scheme's real name, logo, colours
// and Reply-To, a sample order at its first venue.
func mailPreview(ctx context.Context, cfg *config.Config, dir string, stdout io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return withStore(ctx, cfg, func(db *store.DB) error {
		schemes, err := db.ListSchemes(ctx)
		if err != nil {
			return err
		}
		c := mail.Composer{PublicURL: cfg.PublicURL}
		now := cfg.Clock()()
		n := 0
		for i := range schemes {
			sc := &schemes[i]
			v := mail.SampleVenue{Slug: "venue", Name: sc.Name, Currency: sc.Currency, Zone: time.UTC}
			if vs, err := db.VenuesOfScheme(ctx, sc.ID); err == nil && len(vs) > 0 {
				a := vs[0].Address
				v.Slug, v.Name, v.Address = vs[0].Slug, vs[0].Name, strings.Join(nonEmpty(a.Line1, a.Line2,
					catalog.TownLine(a.Country, a.City, a.Postcode)), ", ")
				if z, err := time.LoadLocation(vs[0].TimeZone); err == nil {
					v.Zone = z
				}
			}
			// Both languages for every scheme: a customer's language is
			// their browser's, whatever the scheme lists first.
			for _, lang := range []string{"en-US", "pl-PL"} {
				ps, err := c.Previews(brandOf(sc), lang, v, now)
				if err != nil {
					return err
				}
				for _, p := range ps {
					name := sc.Slug + "." + p.Lang + "." + p.Kind
					if p.Variant != "" {
						name += "." + p.Variant
					}
					if err := os.WriteFile(filepath.Join(dir, name+".html"), []byte(p.Message.HTML), 0o644); err != nil {
						return err
					}
					txt := fmt.Sprintf("From: %s\nReply-To: %s\nSubject: %s\n\n%s", p.Message.FromName,
						p.Message.ReplyTo, p.Message.Subject, p.Message.Text)
					if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(txt), 0o644); err != nil {
						return err
					}
					n++
				}
			}
		}
		fmt.Fprintf(stdout, "%d mails written to %s\n", n, dir)
		return nil
	})
}

func brandOf(sc *catalog.Scheme) mail.Brand {
	return mail.Brand{Slug: sc.Slug, Name: sc.Name, Colour: sc.Colour, LogoURL: sc.LogoURL, Dark: sc.Theme == 0,
		ReplyTo: sc.ReplyTo}
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
