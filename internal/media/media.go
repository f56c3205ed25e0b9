// Package media turns a manager's uploaded picture (a menu item's photo, the
// scheme's logo) into the server's own re-encodings at the sizes the
// storefront shows (docs/architecture.md §10). It knows nothing of HTTP or
// SQL: it reads bytes and returns bytes.
package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"runtime"
	"time"

	"golang.org/x/image/webp"

	"platter/internal/account"
	"platter/internal/platter"
)

// Purpose is what a picture is for; it decides the sizes it is kept at.
type Purpose string

const (
	// Menu is a menu item's photo.
	Menu Purpose = "menu"
	// Logo is the scheme's logo.
	Logo Purpose = "logo"
)

// Valid reports whether p is a purpose this package handles.
func (p Purpose) Valid() bool { return p == Menu || p == Logo }

const (
	// MaxBytes is the largest upload accepted (docs/architecture.md §10: 5 MB).
	MaxBytes = 5 << 20
	// MaxSide and MaxPixels bound what an upload may decode to, read from
	// its header (DecodeConfig) before anything is decoded: a 5 MB PNG of
	// one colour can claim 100000×100000 pixels, tens of gigabytes once
	// decoded. 40 megapixels covers any phone or camera photo.
	MaxSide   = 12000
	MaxPixels = 40_000_000
	// jpegQuality is the quality of the stored JPEG re-encodings.
	jpegQuality = 82
)

// Variant is one stored re-encoding of an upload.
type Variant struct {
	Name        string // "320.jpg": the size (longest side) and the format
	ContentType string
	Width       int
	Height      int
	Data        []byte
}

// Image is a processed upload: the source's size and its variants,
// largest first.
type Image struct {
	Purpose  Purpose
	Width    int // of the source, upright
	Height   int
	Variants []Variant
}

// size is one re-encoding a purpose keeps: a box the picture is fitted
// into. A menu photo keeps its shape and is never enlarged (the cards crop
// it with object-fit: cover); a logo is centred on a transparent square,
// since the storefront, the back office and the web app manifest show it in
// square boxes (the manifest claims 512x512).
type size struct {
	side   int
	square bool
}

// Sizes the storefront shows: menu cards are 64–168 CSS px wide and the
// full-width card and the item dialog at most 520 (doubled for 2× screens:
// 320 and 1040); logos are 32–64 px (128 covers 2×) and the manifest icon
// 512.
var sizes = map[Purpose][]size{
	Menu: {{side: 1040}, {side: 320}},
	Logo: {{side: 512, square: true}, {side: 128, square: true}},
}

// ErrBadImage is the refusal of an upload that is not a JPEG, PNG or WebP by
// its content (whatever its name or Content-Type), or cannot be decoded.
func ErrBadImage() *platter.Error {
	return &platter.Error{Code: platter.CodeBadImage, Message: "upload.image_invalid"}
}

// ErrImageTooLarge is the refusal of an upload over MaxBytes.
func ErrImageTooLarge() *platter.Error {
	return &platter.Error{Code: platter.CodeBadImage, Message: "upload.image_too_large"}
}

// ErrTooManyPixels is the refusal of an upload whose header claims more
// than MaxSide or MaxPixels.
func ErrTooManyPixels() *platter.Error {
	return &platter.Error{Code: platter.CodeBadImage, Message: "upload.image_too_many_pixels"}
}

// Processor re-encodes uploads, a bounded number at once: decoding a
// 40-megapixel picture takes 160 MB and a core for a second.
type Processor struct {
	gate *account.Gate
}

// NewProcessor allows n uploads to be decoded at once (default: half the
// cores, at least one), each waiting at most wait for its turn before the
// caller is told to come back (1503).
func NewProcessor(n int, wait time.Duration) *Processor {
	if n <= 0 {
		n = max(1, runtime.GOMAXPROCS(0)/2)
	}
	return &Processor{gate: account.NewGate(n, wait)}
}

// format is a decoder chosen by an upload's leading bytes.
type format struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
	jpeg   bool
}

// sniff names the format by its magic bytes, never by a name or a header:
// JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF....WEBP).
// Anything else (SVG, HTML, GIF, a PDF) is nil.
func sniff(b []byte) *format {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return &format{config: jpeg.DecodeConfig, decode: jpeg.Decode, jpeg: true}
	case len(b) >= 8 && string(b[:8]) == "\x89PNG\r\n\x1a\n":
		return &format{config: png.DecodeConfig, decode: png.Decode}
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return &format{config: webp.DecodeConfig, decode: webp.Decode}
	}
	return nil
}

// Process reads an upload of at most MaxBytes from r and returns its
// re-encodings for purpose. Only the decoded pixels are kept: no metadata
// (EXIF, GPS, ICC, comments) and no byte of the original survives, so a
// polyglot (a JPEG with a script appended) is stored as a plain picture.
func (p *Processor) Process(ctx context.Context, purpose Purpose, r io.Reader) (*Image, error) {
	if !purpose.Valid() {
		return nil, platter.Invalid(map[string]string{"purpose": "upload.purpose_invalid"})
	}
	img, err := Decode(ctx, p.gate, r, Bounds{Bytes: MaxBytes, Side: MaxSide, Pixels: MaxPixels})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return encodeAll(purpose, img)
}

// Bounds is what an upload may be: at most Bytes long (and not empty), and
// a header claiming at most Side pixels a side and Pixels in all. JPEGOnly
// refuses a PNG or WebP by its content.
type Bounds struct {
	Bytes, Side, Pixels int
	JPEGOnly            bool
}

// Decode reads an upload within b from r and decodes it, upright (a JPEG's
// EXIF orientation applied to the pixels), at most as many at once as gate
// lets in; the header is checked before anything is decoded. The format is
// chosen by the content's magic bytes, never by a name or a header. Its
// refusals: ErrImageTooLarge, ErrBadImage (not a picture by its content, or
// undecodable) and ErrTooManyPixels.
func Decode(ctx context.Context, gate *account.Gate, r io.Reader, b Bounds) (image.Image, error) {
	raw, err := io.ReadAll(io.LimitReader(r, int64(b.Bytes)+1))
	if err != nil {
		return nil, err
	}
	if len(raw) > b.Bytes {
		return nil, ErrImageTooLarge()
	}
	f := sniff(raw)
	if f == nil || (b.JPEGOnly && !f.jpeg) {
		return nil, ErrBadImage()
	}
	cfg, err := f.config(bytes.NewReader(raw))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, ErrBadImage()
	}
	if cfg.Width > b.Side || cfg.Height > b.Side || cfg.Width*cfg.Height > b.Pixels {
		return nil, ErrTooManyPixels()
	}
	release, err := gate.Enter(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	img, err := f.decode(bytes.NewReader(raw))
	if err != nil {
		return nil, ErrBadImage()
	}
	if f.jpeg {
		img = Orient(img, EXIFOrientation(raw))
	}
	return img, nil
}

// IsBadImage reports a refusal of Process for the upload's content.
func IsBadImage(err error) bool {
	var e *platter.Error
	return errors.As(err, &e) && e.Code == platter.CodeBadImage
}
