package support

import (
	"bytes"
	"context"
	"errors"
	"image/jpeg"
	"io"
	"runtime"
	"time"

	"platter/internal/account"
	"platter/internal/media"
	"platter/internal/platter"
)

const (
	// MaxPhotoBytes is the largest photo accepted (docs/product.md §9: 800 KB).
	MaxPhotoBytes = 800 * 1024
	// MaxPhotoSide and MaxPhotoPixels bound what a photo may decode to. An
	// 800 KB JPEG can claim 65535×65535 pixels (a "decompression bomb" of
	// gigabytes); a phone photo is about 4000×3000. The header is read
	// (DecodeConfig) before anything is decoded.
	MaxPhotoSide   = 8192
	MaxPhotoPixels = 4096 * 4096
	// photoQuality is the JPEG quality of the stored re-encoding.
	photoQuality = 85
)

// ErrBadPhoto is the refusal of an upload, with docs/product.md's text: not a JPEG,
// or larger than 800 KB. One code (platter.CodeBadPhoto) and one message
// (docs/product.md §8) for both, since the customer's remedy is the same.
func ErrBadPhoto() *platter.Error {
	return &platter.Error{Code: platter.CodeBadPhoto, Message: "upload.invalid"}
}

// Decoder re-encodes photos, a bounded number at once: a full decode of a
// large photo takes tens of megabytes and a core for a while.
type Decoder struct {
	gate *account.Gate
}

// NewDecoder allows n decodes at once (default: one per core), each waiting
// at most wait for its turn before the caller is told to come back (1503).
func NewDecoder(n int, wait time.Duration) *Decoder {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return &Decoder{gate: account.NewGate(n, wait)}
}

// Process reads a photo of at most MaxPhotoBytes from r and returns the
// server's re-encoding of it: a baseline JPEG with no metadata at all (the
// original's EXIF, GPS position included, is never kept), with the
// original's orientation applied to the pixels. Anything that is not a
// JPEG by its content (whatever its name or Content-Type), is larger than
// 800 KB, or decodes to more than the pixel bounds is ErrBadPhoto.
func (d *Decoder) Process(ctx context.Context, r io.Reader) (data []byte, width, height int, err error) {
	img, err := media.Decode(ctx, d.gate, r, media.Bounds{
		Bytes: MaxPhotoBytes, Side: MaxPhotoSide, Pixels: MaxPhotoPixels, JPEGOnly: true,
	})
	if media.IsBadImage(err) {
		return nil, 0, 0, ErrBadPhoto()
	}
	if err != nil {
		return nil, 0, 0, err
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: photoQuality}); err != nil {
		return nil, 0, 0, platter.Internal(err)
	}
	b := img.Bounds()
	return out.Bytes(), b.Dx(), b.Dy(), nil
}

// IsBadPhoto reports the refusal of Process.
func IsBadPhoto(err error) bool {
	var e *platter.Error
	return errors.As(err, &e) && e.Code == platter.CodeBadPhoto
}
