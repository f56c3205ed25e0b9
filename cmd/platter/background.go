package main

import (
	"context"
	"log/slog"
	"net/url"
	"time"

	"platter/internal/config"
	"platter/internal/jobs"
	"platter/internal/notify"
	"platter/internal/notify/mailer"
	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/store"
	hooksender "platter/internal/webhooks/sender"
)

// newPayments builds the configured payment provider, once: the order
// path (ordering.Service) the API and the jobs share is built over it.
func newPayments(cfg *config.Config) payments.Provider {
	if cfg.Payments == "stripe" {
		return payments.NewStripe(cfg.StripeSecretKey, cfg.StripeAPIBase, cfg.StripeWebhookSecret)
	}
	return payments.Sandbox{}
}

// background is the work of one `platter serve` beside its HTTP server.
type background struct {
	hub  *notify.Hub // wakes the event streams
	mail func()      // wakes the mail job after a commit that queued mail
	jobs *jobs.Group
}

// startBackground starts every job (internal/jobs) and the store's event
// listener (this process's commits on SQLite, every instance's through
// LISTEN/NOTIFY on PostgreSQL) until stop; serve stops them after the HTTP
// server has drained, so mail and refunds queued by the last requests are
// tried.
func startBackground(cfg *config.Config, db *store.DB, orders *ordering.Service, log *slog.Logger,
	now func() time.Time) (*background, error) {
	var sender mailer.Sender
	if cfg.SMTPURL != "" {
		s, err := mailer.NewSMTP(cfg.SMTPURL, cfg.MailFrom)
		if err != nil {
			return nil, err
		}
		// Message-IDs on the public host's domain.
		if u, err := url.Parse(cfg.PublicURL); err == nil {
			s.Domain = u.Hostname()
		}
		sender = s
	} else {
		log.Info("PLATTER_SMTP_URL is not set: mail is kept in the outbox table and written to this log")
	}
	mail := mailer.NewWorker(db, sender, log)
	mail.Now = now
	refunds := jobs.NewRefunds(orders, log)
	db.SetRefundQueued(refunds.Poke) // every commit that queues a refund wakes it
	hooks := hooksender.NewWorker(db, hooksender.New(hooksender.Options{AllowPrivate: cfg.WebhooksAllowPrivate}), log)
	hooks.Now = now
	db.SetWebhookQueued(hooks.Poke) // every commit that queues a webhook wakes it
	if cfg.WebhooksAllowPrivate {
		log.Warn("PLATTER_WEBHOOKS_ALLOW_PRIVATE=1: webhooks may reach loopback and private networks")
	}
	hub := notify.NewHub()
	g := jobs.Start(
		jobs.Func(func(ctx context.Context) { db.Listen(ctx, hub, log) }),
		mail,
		refunds,
		hooks,
		&jobs.Expire{Service: orders, Log: log},
		&jobs.AutoReject{Service: orders, Wait: time.Duration(cfg.AutoRejectMinutes) * time.Minute, Log: log},
		&jobs.Prune{Store: db, Log: log, Now: now},
	)
	return &background{hub: hub, mail: mail.Poke, jobs: g}, nil
}

// stop ends every job and waits for them.
func (b *background) stop() { b.jobs.Stop() }
