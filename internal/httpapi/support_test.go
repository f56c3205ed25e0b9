package httpapi_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"

	"platter/internal/account"
	"platter/internal/ordering"
	"platter/internal/store"
	"platter/internal/store/storetest"
)

func init() {
	// upload/photo answers image/jpeg; the contract checks it as a file.
	openapi3filter.RegisterBodyDecoder("image/jpeg", openapi3filter.FileBodyDecoder)
}

// gpsMarker is text inside the test photo's EXIF GPS block: if it survives
// the upload, the customer's location leaked.
const gpsMarker = "GPS-51.5074N-0.1278W"

// photoJPEG is a w×h JPEG with an EXIF segment that holds a GPS block
// (GPSInfo pointer, latitude reference and gpsMarker), padded with comment
// segments to at least size bytes (0: no padding). Padding keeps it a valid
// JPEG of any size.
func photoJPEG(t *testing.T, w, h, size int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 5), 90, 255})
		}
	}
	var enc bytes.Buffer
	if err := jpeg.Encode(&enc, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	body := enc.Bytes()[2:] // after SOI
	// TIFF (little endian): IFD0 with one entry, GPSInfo (0x8825) → GPS IFD
	// with GPSLatitudeRef "N" and GPSProcessingMethod holding the marker.
	le := binary.LittleEndian
	tiff := []byte("II*\x00")
	tiff = le.AppendUint32(tiff, 8)
	tiff = le.AppendUint16(tiff, 1)
	tiff = le.AppendUint16(tiff, 0x8825)
	tiff = le.AppendUint16(tiff, 4) // LONG
	tiff = le.AppendUint32(tiff, 1)
	tiff = le.AppendUint32(tiff, 26) // GPS IFD offset
	tiff = le.AppendUint32(tiff, 0)  // no next IFD
	tiff = le.AppendUint16(tiff, 2)
	tiff = le.AppendUint16(tiff, 0x0001) // GPSLatitudeRef
	tiff = le.AppendUint16(tiff, 2)      // ASCII
	tiff = le.AppendUint32(tiff, 2)
	tiff = append(tiff, 'N', 0, 0, 0)
	tiff = le.AppendUint16(tiff, 0x001B) // GPSProcessingMethod
	tiff = le.AppendUint16(tiff, 7)      // UNDEFINED
	tiff = le.AppendUint32(tiff, uint32(len(gpsMarker)))
	tiff = le.AppendUint32(tiff, 26+2+2*12+4)
	tiff = le.AppendUint32(tiff, 0)
	tiff = append(tiff, gpsMarker...)
	exif := append([]byte("Exif\x00\x00"), tiff...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE1}
	out = binary.BigEndian.AppendUint16(out, uint16(len(exif)+2))
	out = append(out, exif...)
	for len(out)+len(body) < size {
		n := min(60000, size-len(out)-len(body)-4)
		n = max(n, 1)
		out = append(out, 0xFF, 0xFE)
		out = binary.BigEndian.AppendUint16(out, uint16(n+2))
		out = append(out, bytes.Repeat([]byte{'x'}, n)...)
	}
	out = append(out, body...)
	if _, err := jpeg.Decode(bytes.NewReader(out)); err != nil {
		t.Fatalf("test photo does not decode: %v", err)
	}
	return out
}

// upload posts content as the multipart field "file" named name.
func (e *env) upload(name, contentType string, content []byte, headers ...string) *response {
	e.t.Helper()
	return e.uploadTo("/api/v3/upload", name, contentType, content, headers...)
}

func (e *env) uploadTo(path, name, contentType string, content []byte, headers ...string) *response {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="`+name+`"`)
	h.Set("Content-Type", contentType)
	part, err := mw.CreatePart(h)
	if err != nil {
		e.t.Fatal(err)
	}
	_, _ = part.Write(content)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+path, bytes.NewReader(body.Bytes()))
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

// photo GETs a photo url; a 200's Body is nil and Raw the image.
func (e *env) photo(url string, headers ...string) *response {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+url, nil)
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
	if res.StatusCode != 200 {
		if err := json.Unmarshal(out.Raw, &out.Body); err != nil {
			e.t.Fatalf("photo: error is not JSON: %v\n%s", err, out.Raw)
		}
	}
	e.validate(req, nil, out, "upload/photo")
	return out
}

// paidPickup prepares and pays a pickup order at soho for the caller.
func paidPickup(t *testing.T, e *env, auth []string, key string) int64 {
	t.Helper()
	m := sohoMenu(t, e)
	o := e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 2)}, "idempotency_key", key), auth...).
		data(t)["order"].(map[string]any)
	confirm(e, auth, o["id"], card("4242424242424242")).data(t)
	return int64(num(o["id"]))
}

// TestUpload: only a real JPEG of at most 800 KB goes in, whatever its name
// and Content-Type claim, refused with docs/product.md's words in both languages;
// what is stored and served is a re-encoding without the EXIF GPS block;
// another customer cannot read it, the scheme's staff can.
func TestUpload(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		ann := signIn(t, e, "demo-burgers", "ann@example.test")
		bob := signIn(t, e, "demo-burgers", "bob@example.test")

		var pngBytes bytes.Buffer
		_ = png.Encode(&pngBytes, image.NewRGBA(image.Rect(0, 0, 20, 20)))
		for lang, msg := range map[string]string{"en-US": "Please upload a JPG image no larger than 800 KB.",
			"pl-PL": "Prześlij zdjęcie JPG nie większe niż 800 KB."} {
			res := e.upload("photo.jpg", "image/jpeg", pngBytes.Bytes(), append(ann, "Accept-Language", lang)...)
			res.wantError(t, 400, 4001)
			if res.Body["message"] != msg {
				t.Errorf("%s: a PNG renamed .jpg says %q", lang, res.Body["message"])
			}
		}
		e.upload("photo.jpg", "image/jpeg", photoJPEG(t, 64, 48, 801*1024), ann...).wantError(t, 400, 4001)
		e.upload("photo.jpg", "image/jpeg", []byte("\xFF\xD8\xFF not really"), ann...).wantError(t, 400, 4001)
		// A header claiming 60000×60000 pixels is refused before any decode.
		bomb := photoJPEG(t, 8, 8, 0)
		if i := bytes.Index(bomb, []byte{0xFF, 0xC0}); i > 0 {
			binary.BigEndian.PutUint16(bomb[i+5:], 60000)
			binary.BigEndian.PutUint16(bomb[i+7:], 60000)
		}
		e.upload("big.jpg", "image/jpeg", bomb, ann...).wantError(t, 400, 4001)
		if n := count(t, db, "SELECT COUNT(*) FROM uploads"); n != 0 {
			t.Fatalf("refused uploads stored %d rows", n)
		}

		// Exactly 800 KB, with GPS in its EXIF, named and typed oddly: in.
		sent := photoJPEG(t, 64, 48, 800*1024)
		if len(sent) != 800*1024 || !bytes.Contains(sent, []byte(gpsMarker)) {
			t.Fatalf("test photo: %d bytes", len(sent))
		}
		d := e.upload("IMG_0001.jpeg", "application/octet-stream", sent, ann...).data(t)
		url, _ := d["url"].(string)
		if num(d["id"]) <= 0 || !strings.HasPrefix(url, "/api/v3/upload/photo?id=") {
			t.Fatalf("upload answered %v", d)
		}
		got := e.photo(url, ann...)
		if got.Status != 200 || got.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("owner reads the photo: %d %s", got.Status, got.Raw)
		}
		for _, leak := range []string{gpsMarker, "Exif"} {
			if bytes.Contains(got.Raw, []byte(leak)) {
				t.Errorf("the served photo still holds %q", leak)
			}
		}
		stored := count(t, db, "SELECT COUNT(*) FROM uploads WHERE id = ? AND width = 64 AND height = 48", int64(num(d["id"])))
		if cfg, err := jpeg.DecodeConfig(bytes.NewReader(got.Raw)); err != nil || cfg.Width != 64 || cfg.Height != 48 || stored != 1 {
			t.Errorf("served photo: %v %v, stored %d", cfg, err, stored)
		}

		e.photo(url, bob...).wantError(t, 404, 1404)
		e.photo(url).wantError(t, 401, 1401)
		e.photo("/api/v3/upload/photo?id=abc", ann...).wantError(t, 404, 1404)
		f := &permFixture{t: t, db: db, e: e, clk: &clock{t: monday}}
		// Not attached to a request yet: the scheme's managers see it, staff
		// of one venue do not (it belongs to no order of theirs).
		for _, p := range []struct {
			user   store.PlatformUser
			status int
		}{
			{store.PlatformUser{Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"}, 404},
			{store.PlatformUser{Email: "boss@demo.test", Role: account.RoleManager}, 200},
		} {
			p.user.SchemeSlug = "demo-burgers"
			staffID := f.platformUser(p.user)
			tok, hash := account.NewToken()
			if err := db.CreateSession(context.Background(), staffID, f.schemeID("demo-burgers"), hash, monday); err != nil {
				t.Fatal(err)
			}
			if res := e.photo(url, "Authorization", "Bearer "+tok); res.Status != p.status {
				t.Errorf("%s reads the unattached photo: %d %s", p.user.Email, res.Status, res.Raw)
			}
		}
	})
}

// TestSupportInsert: the owner of a paid order raises a request with their
// photo; another customer cannot name that order or that photo; bad input
// is answered field by field; the request is listed with the order's.
func TestSupportInsert(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		ann := signIn(t, e, "demo-burgers", "ann@example.test")
		bob := signIn(t, e, "demo-burgers", "bob@example.test")
		order := paidPickup(t, e, ann, "support-order-1")
		photo := e.upload("a.jpg", "image/jpeg", photoJPEG(t, 16, 16, 0), ann...).data(t)["id"]
		bobsPhoto := e.upload("b.jpg", "image/jpeg", photoJPEG(t, 16, 16, 0), bob...).data(t)["id"]

		res := e.call("supports/insert", data("order_id", order, "kind", "cold", "description", " ",
			"photo_ids", []any{1, 2, 3, 4, 5, 6}), append(ann, "Accept-Language", "pl-PL")...)
		res.wantError(t, 400, 1000)
		fields := res.Body["fields"].(map[string]any)
		if fields["kind"] == nil || fields["description"] != "Opisz problem." || fields["photo_ids"] != "Dodaj najwyżej 5 zdjęć." {
			t.Errorf("bad input: %s", res.Raw)
		}
		e.call("supports/insert", data("order_id", order, "kind", "quality_concern", "description", "Cold",
			"photo_ids", []any{photo, bobsPhoto}), ann...).wantError(t, 400, 4002)
		e.call("supports/insert", data("order_id", order, "kind", "quality_concern", "description", "Cold"),
			bob...).wantError(t, 404, 1404)
		if n := count(t, db, "SELECT COUNT(*) FROM support_requests"); n != 0 {
			t.Fatalf("refused requests stored %d rows", n)
		}

		d := e.call("supports/insert", data("order_id", order, "kind", "quality_concern",
			"description", "The fries were cold.\nAnd soggy.", "photo_ids", []any{photo}), ann...).data(t)
		if num(d["id"]) <= 0 || d["status"] != "open" {
			t.Fatalf("supports/insert answered %v", d)
		}
		got := e.call("orders/get", filter("id", order), ann...).data(t)["support_requests"].([]any)
		if len(got) != 1 {
			t.Fatalf("orders/get lists %v", got)
		}
		sr := got[0].(map[string]any)
		urls, _ := sr["photo_urls"].([]any)
		if sr["kind"] != "quality_concern" || sr["description"] != "The fries were cold.\nAnd soggy." || sr["status"] != "open" ||
			len(urls) != 1 || urls[0] != "/api/v3/upload/photo?id="+fmt.Sprint(int64(num(photo))) {
			t.Errorf("orders/get lists %v", sr)
		}
		if list, err := db.SupportRequestsOfOrder(context.Background(), f0(t, db), order); err != nil || len(list) != 1 {
			t.Errorf("stored: %+v %v", list, err)
		}
	})
}

// f0 is demo-burgers' scheme id.
func f0(t *testing.T, db *store.DB) int64 {
	sc, err := db.SchemeBySlug(context.Background(), "demo-burgers")
	if err != nil {
		t.Fatal(err)
	}
	return sc.ID
}

// TestUserInfoStamps: collecting a paid order shows its stamps on the
// customer's card in user/info, and the order's stamps in orders/get.
func TestUserInfoStamps(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e, _ := startOrders(t, db)
		ann := signIn(t, e, "demo-burgers", "ann@example.test")
		m := sohoMenu(t, e)
		// 3 × 4.99 = 14.97: one stamp at £10 a stamp.
		o := e.call("orders/prepare", checkoutBody([]any{m.line(t, "Cheesy Fries", 3)}, "idempotency_key", "stamps-0001"), ann...).
			data(t)["order"].(map[string]any)
		confirm(e, ann, o["id"], card("4242424242424242")).data(t)
		info := e.call("user/info", nil, ann...).data(t)
		if st := info["stamps"].(map[string]any); num(st["balance"]) != 0 || num(st["per_reward"]) != 8 {
			t.Fatalf("before collection: %v", st)
		}
		id := int64(num(o["id"]))
		for _, to := range []ordering.Status{ordering.StatusAccepted, ordering.StatusReadyToCollect, ordering.StatusCollected} {
			if _, err := db.Transition(context.Background(), ordering.Change{SchemeID: f0(t, db), OrderID: id, To: to,
				Actor: ordering.ActorManager, ActorRef: "manager:1", Reach: ordering.Reach{SchemeWide: true}}, monday); err != nil {
				t.Fatal(err)
			}
		}
		info = e.call("user/info", nil, ann...).data(t)
		if st := info["stamps"].(map[string]any); num(st["balance"]) != 1 || len(info["rewards"].([]any)) != 0 {
			t.Errorf("after collection: %v", info)
		}
	})
}
