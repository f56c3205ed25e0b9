package httpapi

import (
	"math"
	"net"
	"net/mail"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"platter/internal/catalog"
	"platter/internal/notify"
	"platter/internal/platter"
)

// Rate limits of issue 5. Counters live in the database (shared by every
// instance) as fixed windows.
const (
	ipLimit         = 100 // auth calls a minute from one IP
	signInLimit     = 10  // sign-ins a minute per IP and e-mail
	mailPerMinute   = 1   // code or notice mails a minute per address and purpose
	mailPerHour     = 5   // … and an hour
	mailPurposeCode = "verify"
	mailPurposeRset = "reset"
)

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
	now := s.now()
	hits, reset, err := s.accounts.Hit(r.Context(), key, window, now)
	if err != nil {
		return err
	}
	if hits <= max {
		return nil
	}
	wait := int(math.Ceil(reset.Sub(now).Seconds()))
	return &platter.Error{Code: platter.CodeRateLimited, Message: "error.rate_limited",
		Params: map[string]string{"retry_after": strconv.Itoa(max1(wait))}}
}

func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// limitIP is the wide per-IP limit every auth call passes first.
func (s *Server) limitIP(r *request) error {
	return s.limit(r, "ip:"+s.clientIP(r), ipLimit, time.Minute)
}

// limitMail allows a mail of a purpose to an address at most once a minute
// and five times an hour. It counts whether or not the address has an
// account, so its answer tells nothing about that.
func (s *Server) limitMail(r *request, sc *catalog.Scheme, purpose, norm string) error {
	key := "mail:" + purpose + ":" + strconv.FormatInt(sc.ID, 10) + ":" + norm
	if err := s.limit(r, key+":m", mailPerMinute, time.Minute); err != nil {
		return err
	}
	return s.limit(r, key+":h", mailPerHour, time.Hour)
}

// mail renders a mail kind for the scheme in the caller's language.
func (s *Server) mail(r *request, sc *catalog.Scheme, kind, to, code string) (notify.Message, error) {
	link := ""
	if s.cfg != nil {
		link = s.cfg.PublicURL + "/" + sc.Slug
	}
	m, err := notify.Render(kind, notify.MailData{Lang: r.Lang, SchemeName: sc.Name, Colour: sc.Colour,
		Code: code, Link: link})
	if err != nil {
		return m, platter.Internal(err)
	}
	m.To = to
	if s.cfg != nil {
		m.From = fromWithName(sc.Name, s.cfg.MailFrom)
	}
	return m, nil
}

// fromWithName sends as the scheme ("Ember & Bun <no-reply@…>") from the
// configured address, so customers see the brand they signed up with.
func fromWithName(name, from string) string {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return from
	}
	return (&mail.Address{Name: name, Address: a.Address}).String()
}

// queued wakes the mail worker after a commit that queued mail.
func (s *Server) queued() {
	if s.mailQueued != nil {
		s.mailQueued()
	}
}
