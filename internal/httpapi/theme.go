package httpapi

import (
	"strconv"
	"strings"

	"platter/internal/catalog"
	"platter/internal/colour"
)

// themeVariables are the CSS custom properties of a scheme, the same the
// client's themeVariables (web/src/lib/theme.ts) puts on its themed root:
// --colour, --on-colour, --colour-1..--colour-16, then the readable text on
// each numbered colour (--on-colour-N), in that order. The stylesheets
// paint each numbered colour's role (docs/architecture.md §8) from them.
// Values that are not colours are left out, so nothing else reaches the
// style.
func themeVariables(sc *catalog.Scheme) [][2]string {
	var vars, on [][2]string
	if main := sc.Colour; validColour.MatchString(main) {
		vars = append(vars, [2]string{"--colour", main}, [2]string{"--on-colour", contrastText(main)})
	}
	for i, c := range sc.Colours {
		if i < 16 && validColour.MatchString(c) {
			n := strconv.Itoa(i + 1)
			vars = append(vars, [2]string{"--colour-" + n, c})
			on = append(on, [2]string{"--on-colour-" + n, contrastText(c)})
		}
	}
	return append(vars, on...)
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
func contrastText(c string) string { return colour.OnColour(c) }
