package media

import (
	"image"
	"image/color"
)

// Orient turns img upright by the EXIF orientation (1–8): the re-encoding
// drops the tag, so a phone photo taken sideways would otherwise be stored
// on its side.
func Orient(img image.Image, o int) image.Image {
	if o < 2 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	// Phone photos decode to YCbCr: read it directly (At would allocate a
	// colour per pixel, seconds for a 12-megapixel photo).
	ycc, _ := img.(*image.YCbCr)
	for y := range h {
		for x := range w {
			var nx, ny int
			switch o {
			case 2: // mirrored
				nx, ny = w-1-x, y
			case 3: // rotated 180°
				nx, ny = w-1-x, h-1-y
			case 4: // mirrored vertically
				nx, ny = x, h-1-y
			case 5: // transposed
				nx, ny = y, x
			case 6: // rotated 90° clockwise to be upright
				nx, ny = h-1-y, x
			case 7: // transversed
				nx, ny = h-1-y, w-1-x
			case 8: // rotated 90° anticlockwise to be upright
				nx, ny = y, w-1-x
			}
			var r, g, bl uint8
			if ycc != nil {
				c := ycc.YCbCrAt(b.Min.X+x, b.Min.Y+y)
				r, g, bl = color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
			} else {
				c := color.RGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.RGBA)
				r, g, bl = c.R, c.G, c.B
			}
			p := dst.PixOffset(nx, ny)
			dst.Pix[p], dst.Pix[p+1], dst.Pix[p+2], dst.Pix[p+3] = r, g, bl, 0xFF
		}
	}
	return dst
}

// EXIFOrientation returns the Orientation tag (0x0112) of a JPEG's EXIF
// segment, or 0 when there is none or it cannot be read. It walks the
// segments before the image data and reads nothing else of the EXIF.
func EXIFOrientation(b []byte) int {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return 0
	}
	i := 2
	for i+4 <= len(b) && b[i] == 0xFF {
		marker := b[i+1]
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			return 0
		}
		n := int(b[i+2])<<8 | int(b[i+3])
		if n < 2 || i+2+n > len(b) {
			return 0
		}
		seg := b[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) > 14 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 0
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var u16 func([]byte) int
	var u32 func([]byte) int
	switch string(t[:2]) {
	case "II":
		u16 = func(p []byte) int { return int(p[0]) | int(p[1])<<8 }
		u32 = func(p []byte) int { return int(p[0]) | int(p[1])<<8 | int(p[2])<<16 | int(p[3])<<24 }
	case "MM":
		u16 = func(p []byte) int { return int(p[1]) | int(p[0])<<8 }
		u32 = func(p []byte) int { return int(p[3]) | int(p[2])<<8 | int(p[1])<<16 | int(p[0])<<24 }
	default:
		return 0
	}
	off := u32(t[4:8])
	if off < 8 || off+2 > len(t) {
		return 0
	}
	count := u16(t[off:])
	for k := range count {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 0
		}
		if u16(t[e:]) == 0x0112 {
			return u16(t[e+8:])
		}
	}
	return 0
}
