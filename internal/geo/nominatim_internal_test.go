package geo

import (
	"context"
	"testing"
	"time"
)

func TestNominatimPublicInstanceIsPaced(t *testing.T) {
	if n := NewNominatim("https://nominatim.openstreetmap.org", "ua", nil).(*nominatim); n.interval != time.Second {
		t.Errorf("public instance interval %v; want 1s", n.interval)
	}
	if n := NewNominatim("http://127.0.0.1:8088", "ua", nil).(*nominatim); n.interval != 0 {
		t.Errorf("own instance interval %v; want none", n.interval)
	}

	n := &nominatim{interval: 40 * time.Millisecond}
	start := time.Now()
	for range 3 {
		if err := n.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d < 80*time.Millisecond {
		t.Errorf("three requests within %v; want them 40 ms apart", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n.next = time.Now().Add(time.Hour)
	if err := n.wait(ctx); err == nil {
		t.Error("wait ignored a cancelled context")
	}
}
