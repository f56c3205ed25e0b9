package httpapi

import (
	"math"
	"strconv"
	"strings"

	"platter/internal/catalog"
)

// themeVariables are the CSS custom properties of a scheme, the same the
// client's themeVariables (web/src/lib/theme.ts) puts on its themed root:
// --colour, --on-colour and --colour-1..--colour-16, in that order. Values
// that are not colours are left out, so nothing else reaches the style.
func themeVariables(sc *catalog.Scheme) [][2]string {
	var vars [][2]string
	if main := sc.Colour; validColour.MatchString(main) {
		vars = append(vars, [2]string{"--colour", main}, [2]string{"--on-colour", contrastText(main)})
	}
	for i, c := range sc.Colours {
		if i < 16 && validColour.MatchString(c) {
			vars = append(vars, [2]string{"--colour-" + strconv.Itoa(i+1), c})
		}
	}
	return vars
}

// themeStyle is themeVariables as a style attribute's value.
func themeStyle(sc *catalog.Scheme) string {
	var b strings.Builder
	for _, v := range themeVariables(sc) {
		b.WriteString(v[0] + ":" + v[1] + ";")
	}
	return b.String()
}

// contrastText is black or white, whichever reads better on the colour
// (WCAG relative luminance), exactly as the client's contrastText decides.
func contrastText(colour string) string {
	hex := strings.TrimPrefix(colour, "#")
	if len(hex) == 3 {
		hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
	}
	if len(hex) != 6 {
		return "#ffffff"
	}
	channel := func(i int) float64 {
		v, err := strconv.ParseUint(hex[i:i+2], 16, 8)
		if err != nil {
			return math.NaN()
		}
		c := float64(v) / 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	l := 0.2126*channel(0) + 0.7152*channel(2) + 0.0722*channel(4)
	if math.IsNaN(l) {
		return "#ffffff"
	}
	onWhite := 1.05 / (l + 0.05)
	onDark := (l + 0.05) / 0.0556
	if onDark > onWhite {
		return "#111111"
	}
	return "#ffffff"
}
