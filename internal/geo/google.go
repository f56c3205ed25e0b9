package geo

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"platter/internal/platter"
)

// googlePlaceID matches what Google issues; anything else (a builtin or OSM
// ID left over from another configuration, a typo) is refused without a
// billed call.
var googlePlaceID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,1000}$`)

// google asks the Google Places API (Autocomplete and Place Details), as the
// original storefront did in the browser (docs/product.md §7).
type google struct {
	base   string
	key    string
	client *http.Client
}

// NewGoogle returns a geocoder backed by Google Places with the given API
// key. baseURL is "https://maps.googleapis.com" when empty (tests point it
// at a local server). A nil client gets one with a 5 s timeout.
func NewGoogle(baseURL, key string, client *http.Client) Geocoder {
	if baseURL == "" {
		baseURL = "https://maps.googleapis.com"
	}
	return &google{base: strings.TrimRight(baseURL, "/"), key: key, client: defaultClient(client)}
}

type googleAutocomplete struct {
	Status       string `json:"status"`
	ErrorMessage string `json:"error_message"`
	Predictions  []struct {
		PlaceID     string `json:"place_id"`
		Description string `json:"description"`
	} `json:"predictions"`
}

type googleDetails struct {
	Status       string `json:"status"`
	ErrorMessage string `json:"error_message"`
	Result       struct {
		FormattedAddress  string `json:"formatted_address"`
		AddressComponents []struct {
			LongName  string   `json:"long_name"`
			ShortName string   `json:"short_name"`
			Types     []string `json:"types"`
		} `json:"address_components"`
		Geometry struct {
			Location struct {
				Lat float64 `json:"lat"`
				Lng float64 `json:"lng"`
			} `json:"location"`
		} `json:"geometry"`
	} `json:"result"`
}

func (g *google) Suggest(ctx context.Context, query, lang, sessionToken string) ([]Suggestion, error) {
	q := cleanQuery(query)
	if q == "" {
		return []Suggestion{}, nil
	}
	v := g.params(lang, sessionToken)
	v.Set("input", q)
	v.Set("types", "geocode")                    // addresses, not businesses (docs/product.md §5)
	v.Set("components", "country:gb|country:pl") // docs/product.md §9
	var res googleAutocomplete
	if err := getJSON(ctx, g.client, "google autocomplete", g.base+"/maps/api/place/autocomplete/json?"+v.Encode(), nil, &res); err != nil {
		return nil, err
	}
	switch res.Status {
	case "OK":
	case "ZERO_RESULTS":
		return []Suggestion{}, nil
	default:
		return nil, unavailable(fmt.Errorf("google autocomplete: %s %s", res.Status, res.ErrorMessage))
	}
	out := make([]Suggestion, 0, min(len(res.Predictions), maxSuggestions))
	for _, p := range res.Predictions {
		if len(out) == maxSuggestions {
			break
		}
		out = append(out, Suggestion{PlaceID: p.PlaceID, Description: p.Description})
	}
	return out, nil
}

func (g *google) Detail(ctx context.Context, placeID, lang, sessionToken string) (*Place, error) {
	if !googlePlaceID.MatchString(placeID) {
		return nil, platter.NotFound()
	}
	v := g.params(lang, sessionToken)
	v.Set("place_id", placeID)
	// Only the Basic fields: Google bills Contact and Atmosphere data extra.
	v.Set("fields", "formatted_address,address_component,geometry")
	var res googleDetails
	if err := getJSON(ctx, g.client, "google details", g.base+"/maps/api/place/details/json?"+v.Encode(), nil, &res); err != nil {
		return nil, err
	}
	switch res.Status {
	case "OK":
	case "NOT_FOUND", "INVALID_REQUEST", "ZERO_RESULTS":
		return nil, platter.NotFound()
	default:
		return nil, unavailable(fmt.Errorf("google details: %s %s", res.Status, res.ErrorMessage))
	}
	r := res.Result
	var number, route, locality, postalTown, postcode, country string
	for _, c := range r.AddressComponents {
		for _, t := range c.Types {
			switch t {
			case "street_number":
				number = c.LongName
			case "route":
				route = c.LongName
			case "locality":
				locality = c.LongName
			case "postal_town":
				postalTown = c.LongName
			case "postal_code":
				postcode = c.LongName
			case "country":
				country = strings.ToUpper(c.ShortName)
			}
		}
	}
	if country != "GB" && country != "PL" {
		// Details takes no country filter: an ID from elsewhere must not
		// become a delivery address.
		return nil, platter.NotFound()
	}
	return &Place{
		PlaceID:          placeID,
		FormattedAddress: r.FormattedAddress,
		Line1:            streetLine(country, number, route),
		City:             firstNonEmpty(locality, postalTown),
		Postcode:         postcode,
		Country:          country,
		Lat:              r.Geometry.Location.Lat,
		Lng:              r.Geometry.Location.Lng,
	}, nil
}

// params are the ones every call carries: the key, the language and the
// session token that makes Google bill keystrokes and details as one session.
func (g *google) params(lang, sessionToken string) url.Values {
	v := url.Values{"key": {g.key}}
	if l := googleLanguage(lang); l != "" {
		v.Set("language", l)
	}
	if sessionToken != "" {
		v.Set("sessiontoken", sessionToken)
	}
	return v
}

// googleLanguage turns "pl-PL" into "pl" and "en-US" into "en": Google's
// language list has the bare codes but not every region variant.
func googleLanguage(lang string) string {
	l, _, _ := strings.Cut(strings.ReplaceAll(lang, "_", "-"), "-")
	return strings.ToLower(l)
}
