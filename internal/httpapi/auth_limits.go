package httpapi

import (
	"net"
	"net/netip"
	"strings"
	"time"

	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/config"
	"platter/internal/notify/mail"
)

// ipLimit is how many auth calls a minute one client (IP, or IPv6 /64) may
// make.
const ipLimit = 100

// clientIP tells clients apart for rate limits: the peer address, or, when
// the peer is a trusted proxy (PLATTER_TRUSTED_PROXIES), the right-most
// X-Forwarded-For entry that is not itself a trusted proxy. Entries further
// left are whatever the client chose to send, so they are never believed.
func (s *Server) clientIP(r *request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !s.trusted(peer) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return host
		}
		if !s.trusted(a) {
			return a.Unmap().String()
		}
	}
	return host
}

// clientKey is the client as rate limits count it: its IPv4 address, or
// its IPv6 /64, since one subscriber or host is handed a whole /64 and
// could otherwise take a fresh address for every try.
func (s *Server) clientKey(r *request) string {
	ip := s.clientIP(r)
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	if a = a.Unmap(); a.Is6() {
		return netip.PrefixFrom(a, 64).Masked().String()
	}
	return a.String()
}

func (s *Server) trusted(a netip.Addr) bool {
	if s.cfg == nil {
		return false
	}
	a = a.Unmap()
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// limit counts one hit against key and refuses (1429, Retry-After) beyond
// max in the window.
func (s *Server) limit(r *request, key string, max int, window time.Duration) error {
	return account.Limit(r.Context(), s.accounts, key, max, window, s.now())
}

// limitIP is the wide per-client limit every auth call passes first.
func (s *Server) limitIP(r *request) error {
	return s.limit(r, "ip:"+s.clientKey(r), ipLimit, time.Minute)
}

// accountCaller is who an account call comes from, for the service.
func (s *Server) accountCaller(r *request, sc *catalog.Scheme) account.Caller {
	return account.Caller{
		Scheme: account.Scheme{ID: sc.ID, Brand: BrandOf(sc)},
		Lang:   r.Lang, Client: s.clientKey(r),
	}
}

// BrandOf is how scheme sc signs its mail.
func BrandOf(sc *catalog.Scheme) mail.Brand {
	return mail.Brand{Slug: sc.Slug, Name: sc.Name, Colour: sc.Colour, LogoURL: sc.LogoURL,
		Dark: sc.Theme == 0, ReplyTo: sc.ReplyTo}
}

// notifyComposer writes account mail with links under PLATTER_PUBLIC_URL
// (sent from PLATTER_MAIL_FROM's address under the scheme's name).
func notifyComposer(cfg *config.Config) mail.Composer {
	if cfg == nil {
		return mail.Composer{}
	}
	return mail.Composer{PublicURL: cfg.PublicURL}
}
