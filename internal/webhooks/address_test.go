package webhooks_test

import (
	"net/netip"
	"testing"

	"platter/internal/webhooks"
)

// TestRefused: which addresses a webhook may reach, with and without the
// operator's allowance (PLATTER_WEBHOOKS_ALLOW_PRIVATE).
func TestRefused(t *testing.T) {
	for _, c := range []struct {
		addr            string
		denied, allowed string // the reason without, and with, the allowance
	}{
		{"93.184.216.34", "", ""},
		{"2606:4700:4700::1111", "", ""},
		{"127.0.0.1", "private", ""},
		{"127.8.9.10", "private", ""},
		{"::1", "private", ""},
		{"10.0.0.1", "private", ""},
		{"172.16.5.4", "private", ""},
		{"192.168.1.1", "private", ""},
		{"100.64.0.1", "private", ""},
		{"fd12:3456::1", "private", ""},
		{"::ffff:127.0.0.1", "private", ""},
		{"::ffff:10.0.0.1", "private", ""},
		{"64:ff9b::a00:1", "private", ""}, // NAT64 of 10.0.0.1
		{"2002:a00:1::1", "private", ""},  // 6to4 of 10.0.0.1
		{"169.254.169.254", "reserved", "reserved"},
		{"::ffff:169.254.169.254", "reserved", "reserved"},
		{"64:ff9b::a9fe:a9fe", "reserved", "reserved"}, // NAT64 of 169.254.169.254
		{"fe80::1", "reserved", "reserved"},
		{"fe80::1%eth0", "reserved", "reserved"},
		{"fd00:ec2::254", "reserved", "reserved"},
		{"0.0.0.0", "reserved", "reserved"},
		{"::", "reserved", "reserved"},
		{"224.0.0.1", "reserved", "reserved"},
		{"ff02::1", "reserved", "reserved"},
		{"255.255.255.255", "reserved", "reserved"},
		{"192.0.2.1", "reserved", "reserved"},
	} {
		a := netip.MustParseAddr(c.addr)
		if got := webhooks.Refused(a, false); got != c.denied {
			t.Errorf("%s: %q, want %q", c.addr, got, c.denied)
		}
		if got := webhooks.Refused(a, true); got != c.allowed {
			t.Errorf("%s allowing private: %q, want %q", c.addr, got, c.allowed)
		}
	}
}

// TestCheckURL: the URL as saved.
func TestCheckURL(t *testing.T) {
	for raw, want := range map[string]string{
		"https://till.example.com/hooks":   "",
		"http://till.example.com:8080/x?y": "",
		"":                                 "webhooks.url_required",
		"ftp://till.example.com/":          "webhooks.url_invalid",
		"till.example.com/hooks":           "webhooks.url_invalid",
		"https://":                         "webhooks.url_invalid",
		"https://user:pw@till.example.com": "webhooks.url_credentials",
		"http://127.0.0.1:9000/":           "webhooks.url_refused",
		"http://[::1]/":                    "webhooks.url_refused",
		"http://localhost/":                "webhooks.url_refused",
		"http://app.localhost./":           "webhooks.url_refused",
		"http://169.254.169.254/latest":    "webhooks.url_refused",
		"http://10.0.0.1/":                 "webhooks.url_refused",
		"http://[::ffff:10.0.0.1]/":        "webhooks.url_refused",
	} {
		if got := webhooks.CheckURL(raw, false); got != want {
			t.Errorf("%q: %q, want %q", raw, got, want)
		}
	}
	if got := webhooks.CheckURL("http://127.0.0.1:9000/", true); got != "" {
		t.Errorf("loopback allowed by the operator: %q", got)
	}
	if got := webhooks.CheckURL("http://169.254.169.254/", true); got != "webhooks.url_refused" {
		t.Errorf("metadata with the allowance: %q", got)
	}
}
