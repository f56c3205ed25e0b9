package httpapi_test

import (
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"platter/internal/store"
	"platter/internal/store/storetest"
)

// kind is a kind of caller the permission test plays.
type kind string

const (
	noToken   kind = "no token"
	guest     kind = "guest"
	owner     kind = "customer"            // owns the data the calls name
	neighbour kind = "other customer"      // same scheme, not the owner
	foreigner kind = "another scheme"      // a customer of demo-pierogi
	venueStaf kind = "staff of soho"       // staff membership of one venue
	otherStaf kind = "staff of shoreditch" // staff of the scheme's other venue
	manager   kind = "manager"             // scheme-wide manager
	driver    kind = "driver"              // scheme-wide driver
	admin     kind = "platform admin"      // scheme-wide admin
	boss2     kind = "manager of another scheme"
)

var kinds = []kind{noToken, guest, owner, neighbour, foreigner, venueStaf, otherStaf, manager, driver, admin, boss2}

// outcome is the status and API code a caller gets (code 0: success).
type outcome struct{ status, code int }

var (
	okay      = outcome{200, 0}
	signIn401 = outcome{401, 1401}
	refused   = outcome{403, 1403}
	notFound  = outcome{404, 1404}
)

// permCase is what the test expects of one route: its row in the table
// ("access/scope"), a body (built per call, so a call may get fresh data),
// the outcome per kind of caller (nil: public, the same for everyone,
// whatever the token) and a check of a successful answer.
type permCase struct {
	perm  string
	body  func(f *permFixture) any
	want  map[kind]outcome
	check func(t *testing.T, f *permFixture, k kind, res *response)
	// guestSays is the message of a guest's 1403, when the route has its own.
	guestSays string
	// send makes the call instead of an envelope POST of body (a raw
	// route: a multipart upload, a GET).
	send func(f *permFixture, auth []string) *response
	// intact checks that a refused call changed nothing it named.
	intact func(t *testing.T, f *permFixture, k kind)
}

// session is for routes any session of the scheme may call.
func session(own outcome) map[kind]outcome {
	return map[kind]outcome{noToken: signIn401, foreigner: signIn401, boss2: signIn401, guest: okay, owner: okay,
		neighbour: own, venueStaf: own, otherStaf: own, manager: own, driver: own, admin: own}
}

// customerOnly is session, with guests refused.
func customerOnly(own outcome) map[kind]outcome {
	w := session(own)
	w[guest] = refused
	return w
}

// ownOnly is for a record of the owner that everyone else is told does
// not exist, guests included.
func ownOnly() map[kind]outcome {
	w := session(notFound)
	w[guest] = notFound
	return w
}

// boardStaff is for the routes of venue staff, managers and admins, called
// about soho: staff of shoreditch are refused.
func boardStaff() map[kind]outcome {
	return map[kind]outcome{noToken: signIn401, foreigner: signIn401, boss2: signIn401, guest: refused, owner: refused,
		neighbour: refused, driver: refused, venueStaf: okay, otherStaf: refused, manager: okay, admin: okay}
}

// managerOnly is for the routes of the scheme's managers and admins: the
// back office beyond the board (team, outbox).
func managerOnly() map[kind]outcome {
	w := boardStaff()
	w[venueStaf] = refused
	return w
}

func burgers(kv ...any) func(*permFixture) any {
	return func(*permFixture) any { return filter(append([]any{"business_slug", "demo-burgers"}, kv...)...) }
}

func writes(kv ...any) func(*permFixture) any {
	return func(*permFixture) any { return data(kv...) }
}

// permCases has one case per served route; TestRoutePermissions fails when
// the server serves a path missing here (or the other way round).
var permCases = map[string]permCase{
	"general/shake-hand":           {perm: "anyone/none", body: burgers()},
	"general/schemes":              {perm: "anyone/none", body: burgers()},
	"venue/info":                   {perm: "anyone/none", body: burgers()},
	"menu/list":                    {perm: "anyone/none", body: burgers("venue_slug", "soho", "order_type", 1)},
	"stores/deliverable":           {perm: "anyone/none", body: burgers("lat", 51.51, "lng", -0.13)},
	"venue/slots":                  {perm: "anyone/none", body: burgers("venue_slug", "soho", "order_type", 1)},
	"user/validate-contact-number": {perm: "anyone/none", body: burgers("contact_number", "+447911123456")},
	"address/find-address":         {perm: "anyone/none", body: burgers("query", "Greek Street")},
	"address/find-address-detail":  {perm: "anyone/none", body: burgers("place_id", "nowhere")},
	"auth/signup":                  {perm: "anyone/none", body: func(*permFixture) any { return signUpBody("demo-burgers", "new@example.test") }},
	"auth/verify": {perm: "anyone/none",
		body: writes("business_slug", "demo-burgers", "email", "nobody@example.test", "code", "123456")},
	"auth/resend-confirmation": {perm: "anyone/none",
		body: writes("business_slug", "demo-burgers", "email", "nobody@example.test")},
	"auth/signin": {perm: "anyone/none",
		body: writes("business_slug", "demo-burgers", "email", "ann@example.test", "password", "Wrong-pass-1")},
	"auth/forgotten-password": {perm: "anyone/none",
		body: writes("business_slug", "demo-burgers", "email", "nobody@example.test")},
	"auth/reset-password": {perm: "anyone/none", body: writes("business_slug", "demo-burgers",
		"email", "nobody@example.test", "code", "123456", "password", "Sesame-open-1")},
	"auth/guest":   {perm: "anyone/none", body: writes("business_slug", "demo-burgers")},
	"auth/signout": {perm: "anyone/none", body: writes()},

	"user/info": {perm: "session/own", body: burgers(), want: session(okay),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if id := int64(num(res.data(t)["id"])); id != f.users[k] {
				t.Errorf("user/info of %s answered user %d, want %d", k, id, f.users[k])
			}
		}},
	"address/list": {perm: "session/own", body: burgers(), want: session(okay),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			ids := map[int64]bool{}
			for _, a := range res.Body["data"].([]any) {
				ids[int64(num(a.(map[string]any)["id"]))] = true
			}
			if ids[f.ownerAddr] != (k == owner) {
				t.Errorf("%s: the owner's address %d listed: %v", k, f.ownerAddr, ids[f.ownerAddr])
			}
		}},
	"address/upsert": {perm: "customer/own", want: customerOnly(notFound), guestSays: "Sign in to save addresses.",
		body: func(f *permFixture) any {
			return upsertData("id", f.freshAddress(), "business_slug", "demo-burgers", "name", "Taken")
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if res.data(t)["name"] != "Taken" {
				t.Errorf("%s: upsert answered %s", k, res.Raw)
			}
		}},
	"address/delete": {perm: "customer/own", want: customerOnly(notFound), guestSays: "Sign in to save addresses.",
		body: func(f *permFixture) any { return data("id", f.freshAddress(), "business_slug", "demo-burgers") }},

	"tipping/get": {perm: "anyone/none", body: burgers("venue_slug", "soho")},
	"user/offers": {perm: "session/own", body: burgers(), want: session(okay)},
	"orders/quote": {perm: "session/own", want: session(okay),
		body: func(f *permFixture) any { return f.checkout("") }},
	"orders/prepare": {perm: "session/own", want: session(okay),
		body: func(f *permFixture) any { f.keys++; return f.checkout(fmt.Sprintf("perm-key-%04d", f.keys)) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if o := res.data(t)["order"].(map[string]any); o["status"] != "pending" {
				t.Errorf("%s: prepare answered %s", k, res.Raw)
			}
		}},
	// Only the owner may pay the owner's order; to anyone else it does not exist.
	"payments/confirm": {perm: "session/own", want: ownOnly(),
		body: func(f *permFixture) any {
			return data("business_slug", "demo-burgers", "order_id", f.freshOrder(), "card", map[string]any{"number": "4242424242424242",
				"exp_month": 12, "exp_year": 2030, "cvc": "123"})
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if res.data(t)["payment_status"] != "paid" {
				t.Errorf("%s: confirm answered %s", k, res.Raw)
			}
		}},

	"payments/webhook/stripe": {perm: "anyone/none", body: writes()},

	// After checkout: the owner's order, read by its customer and the staff
	// of its venue; nobody else knows it exists.
	"orders/get": {perm: "session/own", want: orderReaders(),
		body:  func(f *permFixture) any { return filter("business_slug", "demo-burgers", "id", f.readOrder()) },
		check: wantOrder("id", func(f *permFixture) int64 { return f.readOrder() })},
	"orders/stream-ticket": {perm: "session/own", want: orderReaders(),
		body: func(f *permFixture) any { return data("business_slug", "demo-burgers", "id", f.readOrder()) }},
	"orders/stream": {perm: "anyone/none", body: burgers()},
	"orders/cancel": {perm: "session/own", want: ownOnly(),
		body:  func(f *permFixture) any { return data("business_slug", "demo-burgers", "id", f.paidOrder(1)) },
		check: wantOrder("status", nil)},
	"orders/list": {perm: "customer/own", want: customerOnly(okay), guestSays: "Sign in to see your orders.",
		body: func(f *permFixture) any { f.latest = f.paidOrder(1); return burgers()(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if listed := listsOrder(res, f.latest); listed != (k == owner) {
				t.Errorf("%s: the owner's order listed: %v", k, listed)
			}
		}},
	"admin/orders/list": {perm: "staff/venue", want: boardStaff(),
		body: func(f *permFixture) any { f.latest = f.paidOrder(1); return burgers("venue_slug", "soho")(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if !listsOrder(res, f.latest) {
				t.Errorf("%s does not see soho's paid order", k)
			}
		}},
	"admin/orders/board": {perm: "staff/venue", want: boardStaff(),
		body: func(f *permFixture) any { f.latest = f.paidOrder(1); return burgers("venue_slug", "soho")(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if !listsOrder(res, f.latest) {
				t.Errorf("%s does not see soho's paid order on the board", k)
			}
		}},
	"admin/orders/stream-ticket": {perm: "staff/venue", want: boardStaff(),
		body: writes("business_slug", "demo-burgers", "venue_slug", "soho")},
	"admin/orders/stream": {perm: "anyone/none", body: burgers()},
	// The order names no venue: staff of another venue are told it does
	// not exist (the handler's reach), as for any order beyond it.
	"admin/orders/transition": {perm: "staff/venue", want: withKind(boardStaff(), otherStaf, notFound),
		body: func(f *permFixture) any {
			return data("business_slug", "demo-burgers", "order_id", f.paidOrder(1), "status", "accepted", "eta_minutes", 20)
		},
		check: wantOrder("status", nil)},
	// Named by no venue: staff of shoreditch search their own venue's
	// orders and do not find soho's.
	"admin/orders/search": {perm: "staff/venue", want: withKind(boardStaff(), otherStaf, okay),
		body: func(f *permFixture) any { f.latest = f.paidOrder(1); return burgers("query", "Ann@Example.test")(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if listed := listsOrder(res, f.latest); listed != (k != otherStaf) {
				t.Errorf("%s: soho's order listed: %v", k, listed)
			}
		}},
	// An order beyond reach is not found, as for transition.
	"admin/orders/refund": {perm: "staff/venue", want: withKind(boardStaff(), otherStaf, notFound),
		body: func(f *permFixture) any {
			f.latest = f.acceptedOrder()
			return data("business_slug", "demo-burgers", "order_id", f.latest, "amount", 100, "reason", "Cold chips")
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if d := res.data(t); d["status"] != "done" || num(d["amount"]) != 100 {
				t.Errorf("%s: refund %v", k, d)
			}
		},
		intact: func(t *testing.T, f *permFixture, k kind) {
			if n := count(t, f.db, "SELECT COUNT(*) FROM refunds WHERE order_id = ?", f.latest); n != 0 {
				t.Errorf("%s made %d refunds", k, n)
			}
		}},
	"driver/location": {perm: "driver/own", want: driverOnly(),
		body: func(f *permFixture) any {
			return data("business_slug", "demo-burgers", "order_id", f.onTheWay(), "lat", 51.514, "lng", -0.132)
		}},
	"driver/orders/wait": {perm: "driver/own", want: driverOnly(),
		body: func(f *permFixture) any {
			return map[string]any{"filter": map[string]any{"business_slug": "demo-burgers"}}
		},
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if res.data(t)["changed"] != true {
				t.Errorf("a first wait answers at once: %s", res.Raw)
			}
		}},
	"driver/orders/list": {perm: "driver/own", want: driverOnly(),
		body: func(f *permFixture) any { f.latest = f.onTheWay(); return burgers()(f) },
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			if !listsOrder(res, f.latest) {
				t.Errorf("the driver does not see the order assigned to them")
			}
		}},

	// Support: a request about the owner's paid order; a photo to its
	// uploader and the scheme's staff, to nobody else.
	"supports/insert": {perm: "session/own", want: ownOnly(),
		body: func(f *permFixture) any {
			return data("business_slug", "demo-burgers", "order_id", f.supportOrder(), "kind", "wrong_order",
				"description", "Not mine")
		}},
	"upload": {perm: "session/own", want: session(okay),
		send: func(f *permFixture, auth []string) *response {
			return f.e.uploadTo("/api/v3/upload?business_slug=demo-burgers", "p.jpg", "image/jpeg", photoJPEG(f.t, 8, 8, 0), auth...)
		}},
	// A back-office picture is the storefront's: anyone fetches it.
	"media/{scheme}/{file}": {perm: "anyone/none",
		send: func(f *permFixture, auth []string) *response {
			return f.e.media("/api/v3/media/demo-burgers/1-320.jpg")
		}},
	"upload/photo": {perm: "session/own", want: photoReaders(),
		send: func(f *permFixture, auth []string) *response {
			return f.e.photo(f.ownerPhoto()+"&business_slug=demo-burgers", auth...)
		}},

	"admin/venues/list": {perm: "staff/venue", body: burgers(), want: withKind(boardStaff(), otherStaf, okay),
		check: func(t *testing.T, f *permFixture, k kind, res *response) {
			want := []string{"soho", "shoreditch"}
			switch k {
			case venueStaf:
				want = []string{"soho"}
			case otherStaf:
				want = []string{"shoreditch"}
			}
			if got := venueSlugs(t, res); !slices.Equal(got, want) {
				t.Errorf("%s sees venues %v, want %v", k, got, want)
			}
		}},
}

// withKind is w with one kind's outcome changed.
func withKind(w map[kind]outcome, k kind, o outcome) map[kind]outcome {
	w[k] = o
	return w
}

func venueSlugs(t *testing.T, res *response) []string {
	t.Helper()
	var out []string
	for _, v := range res.Body["data"].([]any) {
		out = append(out, v.(map[string]any)["venue_slug"].(string))
	}
	return out
}

// TestRoutePermissions calls every route the server serves as every kind
// of caller, on SQLite and PostgreSQL, and holds each to its expected
// outcome: public routes answer everyone alike whatever the token, token
// routes refuse what their row refuses, and nobody reaches another's data.
func TestRoutePermissions(t *testing.T) {
	t.Parallel()
	storetest.RunParallel(t, func(t *testing.T, db *store.DB) {
		f := newPermFixture(t, db)
		served := f.e.api.Permissions()
		if got, want := slices.Sorted(maps.Keys(served)), slices.Sorted(maps.Keys(permCases)); !slices.Equal(got, want) {
			t.Fatalf("served routes and permission cases differ:\nserved %v\ncases  %v", got, want)
		}
		for _, path := range f.e.api.Routes() {
			pc := permCases[path]
			if served[path] != pc.perm {
				t.Errorf("%s is %q in the route table, the test expects %q", path, served[path], pc.perm)
			}
			for _, k := range kinds {
				if _, ok := pc.want[k]; pc.want != nil && !ok {
					t.Errorf("%s: the matrix has no expectation for %s", path, k)
				}
			}
			var first *response
			for _, k := range kinds {
				f.clk.Add(time.Hour) // past every rate-limit window: the token alone differs
				f.lastFresh = 0
				var res *response
				if pc.send != nil {
					res = pc.send(f, f.auth(k))
				} else {
					res = f.e.call(path, pc.body(f), f.auth(k)...)
				}
				switch {
				case pc.want == nil && first == nil:
					first = res
				case pc.want == nil:
					if got, want := outcomeOf(res), outcomeOf(first); got != want {
						t.Errorf("%s as %s: %v, but %v with no token: a public route must not look at tokens",
							path, k, got, want)
					}
				case outcomeOf(res) != pc.want[k]:
					t.Errorf("%s as %s: got %v (%s), want %v", path, k, outcomeOf(res), res.Raw, pc.want[k])
				case res.Status == 200 && pc.check != nil:
					pc.check(t, f, k, res)
				case k == guest && pc.guestSays != "" && res.Body["message"] != pc.guestSays:
					t.Errorf("%s as a guest says %q, want %q", path, res.Body["message"], pc.guestSays)
				}
				if res.Status != 200 {
					f.ownerAddrIntact(path, k)
					if pc.intact != nil {
						pc.intact(t, f, k)
					}
				}
			}
		}
	})
}

func outcomeOf(r *response) outcome {
	if r.Status == 200 {
		return okay
	}
	return outcome{r.Status, int(num(r.Body["code"]))}
}
