package mailer_test

import (
	"context"
	"crypto/tls"
	"mime"
	"net/url"
	"strings"
	"testing"
	"time"

	"platter/internal/notify/mail"
	"platter/internal/notify/mailer"
	"platter/internal/notify/mailtest"
)

func TestSMTPSend(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		opts   mailtest.Options
		scheme string
	}{
		{"plain with auth", mailtest.Options{User: "platter", Pass: "s3cret"}, "smtp"},
		{"starttls", mailtest.Options{TLS: true, User: "platter", Pass: "s3cret"}, "smtp"},
		{"implicit tls", mailtest.Options{Implicit: true}, "smtps"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := mailtest.Start(t, c.opts)
			u := url.URL{Scheme: c.scheme, Host: srv.Addr}
			if c.opts.User != "" {
				u.User = url.UserPassword(c.opts.User, c.opts.Pass)
			}
			s, err := mailer.NewSMTP(u.String(), "Żółta Kuchnia <no-reply@example.test>")
			if err != nil {
				t.Fatal(err)
			}
			if srv.CertPool != nil {
				s.TLS = &tls.Config{RootCAs: srv.CertPool, ServerName: "127.0.0.1"}
			}
			s.Domain = "order.example.test"
			err = s.Send(context.Background(), mail.Message{FromName: "Pierogarnia Pod Smokiem",
				ReplyTo: "kontakt@smok.example.test", To: "anna@example.test", Subject: "Twój kod: 123456",
				Text: "Kod: 123456\nDziękujemy!", HTML: "<p>Kod: <b>123456</b></p>",
			})
			if err != nil {
				t.Fatal(err)
			}
			m := srv.Wait(t, "anna@example.test", 5*time.Second)
			if m.From != "no-reply@example.test" {
				t.Errorf("envelope from %q", m.From)
			}
			// The scheme's name on the operator's address; replies to the
			// scheme; marked automatic; a Message-ID on the public host.
			from, err := m.Msg.Header.AddressList("From")
			if err != nil || len(from) != 1 || from[0].Name != "Pierogarnia Pod Smokiem" || from[0].Address != "no-reply@example.test" {
				t.Errorf("From %v (%v)", from, err)
			}
			if rt := m.Msg.Header.Get("Reply-To"); rt != "<kontakt@smok.example.test>" {
				t.Errorf("Reply-To %q", rt)
			}
			if a := m.Msg.Header.Get("Auto-Submitted"); a != "auto-generated" {
				t.Errorf("Auto-Submitted %q", a)
			}
			if id := m.Msg.Header.Get("Message-ID"); !strings.HasSuffix(id, "@order.example.test>") {
				t.Errorf("Message-ID %q", id)
			}
			if m.Msg.Header.Get("List-Unsubscribe") != "" {
				t.Error("List-Unsubscribe on a mail that is not marketing")
			}
			subj, _ := new(mime.WordDecoder).DecodeHeader(m.Msg.Header.Get("Subject"))
			if subj != "Twój kod: 123456" {
				t.Errorf("subject %q", subj)
			}
			text, html := m.Parts(t)
			if !strings.Contains(text, "Dziękujemy!") || !strings.Contains(html, "<b>123456</b>") {
				t.Errorf("parts: %q / %q", text, html)
			}
		})
	}
}

func TestSMTPRefusals(t *testing.T) {
	t.Parallel()
	srv := mailtest.Start(t, mailtest.Options{User: "platter", Pass: "right"})
	s, _ := mailer.NewSMTP("smtp://platter:wrong@"+srv.Addr, "a@example.test")
	if err := s.Send(context.Background(), mail.Message{To: "b@example.test", Subject: "x", Text: "x"}); err == nil {
		t.Error("wrong password accepted")
	}
	tlsSrv := mailtest.Start(t, mailtest.Options{TLS: true})
	s, _ = mailer.NewSMTP("smtp://"+tlsSrv.Addr, "a@example.test")
	if err := s.Send(context.Background(), mail.Message{To: "b@example.test", Subject: "x", Text: "x"}); err == nil {
		t.Error("an untrusted STARTTLS certificate was accepted")
	}
	if _, err := mailer.NewSMTP("http://x", "a@example.test"); err == nil {
		t.Error("http scheme accepted")
	}
}
