package httpapi

import (
	"strconv"
	"time"
)

// Lookups that spend the operator's geocoder quota (Google bills each
// call; Nominatim's policy allows about one a second) or CPU: calls a
// minute per client (IP, or IPv6 /64) and, for a signed-in caller, per
// session. Typing an address suggests as the customer types, so search
// gets more room than the rest.
var lookupLimits = map[string]int{
	"address/find-address":         60,
	"address/find-address-detail":  20,
	"user/validate-contact-number": 20,
}

// limitLookup passes a lookup call through its per-client and per-session
// limits (1429 with Retry-After). Without an account store (no counters)
// nothing is limited.
func (s *Server) limitLookup(r *request, path string) error {
	max := lookupLimits[path]
	if s.accounts == nil || max == 0 {
		return nil
	}
	if err := s.limit(r, "lookup:"+path+":"+s.clientKey(r), max, time.Minute); err != nil {
		return err
	}
	if bearer(r) == "" {
		return nil
	}
	c, err := s.caller(r.Request)
	if err != nil {
		return nil // an invalid token is simply not a session; the IP limit holds
	}
	return s.limit(r, "lookup:"+path+":user:"+strconv.FormatInt(c.UserID, 10), max, time.Minute)
}
