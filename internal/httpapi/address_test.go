package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// signIn returns the Authorization header of a verified customer of the
// scheme, signed up and verified through the API with the code from the
// outbox, or (email "") of a guest.
func signIn(t *testing.T, e *env, slug, email string) []string {
	t.Helper()
	if email == "" {
		return bearerOf(e.call("auth/guest", data("business_slug", slug)), t)
	}
	e.call("auth/signup", signUpBody(slug, email))
	v := e.call("auth/verify", data("business_slug", slug, "email", email, "code", lastCode(t, e.db, email)))
	return bearerOf(v, t)
}

// upsertData is a valid address/upsert body, changed by kv.
func upsertData(kv ...any) map[string]any {
	d := map[string]any{
		"line1": "10 Greek Street", "line2": "", "city": "London", "country": "GB", "postcode": "W1D 4DH",
		"contact_number": "+44 7911 123456", "email": "ann@example.com", "name": "Home",
		"note": "Ring twice", "latitude": 51.514, "longitude": -0.131,
	}
	for i := 0; i+1 < len(kv); i += 2 {
		d[kv[i].(string)] = kv[i+1]
	}
	return map[string]any{"data": d}
}

func addressList(t *testing.T, e *env, auth []string) []any {
	t.Helper()
	res := e.call("address/list", filter(), auth...)
	list, ok := res.Body["data"].([]any)
	if !ok || res.Body["total"] != float64(len(list)) {
		t.Fatalf("address/list: %s", res.Raw)
	}
	return list
}

// TestAddressCalls: a customer creates, updates, lists and deletes an
// address; another customer, a guest and a token of another scheme cannot
// touch it.
func TestAddressCalls(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		ann, bob := signIn(t, e, "demo-burgers", "ann@example.com"), signIn(t, e, "demo-burgers", "bob@example.com")

		created := e.call("address/upsert", upsertData(), ann...).data(t)
		id := created["id"]
		if id == nil || created["line_1"] != "10 Greek Street" || created["contact_number"] != "+447911123456" ||
			created["lat"] != 51.514 {
			t.Fatalf("created: %v", created)
		}
		updated := e.call("address/upsert", upsertData("id", id, "name", "Work", "line2", "Floor 3"), ann...).data(t)
		if updated["id"] != id || updated["name"] != "Work" || updated["line_2"] != "Floor 3" {
			t.Errorf("updated: %v", updated)
		}
		if list := addressList(t, e, ann); len(list) != 1 || list[0].(map[string]any)["name"] != "Work" {
			t.Errorf("Ann's list: %v", list)
		}

		// Bob cannot see, change or delete Ann's address: 404 as for a missing id.
		if list := addressList(t, e, bob); len(list) != 0 {
			t.Errorf("Bob sees %v", list)
		}
		e.call("address/upsert", upsertData("id", id, "name", "Bob's"), bob...).wantError(t, 404, 1404)
		e.call("address/delete", map[string]any{"data": map[string]any{"id": id}}, bob...).wantError(t, 404, 1404)
		e.call("address/delete", map[string]any{"data": map[string]any{"id": 987654}}, ann...).wantError(t, 404, 1404)

		// A token is bound to its scheme: naming another scheme is refused.
		e.call("address/list", filter("business_slug", "demo-pierogi"), ann...).wantError(t, 401, 1401)
		pierogi := signIn(t, e, "demo-pierogi", "ann@example.com")
		if list := addressList(t, e, pierogi); len(list) != 0 {
			t.Errorf("Ann at pierogi sees burgers addresses: %v", list)
		}
		e.call("address/delete", map[string]any{"data": map[string]any{"id": id}}, pierogi...).wantError(t, 404, 1404)

		// Guests enter addresses without saving them; no token at all is 1401.
		guest := signIn(t, e, "demo-burgers", "")
		if list := addressList(t, e, guest); len(list) != 0 {
			t.Errorf("guest list: %v", list)
		}
		e.call("address/upsert", upsertData(), guest...).wantError(t, 403, 1403)
		e.call("address/list", filter()).wantError(t, 401, 1401)
		e.call("address/upsert", upsertData()).wantError(t, 401, 1401)

		e.call("address/delete", map[string]any{"data": map[string]any{"id": id}}, ann...)
		if list := addressList(t, e, ann); len(list) != 0 {
			t.Errorf("after delete: %v", list)
		}
		e.call("address/delete", map[string]any{"data": map[string]any{}}, ann...).wantError(t, 400, 1000)
	})
}

// TestAddressUpsertValidation: every problem comes back at once, in the
// caller's language with docs/product.md §5's texts, and nothing is written.
func TestAddressUpsertValidation(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := start(t, db, options{})
		ann := signIn(t, e, "demo-burgers", "ann@example.com")
		blank := upsertData("line1", " ", "city", "", "postcode", "", "country", "", "contact_number", "",
			"email", "", "name", "")
		want := map[string]string{
			"line1": "Street name/Number is required", "city": "City is required",
			"postcode": "Postcode is required", "country": "Country is required",
			"contact_number": "Phone Number is required", "email": "Email is required",
			"name": "Address Name is required",
		}
		wantFields(t, e.call("address/upsert", blank, ann...), want)

		pl := e.call("address/upsert", blank, append([]string{"Accept-Language", "pl-PL"}, ann...)...)
		wantFields(t, pl, map[string]string{"line1": "Nazwa ulicy/numer jest wymagana",
			"city": "Miasto jest wymagane", "postcode": "Kod pocztowy jest wymagany", "country": "Kraj jest wymagany",
			"contact_number": "Numer telefonu jest wymagany", "email": "E-mail jest wymagany",
			"name": "Nazwa adresu jest wymagana"})

		wrong := upsertData("contact_number", "+44 12", "email", "ann@", "latitude", 123)
		wantFields(t, e.call("address/upsert", wrong, ann...), map[string]string{
			"contact_number": "Phone Number is Incorrect", "email": "Email is not valid",
			"latitude": "The map pin is not a valid location."})
		wantFields(t, e.call("address/upsert", wrong, append([]string{"Accept-Language", "pl-PL"}, ann...)...),
			map[string]string{"contact_number": "Numer telefonu jest nieprawidłowy",
				"email": "E-mail jest nieprawidłowy", "latitude": "Pinezka na mapie nie wskazuje prawidłowego miejsca."})

		// A pin sent as text is refused on its field, in words, not as a key.
		wantFields(t, e.call("address/upsert", upsertData("latitude", "51.5"), ann...),
			map[string]string{"latitude": "This value has the wrong type."})

		if list := addressList(t, e, ann); len(list) != 0 {
			t.Errorf("a refused upsert wrote %v", list)
		}
		// An update that fails validation leaves the stored address as it was.
		id := e.call("address/upsert", upsertData(), ann...).data(t)["id"]
		e.call("address/upsert", upsertData("id", id, "name", "Changed", "contact_number", "+44 12"), ann...).
			wantError(t, 400, 1000)
		if list := addressList(t, e, ann); len(list) != 1 || list[0].(map[string]any)["name"] != "Home" {
			t.Errorf("after a refused update: %v", list)
		}
	})
}

// wantFields asserts a 1000 envelope whose fields are exactly want and whose
// batch_messages list the same texts.
func wantFields(t *testing.T, res *response, want map[string]string) {
	t.Helper()
	res.wantError(t, 400, 1000)
	fields, _ := res.Body["fields"].(map[string]any)
	batch, _ := res.Body["batch_messages"].([]any)
	if len(fields) != len(want) || len(batch) != len(want) {
		t.Errorf("fields %v, batch %v; want %d each", fields, batch, len(want))
	}
	for f, msg := range want {
		if fields[f] != msg {
			t.Errorf("field %s = %v; want %q", f, fields[f], msg)
		}
		if !strings.Contains(fmt.Sprint(batch), msg) {
			t.Errorf("batch_messages lack %q: %v", msg, batch)
		}
	}
}
