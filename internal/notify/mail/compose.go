package mail

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"platter/internal/i18n"
)

// Composer writes a scheme's mail: texts from the i18n catalogue in the
// reader's language, links to the pages the texts name under PublicURL,
// the scheme's name as the sender's display name and its Reply-To.
type Composer struct {
	PublicURL string // PLATTER_PUBLIC_URL: every link is absolute under it
}

// catalogue is the i18n catalogue the mail texts come from (keys
// mail.<kind>.subject|heading|body|footer|button and the shared mail.*
// ones): one translation system for the API and mail. Loaded once.
var catalogue = sync.OnceValue(i18n.MustLoad)

// page is the absolute URL of a path of the app.
func (c Composer) page(path string, query url.Values) string {
	u := strings.TrimRight(c.PublicURL, "/") + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u
}

// asset is an absolute URL for a logo (a path is under PublicURL).
func (c Composer) asset(s string) string {
	if s == "" || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
		return s
	}
	return strings.TrimRight(c.PublicURL, "/") + s
}

// logo is the header's picture for brand b: the logo's absolute URL when
// it is a raster image (an uploaded logo is its 512 px PNG variant), or,
// for an SVG, no picture and the brand name's first letter as a monogram
// in the brand's colour. Gmail and Outlook do not show SVG in mail (a
// blank box or a broken-image icon); a coloured table cell with a letter
// shows everywhere, and rasterising on the server would need an SVG
// renderer the binary does not carry. The name is always beside it.
func (c Composer) logo(b Brand) (src, initial string) {
	p := b.LogoURL
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if p != "" && !strings.HasSuffix(strings.ToLower(p), ".svg") && !strings.HasSuffix(strings.ToLower(p), ".svgz") {
		return c.asset(b.LogoURL), ""
	}
	for _, r := range strings.TrimSpace(b.Name) {
		return "", strings.ToUpper(string(r))
	}
	return "", ""
}

// Compose renders an account mail (verify_code, reset_code,
// already_registered) for brand b in lang, to the address to (whose page
// the link opens with the address filled in); params fill the texts (the
// code's validity in minutes as "count").
func (c Composer) Compose(kind, lang string, b Brand, to, code string, params map[string]string) (Message, error) {
	paths := map[string]string{
		KindVerifyCode:        "/auth/verify",
		KindResetCode:         "/auth/resetPassword/verify",
		KindAlreadyRegistered: "/auth/sign-in",
	}
	path, ok := paths[kind]
	if !ok {
		return Message{}, fmt.Errorf("mail: no account mail %q", kind)
	}
	q := url.Values{}
	if to != "" {
		q.Set("email", to)
	}
	d := draft{kind: kind, lang: lang, brand: b, params: params, code: code,
		link: c.page("/"+url.PathEscape(b.Slug)+path, q)}
	return c.render(d)
}

// ComposeInvitation renders the staff invitation for brand b in lang: the
// role (and venue, when params has one) it invites to, and a link to the
// back office's invitation page carrying token.
func (c Composer) ComposeInvitation(lang string, b Brand, params map[string]string, token string) (Message, error) {
	cat := catalogue()
	p := map[string]string{"role": cat.T(lang, "team.role."+params["role"], nil), "where": "",
		i18n.CountParam: params[i18n.CountParam]}
	if v := params["venue"]; v != "" {
		p["where"] = cat.T(lang, "mail.staff_invitation.where", map[string]string{"venue": v})
	}
	d := draft{kind: KindStaffInvitation, lang: lang, brand: b, params: p,
		link: c.page("/"+url.PathEscape(b.Slug)+"/admin/invite/"+url.PathEscape(token), nil)}
	return c.render(d)
}

// ComposeOrder renders order mail kind (Kind*) about o for brand b in
// lang, at now (a promised time today is said without its date).
func (c Composer) ComposeOrder(kind, lang string, b Brand, o *Order, now time.Time) (Message, error) {
	found := false
	for _, k := range OrderKinds {
		found = found || k == kind
	}
	if !found {
		return Message{}, fmt.Errorf("mail: no order mail %q", kind)
	}
	d := draft{kind: kind, lang: lang, brand: b, order: o, now: now,
		link: c.page("/"+url.PathEscape(b.Slug)+"/"+url.PathEscape(o.VenueSlug)+"/order-details/"+
			strconv.FormatInt(o.ID, 10), nil)}
	return c.render(d)
}

// draft is one mail before it is written out.
type draft struct {
	kind, lang string
	brand      Brand
	params     map[string]string
	code       string
	link       string
	order      *Order
	now        time.Time
}
