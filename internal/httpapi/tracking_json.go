package httpapi

import (
	"strconv"
	"strings"
	"time"

	"platter/internal/ordering"
)

// detailJSON is the order detail of docs/architecture.md §4: the order as checkout
// returns it, plus what follows it after checkout.
type detailJSON struct {
	orderJSON
	Label           string          `json:"label"`
	History         []historyJSON   `json:"history"`
	ExpectedAt      *time.Time      `json:"expected_at"`
	ReadyAt         *time.Time      `json:"ready_at"`
	Venue           venueRefJSON    `json:"venue"`
	Driver          *driverJSON     `json:"driver"`
	Stamps          orderStampsJSON `json:"stamps"`
	Savings         int64           `json:"savings"`
	SupportRequests []any           `json:"support_requests"`
	Progress        []progressJSON  `json:"progress"`
}

type historyJSON struct {
	Status        ordering.Status `json:"status"`
	PaymentStatus string          `json:"payment_status"`
	// Reason is why the step was taken, as its taker gave it (staff's words
	// for a rejection, the system's note); By says who took it, so a client
	// shows staff's words and its own for the system's.
	Reason string    `json:"reason"`
	By     string    `json:"by"`
	At     time.Time `json:"at"`
}

// stepBy is who took a step, from its event's actor ("staff:7",
// "customer:12", "system", "provider"): the customer, the venue (its staff,
// manager or driver, or a platform admin) or the system.
func stepBy(actor string) string {
	role, _, _ := strings.Cut(actor, ":")
	switch role {
	case ordering.ActorCustomer:
		return "customer"
	case ordering.ActorStaff, ordering.ActorManager, ordering.ActorDriver, "admin":
		return "venue"
	}
	return "system"
}

type venueRefJSON struct {
	ID   int64  `json:"id"`
	Slug string `json:"venue_slug"`
	Name string `json:"name"`
}

type driverJSON struct {
	ID        int64      `json:"id"` // the board shows whom it assigned
	Name      string     `json:"name"`
	Lat       *float64   `json:"lat"`
	Lng       *float64   `json:"lng"`
	UpdatedAt *time.Time `json:"updated_at"`
}

type orderStampsJSON struct {
	Earned int64 `json:"earned"`
}

// progressJSON is one step of the order type's path, for a progress bar.
type progressJSON struct {
	Status ordering.Status `json:"status"`
	Done   bool            `json:"done"`
}

func toDetailJSON(d *ordering.Detail) detailJSON {
	out := detailJSON{orderJSON: toOrderJSON(&d.Order, d.VenueSlug), Label: lifecycleLabel(d.Status),
		History: []historyJSON{}, ExpectedAt: d.ExpectedAt, ReadyAt: d.ReadyAt,
		Venue:  venueRefJSON{ID: d.VenueID, Slug: d.VenueSlug, Name: d.VenueName},
		Stamps: orderStampsJSON{Earned: d.Pricing.StampsEarned}, Savings: d.Pricing.Discount,
		SupportRequests: []any{}, Progress: progressOf(d)}
	if out.ExpectedAt == nil && d.PreorderFor != nil {
		out.ExpectedAt = d.PreorderFor
	}
	for _, e := range d.History {
		out.History = append(out.History, historyJSON{Status: e.Status, PaymentStatus: e.PaymentStatus, Reason: e.Reason,
			By: stepBy(e.Actor), At: e.At})
	}
	if d.Driver != nil {
		out.Driver = &driverJSON{ID: d.Driver.DriverID, Name: d.Driver.Name}
		if !d.Driver.UpdatedAt.IsZero() {
			lat, lng, at := d.Driver.Lat, d.Driver.Lng, d.Driver.UpdatedAt
			out.Driver.Lat, out.Driver.Lng, out.Driver.UpdatedAt = &lat, &lng, &at
		}
	}
	return out
}

func toDetailsJSON(list []ordering.Detail) []detailJSON {
	out := make([]detailJSON, 0, len(list))
	for i := range list {
		out = append(out, toDetailJSON(&list[i]))
	}
	return out
}

func idText(n int64) string { return strconv.FormatInt(n, 10) }

func lifecycleLabel(status ordering.Status) string { return ordering.Label(status) }

// progressOf marks the steps of the order type's path the order has
// reached; a rejected or cancelled order has reached only what its
// history shows.
func progressOf(d *ordering.Detail) []progressJSON {
	reached := map[ordering.Status]bool{d.Status: true}
	for _, e := range d.History {
		reached[e.Status] = true
	}
	path := ordering.Path(d.OrderType)
	out := make([]progressJSON, 0, len(path))
	for _, st := range path {
		out = append(out, progressJSON{Status: st, Done: reached[st]})
	}
	return out
}
