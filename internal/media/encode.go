package media

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strconv"

	"golang.org/x/image/draw"

	"platter/internal/platter"
)

// encodeAll makes purpose's variants of img, largest first; each smaller
// one is scaled from the one before (a second's work on a 40-megapixel
// photo becomes a fraction of it).
//
// Menu photos are JPEG (photographs; any transparency is laid on white,
// the cards' own colour behind a picture), logos PNG (they keep their
// transparency, so a logo sits on either theme). WebP is read but never
// written: the Go project has no WebP encoder and a cgo libwebp would break
// the single static binary; JPEG and PNG are understood by every browser.
func encodeAll(purpose Purpose, img image.Image) (*Image, error) {
	b := img.Bounds()
	out := &Image{Purpose: purpose, Width: b.Dx(), Height: b.Dy()}
	src := img
	for _, sz := range sizes[purpose] {
		var scaled image.Image
		if sz.square {
			scaled = squareCanvas(src, sz.side)
		} else {
			scaled = fitted(src, sz.side)
		}
		v, err := encode(purpose, scaled, sz.side)
		if err != nil {
			return nil, err
		}
		out.Variants = append(out.Variants, v)
		src = scaled
	}
	return out, nil
}

// fitted is img scaled down to fit a side×side box, keeping its shape, on
// an opaque white background; never enlarged.
func fitted(img image.Image, side int) image.Image {
	b := img.Bounds()
	w, h := fit(b.Dx(), b.Dy(), side)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.BiLinear.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	return dst
}

// squareCanvas is img scaled to fit a side×side square (enlarged when
// smaller: the manifest icon must be its full size), centred on
// transparency.
func squareCanvas(img image.Image, side int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w >= h {
		w, h = side, max(1, h*side/w)
	} else {
		w, h = max(1, w*side/h), side
	}
	dst := image.NewNRGBA(image.Rect(0, 0, side, side))
	at := image.Rect((side-w)/2, (side-h)/2, (side-w)/2+w, (side-h)/2+h)
	draw.BiLinear.Scale(dst, at, img, b, draw.Over, nil)
	return dst
}

// fit is the size of a w×h picture scaled down to fit a side×side box.
func fit(w, h, side int) (int, int) {
	if w <= side && h <= side {
		return w, h
	}
	if w >= h {
		return side, max(1, h*side/w)
	}
	return max(1, w*side/h), side
}

func encode(purpose Purpose, img image.Image, side int) (Variant, error) {
	var buf bytes.Buffer
	v := Variant{Width: img.Bounds().Dx(), Height: img.Bounds().Dy()}
	if purpose == Logo {
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, img); err != nil {
			return v, platter.Internal(err)
		}
		v.Name, v.ContentType = strconv.Itoa(side)+".png", "image/png"
	} else {
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality}); err != nil {
			return v, platter.Internal(err)
		}
		v.Name, v.ContentType = strconv.Itoa(side)+".jpg", "image/jpeg"
	}
	v.Data = buf.Bytes()
	return v, nil
}
