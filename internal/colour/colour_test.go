package colour

import "testing"

func TestContrast(t *testing.T) {
	if c := Contrast("#ffffff", "#000000"); c < 20.99 || c > 21.01 {
		t.Errorf("white on black %.2f, want 21", c)
	}
	// Ember & Bun's orange on white is 3.5:1: too low for a link.
	if c := Contrast("#e85d04", "#ffffff"); c > 3.6 || c < 3.4 {
		t.Errorf("orange on white %.2f, want about 3.5", c)
	}
	if OnColour("#e85d04") != "#111111" || OnColour("#c1121f") != "#ffffff" || OnColour("nope") != "#ffffff" {
		t.Error("OnColour picks the wrong text colour")
	}
}

func TestReadable(t *testing.T) {
	for _, c := range []struct{ fg, bg string }{
		{"#e85d04", "#ffffff"}, {"#c1121f", "#27272a"}, {"#e85d04", "#27272a"}, {"#ffba08", "#ffffff"},
		{"#333333", "#18181b"}, {"#c1121f", "#ffffff"},
	} {
		got := Readable(c.fg, c.bg, AA)
		if Contrast(got, c.bg) < AA {
			t.Errorf("Readable(%s on %s) = %s at %.2f:1", c.fg, c.bg, got, Contrast(got, c.bg))
		}
	}
	if got := Readable("#c1121f", "#ffffff", AA); got != "#c1121f" {
		t.Errorf("a colour that reads was changed to %s", got)
	}
}
