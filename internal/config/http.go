package config

import (
	"fmt"
	"time"
)

// loadHTTP reads the settings of the listeners and of stopping.
func (c *Config) loadHTTP(get func(string) string) []string {
	var p []string
	c.MetricsAddr = get("PLATTER_METRICS_ADDR")
	if c.MetricsAddr == "off" { // an empty variable means the default, so "off" turns it off
		c.MetricsAddr = ""
	}
	if c.MetricsAddr != "" {
		if _, _, err := splitHostPort(c.MetricsAddr); err != nil {
			p = append(p, fmt.Sprintf("PLATTER_METRICS_ADDR %q: %v", c.MetricsAddr, err))
		}
	}
	c.ShutdownDelay, p = duration(get, "PLATTER_SHUTDOWN_DELAY", p)
	c.ShutdownTimeout, p = duration(get, "PLATTER_SHUTDOWN_TIMEOUT", p)
	if c.ShutdownTimeout == 0 {
		p = append(p, "PLATTER_SHUTDOWN_TIMEOUT must be more than 0s")
	}
	return p
}

func duration(get func(string) string, name string, p []string) (time.Duration, []string) {
	d, err := time.ParseDuration(get(name))
	if err != nil || d < 0 {
		return 0, append(p, fmt.Sprintf("%s %q: want a duration such as 5s or 500ms", name, get(name)))
	}
	return d, p
}
