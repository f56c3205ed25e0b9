package media_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"platter/internal/media"
	"platter/internal/platter"
)

// photo is a w×h JPEG with an EXIF segment holding a GPS tag's text.
func photo(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 200, 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	raw := b.Bytes()
	exif := append([]byte("Exif\x00\x00II*\x00\x08\x00\x00\x00\x00\x00"), []byte("GPSLatitude 51.5142")...)
	seg := []byte{0xFF, 0xE1, byte((len(exif) + 2) >> 8), byte(len(exif) + 2)}
	return append(append(append([]byte{}, raw[:2]...), append(seg, exif...)...), raw[2:]...)
}

func pngOf(t testing.TB, w, h int, transparent bool) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	if transparent {
		img.SetNRGBA(0, 0, color.NRGBA{})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pngClaiming is a PNG whose header claims w×h pixels, with no image data
// to speak of: a decompression bomb's header.
func pngClaiming(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	chunk("IHDR", ihdr)
	chunk("IEND", nil)
	return b.Bytes()
}

func process(t *testing.T, purpose media.Purpose, data []byte) (*media.Image, error) {
	t.Helper()
	return media.NewProcessor(1, time.Second).Process(context.Background(), purpose, bytes.NewReader(data))
}

func wantRefused(t *testing.T, name string, err error, key string) {
	t.Helper()
	e, ok := err.(*platter.Error)
	if !ok || e.Code != platter.CodeBadImage || e.Message != key {
		t.Errorf("%s: got %v, want 4010 %s", name, err, key)
	}
}

func TestProcessRefusesWhatIsNotAPicture(t *testing.T) {
	ok := photo(t, 40, 30)
	cases := map[string][]byte{
		"zero bytes":             {},
		"svg":                    []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
		"html":                   []byte("<!doctype html><html><body><script>alert(1)</script></body></html>"),
		"jpeg header and script": append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, []byte("<script>alert(1)</script>")...),
		"truncated jpeg":         ok[:len(ok)/2],
		"truncated png":          pngOf(t, 40, 30, false)[:60],
		"gif":                    []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
		"riff but not webp":      []byte("RIFF\x10\x00\x00\x00WAVEfmt "),
	}
	for name, data := range cases {
		_, err := process(t, media.Menu, data)
		wantRefused(t, name, err, "upload.image_invalid")
	}
}

func TestProcessBoundsSizeAndPixels(t *testing.T) {
	big := append(photo(t, 16, 16), make([]byte, media.MaxBytes)...)
	_, err := process(t, media.Menu, big[:media.MaxBytes+1])
	wantRefused(t, "5 MB + 1", err, "upload.image_too_large")
	// Exactly 5 MB passes the size check (padding after the JPEG's end is
	// ignored by the decoder and never stored).
	if _, err := process(t, media.Menu, big[:media.MaxBytes]); err != nil {
		t.Errorf("5 MB exactly: %v", err)
	}
	_, err = process(t, media.Logo, pngClaiming(100000, 100000))
	wantRefused(t, "100000×100000 png", err, "upload.image_too_many_pixels")
	_, err = process(t, media.Logo, pngClaiming(7000, 7000))
	wantRefused(t, "49 megapixels", err, "upload.image_too_many_pixels")
	if _, err := process(t, "avatar", photo(t, 8, 8)); platter.ErrorCode(err) != platter.CodeValidation {
		t.Errorf("unknown purpose: %v, want 1000", err)
	}
}

func TestProcessReencodesWithoutMetadata(t *testing.T) {
	src := photo(t, 2000, 1500)
	polyglot := append(append([]byte{}, src...), []byte("<script>alert(1)</script>")...)
	img, err := process(t, media.Menu, polyglot)
	if err != nil {
		t.Fatal(err)
	}
	if img.Width != 2000 || img.Height != 1500 || len(img.Variants) != 2 {
		t.Fatalf("got %dx%d with %d variants", img.Width, img.Height, len(img.Variants))
	}
	for i, want := range [][2]int{{1040, 780}, {320, 240}} {
		v := img.Variants[i]
		if v.Width != want[0] || v.Height != want[1] || v.ContentType != "image/jpeg" {
			t.Errorf("variant %s is %dx%d %s, want %v", v.Name, v.Width, v.Height, v.ContentType, want)
		}
		for _, leak := range []string{"Exif", "GPS", "<script"} {
			if bytes.Contains(v.Data, []byte(leak)) {
				t.Errorf("variant %s keeps %q of the upload", v.Name, leak)
			}
		}
		got, err := jpeg.DecodeConfig(bytes.NewReader(v.Data))
		if err != nil || got.Width != want[0] {
			t.Errorf("variant %s does not decode as itself: %v", v.Name, err)
		}
	}
}

func TestProcessKeepsSmallPhotosAndMakesSquareLogos(t *testing.T) {
	small, err := process(t, media.Menu, pngOf(t, 200, 100, true))
	if err != nil {
		t.Fatal(err)
	}
	if v := small.Variants[0]; v.Width != 200 || v.Height != 100 || v.Name != "1040.jpg" {
		t.Errorf("a small photo became %s %dx%d, want never enlarged", v.Name, v.Width, v.Height)
	}
	webp, err := os.ReadFile("testdata/blue-purple-pink.lossy.webp")
	if err != nil {
		t.Fatal(err)
	}
	logo, err := process(t, media.Logo, webp)
	if err != nil {
		t.Fatal(err)
	}
	for i, side := range []int{512, 128} {
		v := logo.Variants[i]
		got, err := png.Decode(bytes.NewReader(v.Data))
		if err != nil || got.Bounds().Dx() != side || got.Bounds().Dy() != side || !strings.HasSuffix(v.Name, ".png") {
			t.Errorf("logo variant %s: %v, want a %d-pixel square PNG", v.Name, err, side)
		}
	}
}

// FuzzProcess feeds the decoder entry anything: it must never panic, and
// what it accepts must come out as pictures within the bounds.
func FuzzProcess(f *testing.F) {
	f.Add(photo(f, 8, 8))
	f.Add(pngOf(f, 8, 8, true))
	f.Add(pngClaiming(70000, 70000))
	f.Add([]byte("<svg/>"))
	if b, err := os.ReadFile("testdata/blue-purple-pink.lossy.webp"); err == nil {
		f.Add(b)
	}
	p := media.NewProcessor(1, time.Second)
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := p.Process(context.Background(), media.Menu, bytes.NewReader(data))
		if err != nil {
			if !media.IsBadImage(err) {
				t.Fatalf("a bad file must be 4010, got %v", err)
			}
			return
		}
		for _, v := range img.Variants {
			if v.Width > 1040 || v.Height > 1040 || len(v.Data) == 0 {
				t.Fatalf("variant %s is %dx%d", v.Name, v.Width, v.Height)
			}
		}
	})
}
