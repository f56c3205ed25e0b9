// Package geo finds addresses for address/find-address and
// address/find-address-detail (docs/architecture.md §4, docs/product.md §7): a Geocoder suggests
// places for a typed query and resolves a chosen suggestion into the parts of
// an address form. Three providers implement it: builtin (an embedded GB and
// PL gazetteer, no network), nominatim (OpenStreetMap) and google (Places).
//
// Every provider is limited to GB and PL (docs/product.md §9). Upstream failures come
// back as a *platter.Error with code 1503 and message key "geo.unavailable";
// an unknown place ID as platter.NotFound().
package geo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"platter/internal/platter"
	"platter/internal/tracing"
)

// Suggestion is one autocomplete answer: an opaque ID for Detail and the text
// to show.
type Suggestion struct {
	PlaceID     string `json:"place_id"`
	Description string `json:"description"`
}

// Place is a resolved suggestion, in the shape the address form is filled
// from. Line1 is the street and house number when the provider knows them;
// Country is the ISO 3166-1 alpha-2 code ("GB", "PL").
type Place struct {
	PlaceID          string  `json:"place_id"`
	FormattedAddress string  `json:"formatted_address"`
	Line1            string  `json:"line_1"`
	City             string  `json:"city"`
	Postcode         string  `json:"postcode"`
	Country          string  `json:"country"`
	Lat              float64 `json:"lat"`
	Lng              float64 `json:"lng"`
}

// Geocoder suggests and resolves places in GB and PL.
//
// lang is the caller's language ("en-US", "pl-PL"); sessionToken groups one
// customer's keystrokes and the final Detail call, which Google bills as one
// session (others ignore it).
type Geocoder interface {
	// Suggest returns at most a handful of places matching query, best first;
	// an empty query gives an empty list.
	Suggest(ctx context.Context, query, lang, sessionToken string) ([]Suggestion, error)
	// Detail resolves a PlaceID from Suggest; an unknown ID is platter.NotFound().
	Detail(ctx context.Context, placeID, lang, sessionToken string) (*Place, error)
}

const (
	// maxSuggestions bounds every provider's answer, so the picker's list
	// looks the same whichever is configured.
	maxSuggestions = 8
	// requestTimeout bounds one upstream call: the picker is interactive, and
	// a stuck provider must not hold a server goroutine.
	requestTimeout = 5 * time.Second
	// maxQueryRunes bounds what is sent upstream; no address is longer.
	maxQueryRunes = 200
	// maxBody bounds an upstream answer we read into memory.
	maxBody = 2 << 20
)

// unavailable is the error for any failure of an upstream service.
func unavailable(err error) *platter.Error {
	return &platter.Error{Code: platter.CodeUnavailable, Message: "geo.unavailable", Err: err}
}

// defaultClient is used when a constructor is given no client.
func defaultClient(c *http.Client) *http.Client {
	if c != nil {
		return c
	}
	return &http.Client{Timeout: requestTimeout}
}

// cleanQuery trims the query and cuts it to maxQueryRunes.
func cleanQuery(q string) string {
	q = strings.TrimSpace(q)
	if r := []rune(q); len(r) > maxQueryRunes {
		q = string(r[:maxQueryRunes])
	}
	return q
}

// isPolish reports whether lang asks for Polish ("pl", "pl-PL", "pl_PL").
func isPolish(lang string) bool {
	l := strings.ToLower(lang)
	return l == "pl" || strings.HasPrefix(l, "pl-") || strings.HasPrefix(l, "pl_")
}

// countryName names a supported country in the caller's language.
func countryName(code, lang string) string {
	pl := isPolish(lang)
	switch code {
	case "GB":
		if pl {
			return "Wielka Brytania"
		}
		return "United Kingdom"
	case "PL":
		if pl {
			return "Polska"
		}
		return "Poland"
	}
	return code
}

// streetLine joins a road and a house number in the order the country writes
// them: "10 Downing Street" in the UK, "Rynek Główny 1" in Poland.
func streetLine(country, number, road string) string {
	number, road = strings.TrimSpace(number), strings.TrimSpace(road)
	switch {
	case road == "":
		return number
	case number == "":
		return road
	case country == "PL":
		return road + " " + number
	default:
		return number + " " + road
	}
}

// getJSON fetches u and decodes its JSON body into dst. Every failure is
// returned as unavailable. The cause never carries the URL, because the
// Google key travels in it and causes are logged.
func getJSON(ctx context.Context, client *http.Client, service, u string, header http.Header, dst any) (err error) {
	ctx, span := tracing.StartCall(ctx, "geocoder", service)
	defer func() { tracing.End(span, err) }()
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return unavailable(fmt.Errorf("%s: %w", service, err))
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return unavailable(fmt.Errorf("%s: %w", service, err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxBody))
		return unavailable(fmt.Errorf("%s: HTTP %d", service, resp.StatusCode))
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxBody)).Decode(dst); err != nil {
		return unavailable(fmt.Errorf("%s: decoding answer: %w", service, err))
	}
	return nil
}
