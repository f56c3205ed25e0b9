package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/store"
	"platter/internal/store/storetest"
	"platter/internal/support"
)

// TestSupportInbox: staff see the requests of their venues' orders newest
// first (a manager all of the scheme; another venue's staff and another
// scheme none), filter them by status, reply and move them open →
// in_progress → resolved and back; each reply joins the conversation the
// order page shows, leaves an audit row and mails the customer, a status
// change alone mails nothing, and a reply out of reach writes nothing.
func TestSupportInbox(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		db.SetOrderMail(mail.Composer{PublicURL: "https://order.example.test"})
		schemeID := mustImport(t, db, mustParse(t, 0)).SchemeID
		now := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
		o1, o2 := paidOrder(t, db, schemeID, "inbox-1"), paidOrder(t, db, schemeID, "inbox-2")
		photo := savePhoto(t, db, schemeID, o1.UserID, now)
		ask := func(o *ordering.Order, desc string, photos ...int64) *support.Request {
			r, err := db.InsertSupportRequest(ctx, support.Request{SchemeID: schemeID, UserID: o.UserID, OrderID: o.ID,
				Kind: "quality_concern", Description: desc, PhotoIDs: photos}, nil, now)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		r1, r2 := ask(o1, "Cold fries", photo), ask(o2, "Missing drink")
		drainMail(t, db, now) // the two "we received it" mails

		everyone := ordering.Reach{SchemeWide: true}
		venue := ordering.Reach{VenueIDs: []int64{o1.VenueID}}
		elsewhere := ordering.Reach{VenueIDs: []int64{o1.VenueID + 1000}}
		list, total, err := db.SupportInbox(ctx, schemeID, everyone, "", 1, 20)
		if err != nil || total != 2 || len(list) != 2 || list[0].ID != r2.ID || list[1].ID != r1.ID {
			t.Fatalf("inbox: %+v total %d %v", list, total, err)
		}
		if got := list[1]; len(got.PhotoIDs) != 1 || got.PhotoIDs[0] != photo || got.OrderNumber != o1.Number ||
			got.VenueName == "" || got.Status != support.StatusOpen || len(got.Messages) != 0 {
			t.Errorf("request in the inbox: %+v", got)
		}
		if list, total, _ := db.SupportInbox(ctx, schemeID, venue, "", 1, 20); total != 2 || len(list) != 2 {
			t.Errorf("the venue's staff see %d requests, want 2", total)
		}
		if list, total, _ := db.SupportInbox(ctx, schemeID, elsewhere, "", 1, 20); total != 0 || len(list) != 0 {
			t.Errorf("another venue's staff see %+v", list)
		}
		if list, total, _ := db.SupportInbox(ctx, schemeID+1, everyone, "", 1, 20); total != 0 || len(list) != 0 {
			t.Errorf("another scheme sees %+v", list)
		}
		if list, total, _ := db.SupportInbox(ctx, schemeID, everyone, "", 2, 1); total != 2 || len(list) != 1 || list[0].ID != r1.ID {
			t.Errorf("page 2 of 1: %+v", list)
		}

		a := store.Audit{ActorUserID: o2.UserID, ActorEmail: "staff@example.com"}
		reply := func(reach ordering.Reach, id int64, msg, status string) (*support.Request, error) {
			return db.ReplySupport(ctx, support.Reply{SchemeID: schemeID, SupportID: id, AuthorID: o2.UserID,
				Message: msg, Status: status}, reach, a, now)
		}
		if _, err := reply(elsewhere, r1.ID, "Not mine", support.StatusResolved); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Fatalf("reply by another venue's staff: %v", err)
		}
		if _, err := db.ReplySupport(ctx, support.Reply{SchemeID: schemeID + 1, SupportID: r1.ID, Message: "x"},
			everyone, a, now); platter.ErrorCode(err) != platter.CodeNotFound {
			t.Fatalf("reply from another scheme: %v", err)
		}
		got, err := reply(venue, r1.ID, "So sorry!\nA refund is on its way.", support.StatusInProgress)
		if err != nil || got.Status != support.StatusInProgress || len(got.Messages) != 1 ||
			got.Messages[0].Body != "So sorry!\nA refund is on its way." || got.Messages[0].Status != support.StatusInProgress ||
			len(got.PhotoIDs) != 1 {
			t.Fatalf("reply: %+v %v", got, err)
		}
		sent := drainMail(t, db, now)
		if len(sent) != 1 || sent[0].Kind != store.MailSupportReply || sent[0].Message.To != o1.Email ||
			!strings.Contains(sent[0].Message.Text, "> A refund is on its way.") ||
			!strings.Contains(sent[0].Message.Text, "In progress") {
			t.Fatalf("mail queued: %+v", sent)
		}
		// A status change alone: in the conversation, no mail; the same
		// status again with nothing to say writes nothing.
		if got, err = reply(everyone, r1.ID, "", support.StatusResolved); err != nil || got.Status != support.StatusResolved ||
			len(got.Messages) != 2 || got.Messages[1].Body != "" || got.Messages[1].Status != support.StatusResolved {
			t.Fatalf("resolve: %+v %v", got, err)
		}
		if got, err = reply(everyone, r1.ID, "", support.StatusResolved); err != nil || len(got.Messages) != 2 {
			t.Fatalf("resolve again: %+v %v", got, err)
		}
		if sent := drainMail(t, db, now); len(sent) != 0 {
			t.Errorf("a status change alone mailed %+v", sent)
		}
		if list, total, _ := db.SupportInbox(ctx, schemeID, everyone, support.StatusResolved, 1, 20); total != 1 || list[0].ID != r1.ID {
			t.Errorf("resolved: %+v", list)
		}
		if list, total, _ := db.SupportInbox(ctx, schemeID, everyone, support.StatusOpen, 1, 20); total != 1 || list[0].ID != r2.ID {
			t.Errorf("open: %+v", list)
		}
		// Reopening is allowed: the customer wrote back.
		if got, err = reply(everyone, r1.ID, "", support.StatusOpen); err != nil || got.Status != support.StatusOpen {
			t.Fatalf("reopen: %+v %v", got, err)
		}
		page, err := db.SupportRequestsOfOrder(ctx, schemeID, o1.ID)
		if err != nil || len(page) != 1 || len(page[0].Messages) != 3 || page[0].Status != support.StatusOpen {
			t.Fatalf("the order page's requests: %+v %v", page, err)
		}
		if other, _ := db.SupportRequestsOfOrder(ctx, schemeID, o2.ID); len(other) != 1 || len(other[0].Messages) != 0 {
			t.Errorf("the other order's request took a reply: %+v", other)
		}
		entries, n, err := db.AuditLog(ctx, schemeID, store.AuditFilter{Action: "support", Page: 1})
		if err != nil || n != 3 || entries[0].Target != "support:"+itoa(r1.ID) {
			t.Errorf("audit rows: %d %+v %v", n, entries, err)
		}
	})
}

// drainMail claims every mail queued at now.
func drainMail(t *testing.T, db *store.DB, now time.Time) []mail.Queued {
	t.Helper()
	got, err := db.ClaimMail(context.Background(), now.Add(time.Hour), time.Hour, 100)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
