package config

import (
	"fmt"
	"time"
)

// parseClock reads PLATTER_CLOCK: empty, or an RFC 3339 instant.
func (c *Config) parseClock(raw string) []string {
	if raw == "" {
		return nil
	}
	t, err := time.Parse(time.RFC3339, raw)
	if err != nil {
		return []string{fmt.Sprintf("PLATTER_CLOCK %q: must be an RFC 3339 instant such as 2026-11-16T12:00:00Z", raw)}
	}
	c.ClockStart = t
	return nil
}

// Clock is the process's clock: time.Now, or with PLATTER_CLOCK a clock that
// starts at that instant when Clock is called and then runs at the normal
// pace (monotonic, so a system clock change does not move it). The browser
// tests pin the page's clock to a Monday at noon or 4 am; the server they talk
// to must agree, or "open now" in the page and "closed" in orders/prepare
// would depend on when the suite runs. Every part of one process takes its
// time from the one clock Clock returns.
func (c *Config) Clock() func() time.Time {
	if c.ClockStart.IsZero() {
		return time.Now
	}
	start, origin := c.ClockStart, time.Now()
	return func() time.Time { return start.Add(time.Since(origin)) }
}
