package webhooks

import (
	"net/netip"
	"net/url"
	"strings"
)

// Where a webhook may go. A URL is checked when it is saved (its form, and
// an address written in it) and, what really counts, every address the
// sender is about to connect to is checked at dial time (sender.Guard): a
// name that resolves elsewhere later, or a redirect, is caught there.

// always are the ranges never reached, whatever the operator allows: no
// receiver of a restaurant's till lives on a cloud's metadata service
// (link-local), the unspecified address, multicast or broadcast, or the
// reserved and documentation ranges.
var always = prefixes(
	"0.0.0.0/8",         // "this network", 0.0.0.0 included
	"169.254.0.0/16",    // link-local: 169.254.169.254 is the metadata service of most clouds
	"192.0.0.0/24",      // IETF protocol assignments
	"192.0.2.0/24",      // documentation
	"198.18.0.0/15",     // benchmarking
	"198.51.100.0/24",   // documentation
	"203.0.113.0/24",    // documentation
	"224.0.0.0/4",       // multicast
	"240.0.0.0/4",       // reserved, 255.255.255.255 included
	"::/128",            // unspecified
	"fe80::/10",         // link-local
	"ff00::/8",          // multicast
	"100::/64",          // discard-only
	"2001:db8::/32",     // documentation
	"fec0::/10",         // deprecated site-local
	"2001::/23",         // IETF protocol assignments (Teredo and others)
	"fd00:ec2::254/128", // the AWS metadata service over IPv6 (also in fc00::/7)
	"64:ff9b:1::/48",    // local-use NAT64
)

// private are the ranges reached only when the operator allows it
// (PLATTER_WEBHOOKS_ALLOW_PRIVATE=1): this machine and private networks,
// where an on-premises till or a test receiver may listen.
var private = prefixes(
	"127.0.0.0/8",    // loopback
	"10.0.0.0/8",     // private
	"172.16.0.0/12",  // private
	"192.168.0.0/16", // private
	"100.64.0.0/10",  // carrier-grade NAT (shared address space)
	"::1/128",        // loopback
	"fc00::/7",       // unique local
)

func prefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// Refused says why a webhook may not connect to addr ("" when it may):
// "private" for loopback and private networks unless allowPrivate,
// "reserved" for link-local, unspecified, multicast and the other ranges
// never reached. An IPv4 address written as IPv6 (::ffff:10.0.0.1, or
// inside NAT64's 64:ff9b::/96 or 6to4's 2002::/16) is judged as the IPv4
// address it carries.
func Refused(addr netip.Addr, allowPrivate bool) string {
	addr = embedded(addr.WithZone(""))
	if !addr.IsValid() {
		return "reserved"
	}
	for _, p := range always {
		if p.Contains(addr) {
			return "reserved"
		}
	}
	for _, p := range private {
		if p.Contains(addr) {
			if allowPrivate {
				return ""
			}
			return "private"
		}
	}
	if addr.Is6() && !addr.IsGlobalUnicast() {
		return "reserved" // anything else IPv6 does not route on the internet
	}
	return ""
}

var (
	nat64 = netip.MustParsePrefix("64:ff9b::/96")
	sixTo = netip.MustParsePrefix("2002::/16")
)

// embedded returns the IPv4 address an IPv6 one carries (mapped, NAT64,
// 6to4), or addr itself.
func embedded(addr netip.Addr) netip.Addr {
	if addr.Is4In6() {
		return addr.Unmap()
	}
	if addr.Is6() {
		b := addr.As16()
		switch {
		case nat64.Contains(addr):
			return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
		case sixTo.Contains(addr):
			return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})
		}
	}
	return addr
}

// CheckURL checks an endpoint's URL as saved and returns the message key of
// what is wrong with it ("" when it is fine): http or https, a host, no
// user name or password, at most MaxURL characters, and no address written
// in it (or "localhost") that Refused refuses. A name is not resolved here:
// the sender checks what it resolves to at each connection.
func CheckURL(raw string, allowPrivate bool) string {
	if raw == "" {
		return "webhooks.url_required"
	}
	if len(raw) > MaxURL {
		return "webhooks.url_too_long"
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Opaque != "" {
		return "webhooks.url_invalid"
	}
	if u.User != nil {
		return "webhooks.url_credentials"
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "" {
		return "webhooks.url_invalid"
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		host = "127.0.0.1"
	}
	if addr, err := netip.ParseAddr(host); err == nil {
		if Refused(addr, allowPrivate) != "" {
			return "webhooks.url_refused"
		}
	}
	return ""
}
