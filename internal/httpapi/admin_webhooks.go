package httpapi

import (
	"context"
	"time"

	"platter/internal/audit"
	"platter/internal/platter"
	"platter/internal/webhooks"
)

// Webhooks is what the admin/webhooks/* calls need (store.DB): a scheme's
// outbound webhook endpoints and their delivery log (docs/architecture.md
// §11). Every method names the scheme; another's endpoint is not found.
type Webhooks interface {
	UpsertWebhook(ctx context.Context, schemeID int64, in webhooks.Input, a audit.Audit, now time.Time) (int64, string, error)
	RotateWebhookSecret(ctx context.Context, schemeID, id int64, a audit.Audit, now time.Time) (string, error)
	Webhooks(ctx context.Context, schemeID int64, now time.Time) ([]webhooks.Endpoint, error)
	WebhookDeliveries(ctx context.Context, schemeID, webhookID int64, limit, offset int) ([]webhooks.Delivery, int, error)
	RedeliverWebhook(ctx context.Context, schemeID, deliveryID int64, now time.Time) (*webhooks.Delivery, error)
}

func (s *Server) webhooksReady() error {
	if s.webhooks == nil {
		return &platter.Error{Code: platter.CodeUnavailable, Message: "error.unavailable"}
	}
	return nil
}

type webhookJSON struct {
	ID           int64      `json:"id"`
	URL          string     `json:"url"`
	Events       []string   `json:"events"`
	Enabled      bool       `json:"enabled"`
	CreatedAt    time.Time  `json:"created_at"`
	UpdatedAt    time.Time  `json:"updated_at"`
	RotatedUntil *time.Time `json:"rotated_until"`
}

type webhookAttemptJSON struct {
	At           time.Time `json:"at"`
	ResponseCode int       `json:"response_code"`
	Error        string    `json:"error"`
	DurationMS   int64     `json:"duration_ms"`
}

type webhookDeliveryJSON struct {
	ID            int64                `json:"id"`
	WebhookID     string               `json:"webhook_id"` // the webhook-id header (msg_…)
	Event         string               `json:"event"`
	Status        string               `json:"status"`
	Attempts      int                  `json:"attempts"`
	ResponseCode  int                  `json:"response_code"`
	Error         string               `json:"error"`
	CreatedAt     time.Time            `json:"created_at"`
	LastAttemptAt *time.Time           `json:"last_attempt_at"`
	NextAttemptAt *time.Time           `json:"next_attempt_at"`
	DeliveredAt   *time.Time           `json:"delivered_at"`
	Log           []webhookAttemptJSON `json:"log"`
}

func deliveryOf(d webhooks.Delivery) webhookDeliveryJSON {
	out := webhookDeliveryJSON{ID: d.ID, WebhookID: d.MessageID, Event: d.Event, Status: d.Status, Attempts: d.Attempts,
		ResponseCode: d.ResponseCode, Error: d.LastError, CreatedAt: d.CreatedAt, LastAttemptAt: d.LastAttemptAt,
		NextAttemptAt: d.NextAttemptAt, DeliveredAt: d.DeliveredAt, Log: make([]webhookAttemptJSON, 0, len(d.Log))}
	for _, a := range d.Log {
		out.Log = append(out.Log, webhookAttemptJSON{At: a.At, ResponseCode: a.ResponseCode, Error: a.Error,
			DurationMS: a.DurationMS})
	}
	return out
}

// adminWebhooksList answers admin/webhooks/list: the scheme's endpoints,
// oldest first, never their secrets.
func (s *Server) adminWebhooksList(r *request, c *Caller) (*reply, error) {
	if err := s.webhooksReady(); err != nil {
		return nil, err
	}
	eps, err := s.webhooks.Webhooks(r.Context(), c.SchemeID, s.now())
	if err != nil {
		return nil, err
	}
	out := make([]webhookJSON, 0, len(eps))
	for _, e := range eps {
		out = append(out, webhookJSON{ID: e.ID, URL: e.URL, Events: e.Events, Enabled: e.Enabled,
			CreatedAt: e.CreatedAt, UpdatedAt: e.UpdatedAt, RotatedUntil: e.RotatedUntil})
	}
	return &reply{Data: out, Meta: map[string]any{"events": webhooks.Events, "max": webhooks.MaxEndpoints}}, nil
}

// adminWebhooksUpsert answers admin/webhooks/upsert {id?, url, events,
// enabled?}: a new endpoint (enabled unless said otherwise) answers its id
// and its signing secret, shown this once; an edit answers its id.
func (s *Server) adminWebhooksUpsert(r *request, c *Caller) (*reply, error) {
	var in struct {
		ID      int64    `json:"id"`
		URL     string   `json:"url" text:"max=2000"`
		Events  []string `json:"events"`
		Enabled *bool    `json:"enabled"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	fields := map[string]string{}
	if msg := webhooks.CheckURL(in.URL, s.cfg.WebhooksAllowPrivate); msg != "" {
		fields["url"] = msg
	}
	seen := map[string]bool{}
	var events []string
	for _, e := range in.Events {
		if !webhooks.Known(e) {
			fields["events"] = "webhooks.event_unknown"
		} else if !seen[e] {
			seen[e] = true
			events = append(events, e)
		}
	}
	if len(in.Events) == 0 {
		fields["events"] = "webhooks.events_required"
	}
	if in.ID < 0 {
		fields["id"] = "validation.type"
	}
	if len(fields) > 0 {
		return nil, platter.Invalid(fields)
	}
	if err := s.webhooksReady(); err != nil {
		return nil, err
	}
	enabled := in.Enabled == nil || *in.Enabled
	id, secret, err := s.webhooks.UpsertWebhook(r.Context(), c.SchemeID,
		webhooks.Input{ID: in.ID, URL: in.URL, Events: events, Enabled: enabled}, actor(c), s.now())
	if err != nil {
		return nil, err
	}
	out := map[string]any{"id": id}
	if secret != "" {
		out["secret"] = secret
	}
	return &reply{Data: out}, nil
}

// adminWebhooksRotate answers admin/webhooks/rotate-secret {id}: a new
// secret, shown this once; the previous one keeps signing beside it for a
// day (webhooks.Overlap).
func (s *Server) adminWebhooksRotate(r *request, c *Caller) (*reply, error) {
	var in struct {
		ID int64 `json:"id"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if in.ID <= 0 {
		return nil, platter.Invalid(map[string]string{"id": "validation.required"})
	}
	if err := s.webhooksReady(); err != nil {
		return nil, err
	}
	secret, err := s.webhooks.RotateWebhookSecret(r.Context(), c.SchemeID, in.ID, actor(c), s.now())
	if err != nil {
		return nil, err
	}
	until := s.now().UTC().Add(webhooks.Overlap).Truncate(time.Second)
	return &reply{Data: map[string]any{"id": in.ID, "secret": secret, "previous_until": until}}, nil
}

// deliveriesPerPage is the page size of admin/webhooks/deliveries.
const deliveriesPerPage = 25

// adminWebhooksDeliveries answers admin/webhooks/deliveries {webhook_id,
// page}: an endpoint's deliveries, newest first, each with its last
// attempts; meta total.
func (s *Server) adminWebhooksDeliveries(r *request, c *Caller) (*reply, error) {
	var f struct {
		WebhookID int64 `json:"webhook_id"`
		Page      int   `json:"page"`
	}
	if err := decode(r.Filter, &f); err != nil {
		return nil, err
	}
	if f.WebhookID <= 0 {
		return nil, platter.Invalid(map[string]string{"webhook_id": "validation.required"})
	}
	if f.Page < 0 || f.Page > 100000 {
		return nil, platter.Invalid(map[string]string{"page": "validation.type"})
	}
	f.Page = max(f.Page, 1)
	if err := s.webhooksReady(); err != nil {
		return nil, err
	}
	list, total, err := s.webhooks.WebhookDeliveries(r.Context(), c.SchemeID, f.WebhookID, deliveriesPerPage,
		(f.Page-1)*deliveriesPerPage)
	if err != nil {
		return nil, err
	}
	out := make([]webhookDeliveryJSON, 0, len(list))
	for _, d := range list {
		out = append(out, deliveryOf(d))
	}
	return &reply{Data: out, Meta: map[string]any{"total": total, "page": f.Page, "per_page": deliveriesPerPage}}, nil
}

// adminWebhooksRedeliver answers admin/webhooks/redeliver {delivery_id}:
// the delivery is sent again now, with the same webhook-id.
func (s *Server) adminWebhooksRedeliver(r *request, c *Caller) (*reply, error) {
	var in struct {
		DeliveryID int64 `json:"delivery_id"`
	}
	if err := decode(r.Data, &in); err != nil {
		return nil, err
	}
	if in.DeliveryID <= 0 {
		return nil, platter.Invalid(map[string]string{"delivery_id": "validation.required"})
	}
	if err := s.webhooksReady(); err != nil {
		return nil, err
	}
	d, err := s.webhooks.RedeliverWebhook(r.Context(), c.SchemeID, in.DeliveryID, s.now())
	if err != nil {
		return nil, err
	}
	return &reply{Data: deliveryOf(*d)}, nil
}
