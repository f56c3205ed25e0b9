// Package notify tells the parts of Platter that something happened: the
// Hub wakes the event streams of an order or a board after a commit. Mail
// lives below it: platter/internal/notify/mail holds the messages and their
// templates (what the account service and the store import to queue mail),
// platter/internal/notify/mailer the SMTP sender and the outbox worker that
// deliver them.
package notify
