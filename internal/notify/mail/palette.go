package mail

import "platter/internal/colour"

// Palette is the colours of a mail in one scheme (light or dark): the
// neutral page and card, and the brand's colour made readable on them —
// links at least 4.5:1 on the card, a button's text at least 4.5:1 on the
// button (platter/internal/colour, the math the storefront's theme uses).
type Palette struct {
	Page, Card, Text, Muted, Border string
	Brand                           string // the brand's own colour (the card's top stripe)
	Link                            string
	Button, OnButton                string
}

// neutral is the fallback brand colour of a scheme without a valid one.
const neutral = "#3f3f46"

// PaletteOf is brand colour c's palette, dark or light.
func PaletteOf(c string, dark bool) Palette {
	if !hexColour.MatchString(c) {
		c = neutral
	}
	p := Palette{Page: "#f4f4f5", Card: "#ffffff", Text: "#18181b", Muted: "#52525b", Border: "#e4e4e7", Brand: c}
	if dark {
		p = Palette{Page: "#18181b", Card: "#27272a", Text: "#f4f4f5", Muted: "#a1a1aa", Border: "#3f3f46", Brand: c}
	}
	p.Link = colour.Readable(c, p.Card, colour.AA)
	p.OnButton = colour.OnColour(c)
	p.Button = colour.Readable(c, p.OnButton, colour.AA)
	return p
}
