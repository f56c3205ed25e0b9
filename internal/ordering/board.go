package ordering

// VenueWakeKey is the key under which the event hub wakes the streams that
// follow every order of a venue (the order board): the venue's id negated,
// so it never meets an order id (always positive) in the same hub.
func VenueWakeKey(venueID int64) int64 { return -venueID }

// VenueTicket is what a board stream ticket grants: the events of one
// venue's paid orders, to one user.
type VenueTicket struct {
	SchemeID int64
	UserID   int64
	VenueID  int64
}

// BoardStatuses are the statuses of orders the board shows whatever their
// age: still to be accepted, being prepared, ready or on the way.
var BoardStatuses = []Status{StatusPending, StatusAccepted, StatusReadyToCollect, StatusOnTheWay}
