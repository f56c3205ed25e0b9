package printing

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The raster a ticket is drawn on: 576 dots is an 80 mm roll's printable
// width at 203 dpi (Star's and Epson's kitchen printers). A ticket taller
// than maxHeight is cut there.
const (
	dotsWide  = 576
	margin    = 8
	maxHeight = 8000
)

// faces are the bundled Go fonts (which cover Polish letters) at the sizes
// a ticket uses, parsed once.
type faces struct {
	normal, bold, big font.Face
}

var loadFaces = sync.OnceValue(func() *faces {
	mk := func(ttf []byte, size float64) font.Face {
		f, err := opentype.Parse(ttf)
		if err != nil {
			panic("printing: bundled font: " + err.Error())
		}
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic("printing: bundled font: " + err.Error())
		}
		return face
	}
	return &faces{normal: mk(goregular.TTF, 26), bold: mk(gobold.TTF, 28), big: mk(gobold.TTF, 48)}
})

// Raster is a ticket drawn in black and white.
type Raster struct {
	img *image.Gray
}

// line is one wrapped row ready to draw.
type line struct {
	text  string
	face  font.Face
	style Style
	x     int
	h     int
}

// Draw renders the ticket as a raster dotsWide wide.
func (tk Ticket) Draw() Raster {
	f := loadFaces()
	var lines []line
	height := margin
	for _, r := range tk.Rows {
		if r.Style == Rule {
			lines = append(lines, line{style: Rule, h: 14})
			height += 14
			continue
		}
		face := f.normal
		switch r.Style {
		case Bold, Inverse:
			face = f.bold
		case Big:
			face = f.big
		}
		x := margin + r.Indent*24
		if r.Style == Inverse {
			x += 8
		}
		m := face.Metrics()
		h := (m.Ascent + m.Descent).Ceil() + 6
		for _, s := range wrap(r.Text, func(s string) bool {
			return x+font.MeasureString(face, s).Ceil() <= dotsWide-margin
		}) {
			lines = append(lines, line{text: s, face: face, style: r.Style, x: x, h: h})
			height += h
		}
	}
	height = min(height+margin*4, maxHeight)
	img := image.NewGray(image.Rect(0, 0, dotsWide, height))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	y := margin
	for _, l := range lines {
		if y+l.h > height {
			break
		}
		ink := image.Image(image.Black)
		switch l.style {
		case Rule:
			draw.Draw(img, image.Rect(margin, y+6, dotsWide-margin, y+8), image.Black, image.Point{}, draw.Src)
			y += l.h
			continue
		case Inverse:
			draw.Draw(img, image.Rect(margin, y, dotsWide-margin, y+l.h), image.Black, image.Point{}, draw.Src)
			ink = image.White
		}
		d := font.Drawer{Dst: img, Src: ink, Face: l.face,
			Dot: fixed.P(l.x, y+l.face.Metrics().Ascent.Ceil()+3)}
		d.DrawString(l.text)
		y += l.h
	}
	return Raster{img: img}
}

// PNG is the raster as a PNG file (greyscale).
func (r Raster) PNG() []byte {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, r.img); err != nil {
		panic("printing: png: " + err.Error()) // writes to memory cannot fail
	}
	return b.Bytes()
}

// Bits is the raster one bit a dot, rows of Width()/8 bytes, the leftmost
// dot the high bit, 1 black: what StarPRNT's and ePOS-Print's raster
// commands take.
func (r Raster) Bits() (widthBytes, height int, data []byte) {
	b := r.img.Bounds()
	widthBytes, height = (b.Dx()+7)/8, b.Dy()
	data = make([]byte, widthBytes*height)
	for y := 0; y < height; y++ {
		for x := 0; x < b.Dx(); x++ {
			if r.img.GrayAt(x, y).Y < 128 {
				data[y*widthBytes+x/8] |= 0x80 >> (x % 8)
			}
		}
	}
	return widthBytes, height, data
}

// Image is the raster itself (tests read it).
func (r Raster) Image() image.Image { return r.img }

var _ color.Color = color.Gray{}

// MissingGlyphs returns the runes of s the bundled fonts cannot draw.
func MissingGlyphs(s string) string {
	f := loadFaces()
	var out []rune
	for _, r := range s {
		for _, face := range []font.Face{f.normal, f.bold} {
			if _, _, ok := face.GlyphBounds(r); !ok {
				out = append(out, r)
				break
			}
		}
	}
	return string(out)
}
