package httpapi_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"platter/internal/account"
	"platter/internal/address"
	"platter/internal/store"
)

// permFixture holds one user of each kind and mints fresh tokens for them,
// so a call that signs out or deletes changes nothing for the next.
type permFixture struct {
	t   *testing.T
	db  *store.DB
	sup struct {
		order   int64  // the owner's paid order supports/insert names
		photo   string // the owner's photo's url
		request int64  // a request about that order, for admin/support/reply
		replies int    // the replies admin/support/reply wrote to it
	}
	e       *env
	clk     *clock
	schemes map[kind]int64
	users   map[kind]int64
	// ownerAddr is the owner's address that every other caller must not
	// see; lastFresh is the one the latest write call named.
	ownerAddr, lastFresh int64
	fries                int64 // an item of soho, for checkout bodies
	keys                 int   // idempotency keys handed out
	read                 int64 // the owner's paid order the read calls name (readOrder)
	latest               int64 // the order a list call's body made just before it
	lastInvite           int64 // the invitation a revoke call's body named
}

// checkout is a pickup basket at soho for tomorrow 13:00 London (the
// fixture's clock moves an hour per call, so ASAP could find it closed);
// key "" leaves the idempotency key out (a quote).
func (f *permFixture) checkout(key string) map[string]any {
	if f.fries == 0 {
		for _, it := range f.e.call("menu/list", filter("business_slug", "demo-burgers", "venue_slug", "soho")).
			data(f.t)["items"].([]any) {
			if m := it.(map[string]any); m["title"] == "Cheesy Fries" {
				f.fries = int64(num(m["id"]))
			}
		}
	}
	london, _ := time.LoadLocation("Europe/London")
	day := f.clk.Now().In(london).AddDate(0, 0, 1)
	at := time.Date(day.Year(), day.Month(), day.Day(), 13, 0, 0, 0, london)
	d := map[string]any{"business_slug": "demo-burgers", "venue_slug": "soho", "order_type": 1, "is_asap": false,
		"preorder_for": at.Format(time.RFC3339), "user_email": "ann@example.test",
		"items": []any{map[string]any{"item_id": f.fries, "qty": 1}}}
	if key != "" {
		d["idempotency_key"] = key
	}
	return map[string]any{"data": d}
}

// freshOrder prepares a new order of the owner for one payment call.
func (f *permFixture) freshOrder() int64 {
	f.keys++
	res := f.e.call("orders/prepare", f.checkout(fmt.Sprintf("perm-order-%04d", f.keys)), f.auth(owner)...)
	return int64(num(res.data(f.t)["order"].(map[string]any)["id"]))
}

func newPermFixture(t *testing.T, db *store.DB) *permFixture {
	return newPermFixtureWith(t, db, options{})
}

// newPermFixtureWith is newPermFixture with server options (its clock is
// the fixture's).
func newPermFixtureWith(t *testing.T, db *store.DB, o options) *permFixture {
	clk := &clock{t: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)}
	o.now = clk.Now
	f := &permFixture{t: t, db: db, clk: clk, e: start(t, db, o),
		schemes: map[kind]int64{}, users: map[kind]int64{}}
	ctx := context.Background()
	burgersID, pierogiID := f.schemeID("demo-burgers"), f.schemeID("demo-pierogi")
	for k, email := range map[kind]string{owner: "ann@example.test", neighbour: "bob@example.test"} {
		f.users[k], f.schemes[k] = f.customer("demo-burgers", email), burgersID
	}
	f.users[foreigner], f.schemes[foreigner] = f.customer("demo-pierogi", "ann@example.test"), pierogiID
	staff := map[kind]store.PlatformUser{
		venueStaf: {Email: "soho@demo.test", Role: account.RoleStaff, VenueSlug: "soho"},
		otherStaf: {Email: "shoreditch@demo.test", Role: account.RoleStaff, VenueSlug: "shoreditch"},
		manager:   {Email: "boss@demo.test", Role: account.RoleManager},
		driver:    {Email: "wheels@demo.test", Role: account.RoleDriver},
		admin:     {Email: "root@demo.test", Role: account.RoleAdmin},
	}
	for k, p := range staff {
		p.SchemeSlug = "demo-burgers"
		f.users[k], f.schemes[k] = f.platformUser(p), burgersID
	}
	f.users[boss2] = f.platformUser(store.PlatformUser{Email: "szef@demo.test", Role: account.RoleManager,
		SchemeSlug: "demo-pierogi"})
	f.schemes[boss2] = pierogiID
	f.schemes[guest] = burgersID
	saved, err := db.SaveAddress(ctx, address.Address{UserID: f.users[owner], SchemeID: burgersID, Name: "Home",
		Line1: "10 Greek Street", City: "London", Postcode: "W1D 4DH", Country: "GB"}, clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	f.ownerAddr = saved.ID
	return f
}

func (f *permFixture) schemeID(slug string) int64 {
	sc, err := f.db.SchemeBySlug(context.Background(), slug)
	if err != nil {
		f.t.Fatal(err)
	}
	return sc.ID
}

// customer signs a customer up and in through the API and returns its id.
func (f *permFixture) customer(slug, email string) int64 {
	auth := signIn(f.t, f.e, slug, email)
	return int64(num(f.e.call("user/info", nil, auth...).data(f.t)["id"]))
}

// platformUser adds a member of a scheme (never signed in by password
// here: its tokens are minted) and returns its id.
func (f *permFixture) platformUser(p store.PlatformUser) int64 {
	ctx := context.Background()
	p.PasswordHash = "not-a-hash"
	if _, err := f.db.UpsertPlatformUser(ctx, p, f.clk.Now()); err != nil {
		f.t.Fatal(err)
	}
	us, err := f.db.SignInCandidates(ctx, f.schemeID(p.SchemeSlug), p.Email)
	if err != nil || len(us) != 1 {
		f.t.Fatalf("platform user %s: %v %v", p.Email, us, err)
	}
	return us[0].ID
}

// auth mints a fresh token for a kind of caller.
func (f *permFixture) auth(k kind) []string {
	ctx := context.Background()
	tok, hash := account.NewToken()
	switch k {
	case noToken:
		return nil
	case guest:
		u, err := f.db.CreateGuest(ctx, f.schemes[guest], hash, f.clk.Now())
		if err != nil {
			f.t.Fatal(err)
		}
		f.users[guest] = u.ID
	default:
		if err := f.db.CreateSession(ctx, f.users[k], f.schemes[k], hash, f.clk.Now()); err != nil {
			f.t.Fatal(err)
		}
	}
	return []string{"Authorization", "Bearer " + tok}
}

// freshAddress saves a new address of the owner for one write call.
func (f *permFixture) freshAddress() int64 {
	a, err := f.db.SaveAddress(context.Background(), address.Address{UserID: f.users[owner],
		SchemeID: f.schemes[owner], Name: "Fresh", Line1: "1 Dean Street", City: "London",
		Postcode: "W1D 3RB", Country: "GB"}, f.clk.Now())
	if err != nil {
		f.t.Fatal(err)
	}
	f.lastFresh = a.ID
	return a.ID
}

// ownerAddrIntact fails when a refused call changed or removed the owner's
// address it named.
func (f *permFixture) ownerAddrIntact(path string, k kind) {
	f.t.Helper()
	list, err := f.db.Addresses(context.Background(), f.users[owner], f.schemes[owner])
	if err != nil {
		f.t.Fatal(err)
	}
	names := map[int64]string{}
	for _, a := range list {
		names[a.ID] = a.Name
	}
	if names[f.ownerAddr] != "Home" {
		f.t.Errorf("%s as %s: the owner's address became %q", path, k, names[f.ownerAddr])
	}
	if f.lastFresh != 0 && names[f.lastFresh] != "Fresh" {
		f.t.Errorf("%s as %s: the owner's address it named became %q", path, k, names[f.lastFresh])
	}
}

// photoReaders: a photo is its uploader's and the scheme's staff's.
func photoReaders() map[kind]outcome {
	w := ownOnly()
	w[venueStaf], w[manager], w[admin] = okay, okay, okay
	return w
}

// supportOrder is the owner's paid order (made once).
func (f *permFixture) supportOrder() int64 {
	if f.sup.order == 0 {
		id := f.freshOrder()
		confirm(f.e, f.auth(owner), id, card("4242424242424242")).data(f.t)
		f.sup.order = id
	}
	return f.sup.order
}

// ownerPhoto is the url of the owner's photo (uploaded once), attached to
// a support request about the owner's order at soho: soho's staff may see
// it, shoreditch's may not.
func (f *permFixture) ownerPhoto() string {
	if f.sup.photo == "" {
		up := f.e.upload("p.jpg", "image/jpeg", photoJPEG(f.t, 8, 8, 0), f.auth(owner)...).data(f.t)
		f.e.call("supports/insert", data("order_id", f.supportOrder(), "kind", "quality_concern",
			"description", "Cold", "photo_ids", []any{up["id"]}), f.auth(owner)...).data(f.t)
		f.sup.photo = up["url"].(string)
	}
	return f.sup.photo
}
