package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// schemeName is what the store holds as demo-burgers' name.
func schemeName(t *testing.T, db *store.DB) string {
	t.Helper()
	sc, err := db.SchemeBySlug(context.Background(), "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	return sc.Name
}

func init() {
	permCases["admin/scheme/update"] = permCase{perm: "manager/scheme", want: managerOnly(),
		body: func(f *permFixture) any {
			f.keys++
			return data("business_slug", "demo-burgers", "name", fmt.Sprintf("Brand %d", f.keys))
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if res.data(t)["name"] != fmt.Sprintf("Brand %d", f.keys) || schemeName(t, f.db) != fmt.Sprintf("Brand %d", f.keys) {
				t.Errorf("%s: update %s did not land", k, res.Raw)
			}
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if schemeName(t, f.db) == fmt.Sprintf("Brand %d", f.keys) {
				t.Errorf("%s: a refused update renamed the scheme", k)
			}
		}}
}

func pngSquare(t *testing.T, side int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, side, side))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSchemeUpdate: a manager uploads a logo and sets the name, theme,
// colours and languages in one call; the answer and every later venue/info
// show them (an empty numbered colour before a set one takes the main
// colour), and the audit log names the manager with the brand before and
// after. A bad colour, a menu picture or another scheme's logo as logo_id
// are refused by field and change nothing.
func TestSchemeUpdate(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		e, boss := f.e, f.auth(manager)
		logo := e.uploadImage("logo", "logo.png", "image/png", pngSquare(t, 64), boss...).data(t)
		colours := make([]any, 16)
		for i := range colours {
			colours[i] = ""
		}
		colours[0], colours[2] = "#3a0ca3", "ffd400"
		got := e.call("admin/scheme/update", data("business_slug", "demo-burgers", "name", "Ember & Bun Deluxe",
			"logo_id", logo["id"], "theme", 0, "colour", "#D9480F", "colours", colours,
			"languages", []string{"en-US", "pl-PL"}), boss...).data(t)
		info := e.call("venue/info", filter("business_slug", "demo-burgers")).data(t)
		for _, d := range []map[string]any{got, info} {
			if d["name"] != "Ember & Bun Deluxe" || d["theme"] != float64(0) || d["colour"] != "#d9480f" ||
				d["colour1"] != "#3a0ca3" || d["colour2"] != "#d9480f" || d["colour3"] != "#ffd400" || d["colour4"] != "" ||
				d["logo_url"] != logo["url"] || !strings.HasSuffix(d["logo_url"].(string), "-512.png") {
				t.Errorf("the brand reads %s", mustJSON(d))
			}
			if langs, _ := d["languages"].([]any); len(langs) != 2 {
				t.Errorf("languages %v", d["languages"])
			}
		}
		if e.media(info["logo_url"].(string)).Status != 200 {
			t.Error("the new logo is not served")
		}

		log := e.call("admin/audit/list", filter("business_slug", "demo-burgers", "action", "brand"), boss...)
		rows, _ := log.Body["data"].([]any)
		if len(rows) != 1 {
			t.Fatalf("audit rows %s", log.Raw)
		}
		row := rows[0].(map[string]any)
		before, _ := row["before"].(map[string]any)
		after, _ := row["after"].(map[string]any)
		if row["action"] != "brand.update" || row["actor_email"] != "boss@demo.test" ||
			before["name"] != "Ember & Bun" || after["name"] != "Ember & Bun Deluxe" || after["logo_url"] != logo["url"] {
			t.Errorf("audit row %s", mustJSON(row))
		}

		menuPic := e.uploadImage("menu", "dish.png", "image/png", pngSquare(t, 32), boss...).data(t)
		pierogi := e.uploadImageTo("demo-pierogi", "logo", "l.png", "image/png", pngSquare(t, 16), f.auth(boss2)...)
		for name, c := range map[string]struct {
			body  map[string]any
			field string
		}{
			"bad colour":        {data("business_slug", "demo-burgers", "name", "X", "colour", "orange"), "colour"},
			"menu picture":      {data("business_slug", "demo-burgers", "name", "X", "logo_id", menuPic["id"]), "logo_id"},
			"unknown logo":      {data("business_slug", "demo-burgers", "name", "X", "logo_id", 999999), "logo_id"},
			"no languages":      {data("business_slug", "demo-burgers", "name", "X", "languages", []string{}), "languages"},
			"17 colours":        {data("business_slug", "demo-burgers", "name", "X", "colours", make([]string, 17)), "colours"},
			"another's logo id": {data("business_slug", "demo-burgers", "name", "X", "logo_id", pierogi.data(t)["id"]), "logo_id"},
		} {
			res := e.call("admin/scheme/update", c.body, boss...)
			res.wantError(t, 400, 1000)
			if fields, _ := res.Body["fields"].(map[string]any); fields[c.field] == nil {
				t.Errorf("%s: fields %s, want %s", name, res.Raw, c.field)
			}
		}
		if schemeName(t, db) != "Ember & Bun Deluxe" {
			t.Error("a refused update changed the scheme")
		}
	})
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestFirstHTMLShowsTheUploadedLogo: after a manager sets an uploaded logo,
// a storefront page's first HTML paints it from the 128-pixel variant (the
// header's 36 px at 2×; the client picks the same one), which is served.
func TestFirstHTMLShowsTheUploadedLogo(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixtureWith(t, db, options{web: builtWeb()})
		boss := f.auth(manager)
		logo := f.e.uploadImage("logo", "logo.png", "image/png", pngSquare(t, 64), boss...).data(t)
		f.e.call("admin/scheme/update", data("business_slug", "demo-burgers", "logo_id", logo["id"]), boss...).data(t)
		small := strings.TrimSuffix(logo["url"].(string), "512.png") + "128.png"
		_, body := f.e.get("/demo-burgers/home")
		if !strings.Contains(string(body), `<img class="scheme-logo" src="`+small+`"`) {
			t.Errorf("the first HTML does not paint the logo %s", small)
		}
		if f.e.media(small).Status != 200 {
			t.Errorf("%s is not served", small)
		}
	})
}

// reply_to is set with admin/scheme/update (trimmed; "" removes it): the
// answer and the scheme document show it, the audit row has it before and
// after. Something that is not a
// bare e-mail address is 1000 on reply_to in the caller's language and
// changes nothing.
func TestSchemeUpdateReplyTo(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		e, boss := f.e, f.auth(manager)
		replyTo := func() any {
			return e.call("admin/scheme/document", data("business_slug", "demo-burgers"), boss...).data(t)["reply_to"]
		}
		got := e.call("admin/scheme/update", data("business_slug", "demo-burgers", "reply_to", " orders@ember.example "), boss...).data(t)
		if got["reply_to"] != "orders@ember.example" || replyTo() != "orders@ember.example" {
			t.Errorf("answer %v, document %v", got["reply_to"], replyTo())
		}
		log := e.call("admin/audit/list", filter("business_slug", "demo-burgers", "action", "brand"), boss...)
		rows, _ := log.Body["data"].([]any)
		if len(rows) != 1 {
			t.Fatalf("audit rows %s", log.Raw)
		}
		row := rows[0].(map[string]any)
		if b, a := row["before"].(map[string]any), row["after"].(map[string]any); b["reply_to"] != "hello@ember-and-bun.example" ||
			a["reply_to"] != "orders@ember.example" {
			t.Errorf("audit row %s", mustJSON(row))
		}
		for _, bad := range []string{"not an address", "Ember <orders@ember.example>", "a@b.example\nBcc: x@y.example", strings.Repeat("a", 250) + "@b.example"} {
			res := e.call("admin/scheme/update", data("business_slug", "demo-burgers", "reply_to", bad), append(boss, "Accept-Language", "pl-PL")...)
			res.wantError(t, 400, 1000)
			// (a second line or 254+ characters: the text rules' own Polish message)
			fields, _ := res.Body["fields"].(map[string]any)
			if msg := fmt.Sprint(fields["reply_to"]); fields["reply_to"] == nil ||
				(len(bad) < 200 && !strings.ContainsRune(bad, '\n') && !strings.Contains(msg, "Podaj adres e-mail")) {
				t.Errorf("%q: %s", bad, res.Raw)
			}
		}
		if replyTo() != "orders@ember.example" {
			t.Error("a refused reply_to changed the scheme")
		}
		e.call("admin/scheme/update", data("business_slug", "demo-burgers", "reply_to", ""), boss...).data(t)
		if v := replyTo(); v != "" && v != nil {
			t.Errorf("reply_to after removing it: %v", v)
		}
	})
}
