// Package colour is the WCAG contrast math of a scheme's brand colours, one
// copy for everything the server colours: the storefront's theme (the text
// on a brand colour, as the client's web/src/lib/theme.ts decides it) and
// the mail's links and buttons.
package colour

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// AA is the contrast WCAG 2 level AA asks of body text.
const AA = 4.5

// parse reads "#rrggbb" or "#rgb" (ok false otherwise).
func parse(c string) (rgb [3]float64, ok bool) {
	hex := strings.TrimPrefix(c, "#")
	if len(hex) == 3 {
		hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
	}
	if len(hex) != 6 {
		return rgb, false
	}
	for i := range 3 {
		v, err := strconv.ParseUint(hex[2*i:2*i+2], 16, 8)
		if err != nil {
			return rgb, false
		}
		rgb[i] = float64(v)
	}
	return rgb, true
}

func format(rgb [3]float64) string {
	return fmt.Sprintf("#%02x%02x%02x", int(math.Round(rgb[0])), int(math.Round(rgb[1])), int(math.Round(rgb[2])))
}

func luminance(rgb [3]float64) float64 {
	ch := func(v float64) float64 {
		c := v / 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(rgb[0]) + 0.7152*ch(rgb[1]) + 0.0722*ch(rgb[2])
}

// Valid reports whether c is "#rrggbb" or "#rgb".
func Valid(c string) bool {
	_, ok := parse(c)
	return ok
}

// Contrast is the WCAG contrast ratio of two colours, 1 to 21 (0 when
// either is not a colour).
func Contrast(a, b string) float64 {
	x, ok1 := parse(a)
	y, ok2 := parse(b)
	if !ok1 || !ok2 {
		return 0
	}
	la, lb := luminance(x), luminance(y)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// OnColour is the text colour for a background: "#111111" or "#ffffff",
// whichever reads better (white for what is not a colour).
func OnColour(bg string) string {
	rgb, ok := parse(bg)
	if !ok {
		return "#ffffff"
	}
	l := luminance(rgb)
	onWhite := 1.05 / (l + 0.05)
	onDark := (l + 0.05) / 0.0556
	if onDark > onWhite {
		return "#111111"
	}
	return "#ffffff"
}

// Readable is fg, darkened or lightened (whichever way moves it from bg) by
// the least amount that makes its contrast on bg at least min. It keeps the
// brand's hue; a colour that already reads is returned as it is.
func Readable(fg, bg string, min float64) string {
	f, ok1 := parse(fg)
	b, ok2 := parse(bg)
	if !ok1 || !ok2 {
		return fg
	}
	if Contrast(format(f), bg) >= min {
		return format(f)
	}
	target := [3]float64{0, 0, 0}
	if luminance(b) < 0.18 { // a dark background: lighten towards white
		target = [3]float64{255, 255, 255}
	}
	mix := func(t float64) string {
		var m [3]float64
		for i := range 3 {
			m[i] = f[i] + (target[i]-f[i])*t
		}
		return format(m)
	}
	lo, hi := 0.0, 1.0
	for range 20 {
		mid := (lo + hi) / 2
		if Contrast(mix(mid), bg) >= min {
			hi = mid
		} else {
			lo = mid
		}
	}
	return mix(hi)
}
