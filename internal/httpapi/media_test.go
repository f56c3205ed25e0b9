package httpapi_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// uploadImage posts a back-office picture to demo-burgers: the purpose
// field, then file.
func (e *env) uploadImage(purpose, name, contentType string, content []byte, headers ...string) *response {
	e.t.Helper()
	return e.uploadImageTo("demo-burgers", purpose, name, contentType, content, headers...)
}

func (e *env) uploadImageTo(slug, purpose, name, contentType string, content []byte, headers ...string) *response {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("purpose", purpose)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="`+name+`"`)
	h.Set("Content-Type", contentType)
	part, _ := mw.CreatePart(h)
	_, _ = part.Write(content)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/api/v3/upload?business_slug="+slug, bytes.NewReader(body.Bytes()))
	req.Header.Set("Content-Type", mw.FormDataContentType())
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out := &response{Status: res.StatusCode, Header: res.Header}
	out.Raw, _ = io.ReadAll(res.Body)
	if err := json.Unmarshal(out.Raw, &out.Body); err != nil {
		e.t.Fatalf("upload: answer is not JSON: %v\n%s", err, out.Raw)
	}
	e.validate(req, body.Bytes(), out, "upload")
	return out
}

// media GETs a picture's url, with no token; a 200's Raw is the image.
func (e *env) media(url string) *response {
	e.t.Helper()
	return e.getRaw(url, "media/{scheme}/{file}")
}

// getRaw GETs a url that answers something other than the envelope (a
// picture, a CSV file) with no token, and checks the answer against the
// contract of route; a 200's Raw is the file.
func (e *env) getRaw(url, route string) *response {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+url, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out := &response{Status: res.StatusCode, Header: res.Header}
	out.Raw, _ = io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		_ = json.Unmarshal(out.Raw, &out.Body)
	}
	e.validate(req, nil, out, route)
	return out
}

// TestImageUpload: a manager's menu photo and logo go in as JPEG, PNG or
// WebP by content, come out re-encoded at the storefront's sizes without
// the EXIF GPS block, and are served to anyone with a year's cache, under
// their own scheme only. Bad files are refused with the reason in the
// caller's language and nothing is stored.
func TestImageUpload(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		e, boss := f.e, f.auth(manager)

		sent := photoJPEG(t, 64, 48, 0)
		if !bytes.Contains(sent, []byte("GPS")) {
			t.Fatal("the test photo carries no GPS block")
		}
		d := e.uploadImage("menu", "dish.png", "image/png", sent, boss...).data(t)
		url, _ := d["url"].(string)
		if !strings.HasPrefix(url, "/api/v3/media/demo-burgers/") || !strings.HasSuffix(url, "-1040.jpg") {
			t.Fatalf("menu photo url %q", url)
		}
		if vs, _ := d["variants"].([]any); len(vs) != 2 {
			t.Fatalf("variants %v, want 1040 and 320", d["variants"])
		}
		got := e.media(url)
		if got.Status != 200 || got.Header.Get("Content-Type") != "image/jpeg" ||
			!strings.Contains(got.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("serving the photo: %d %v", got.Status, got.Header)
		}
		if bytes.Contains(got.Raw, []byte("GPS")) || bytes.Contains(got.Raw, []byte("Exif")) {
			t.Error("the served photo keeps the upload's EXIF")
		}
		if cfg, err := jpeg.DecodeConfig(bytes.NewReader(got.Raw)); err != nil || cfg.Width != 64 {
			t.Errorf("served photo: %v %v (a small photo is never enlarged)", cfg, err)
		}
		// Under another scheme's slug, or an unknown size, it does not exist.
		e.media(strings.Replace(url, "demo-burgers", "demo-pierogi", 1)).wantError(t, 404, 1404)
		e.media(strings.Replace(url, "-1040.jpg", "-999.jpg", 1)).wantError(t, 404, 1404)

		var logo bytes.Buffer
		_ = png.Encode(&logo, image.NewNRGBA(image.Rect(0, 0, 300, 100)))
		d = e.uploadImage("logo", "logo.bin", "application/octet-stream", logo.Bytes(), boss...).data(t)
		served := e.media(d["url"].(string))
		if cfg, err := png.DecodeConfig(bytes.NewReader(served.Raw)); err != nil || cfg.Width != 512 || cfg.Height != 512 {
			t.Errorf("logo: %v %v, want a 512-pixel square PNG", cfg, err)
		}

		before := count(t, db, "SELECT COUNT(*) FROM media")
		bomb := photoJPEG(t, 8, 8, 0)
		if i := bytes.Index(bomb, []byte{0xFF, 0xC0}); i > 0 {
			binary.BigEndian.PutUint16(bomb[i+5:], 60000)
			binary.BigEndian.PutUint16(bomb[i+7:], 60000)
		}
		bad := map[string][]byte{
			"zero bytes": {},
			"svg":        []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
			"html":       []byte(`<html><script>alert(1)</script></html>`),
			"polyglot":   append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16}, []byte("JFIF<script>alert(1)</script>")...),
			"truncated":  sent[:len(sent)/3],
			"bomb":       bomb,
			"5 MB + 1":   photoJPEG(t, 8, 8, 5<<20+1),
		}
		for name, b := range bad {
			res := e.uploadImage("menu", name+".jpg", "image/jpeg", b, boss...)
			if res.Status != 400 || int(num(res.Body["code"])) != 4010 {
				t.Errorf("%s: %d %s, want 400 code 4010", name, res.Status, res.Raw)
			}
		}
		res := e.uploadImage("menu", "x.svg", "image/svg+xml", bad["svg"], append(boss, "Accept-Language", "pl-PL")...)
		if res.Body["message"] != "Prześlij obraz JPG, PNG lub WebP." {
			t.Errorf("pl-PL refusal says %q", res.Body["message"])
		}
		e.uploadImage("avatar", "a.jpg", "image/jpeg", sent, boss...).wantError(t, 400, 1000)
		if n := count(t, db, "SELECT COUNT(*) FROM media"); n != before {
			t.Errorf("refused uploads stored %d pictures", n-before)
		}
	})
}

// TestImageUploadPermissions: upload with a purpose is a manager's of the
// whole scheme (beside upload's own row, any session); staff, drivers,
// customers and another scheme's manager are refused before the file is
// read, and nothing is stored.
func TestImageUploadPermissions(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		want := managerOnly()
		for _, k := range kinds {
			res := f.e.uploadImage("logo", "l.jpg", "image/jpeg", photoJPEG(t, 8, 8, 0),
				f.auth(k)...)
			if got := outcomeOf(res); got != want[k] {
				t.Errorf("upload (logo) as %s: got %v (%s), want %v", k, got, res.Raw, want[k])
			}
		}
		if n := count(t, db, "SELECT COUNT(*) FROM media"); n != 2 {
			t.Errorf("%d pictures stored, want the manager's and the admin's", n)
		}
	})
}
