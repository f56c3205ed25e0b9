package main

// The driver's HTTP client: one envelope call, and the retry policy of a
// real client (the same body, so the same idempotency key, again on a
// network error, a 5xx, a 429 or a payment under way, until an answer or
// the bound), every attempt written to the call log.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"time"
)

// answer is what one attempt of a call got.
type answer struct {
	status int             // HTTP status; 0 when no answer came
	code   int             // the error envelope's code
	data   json.RawMessage // the success envelope's data
	err    error           // the network's error
}

type client struct {
	base string
	http *http.Client
	// forwarded is the X-Forwarded-For the calls carry (the load balancer,
	// or the server itself, trusts 127.0.0.1 and so names this client):
	// each customer its own address, as customers are.
	forwarded string
}

// post makes one attempt of a call.
func (c *client) post(ctx context.Context, path, token string, body any) answer {
	raw, err := json.Marshal(body)
	if err != nil {
		panic(err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/api/v3/"+path, bytes.NewReader(raw))
	if err != nil {
		return answer{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Client", "source=ios;version=2.1")
	if c.forwarded != "" {
		req.Header.Set("X-Forwarded-For", c.forwarded)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return answer{err: err} // the answer was cut off: as good as none
	}
	var env struct {
		Data json.RawMessage `json:"data"`
		Code int             `json:"code"`
	}
	if json.Unmarshal(b, &env) != nil && res.StatusCode == http.StatusOK {
		return answer{err: errors.New("undecodable answer: " + string(b))}
	}
	return answer{status: res.StatusCode, code: env.Code, data: env.Data}
}

// retryable says whether a real client would send the call again.
func retryable(a answer) bool {
	return a.err != nil || a.status >= 500 || a.status == http.StatusTooManyRequests || a.code == 3054
}

// call sends a call until it is answered, logging each attempt as rec
// (its call, key, order filled in; attempt, status, code, err set here).
// With lose > 0, that share of first 200 answers is thrown away as if the
// connection had dropped before it arrived, and the call sent again: what
// a phone going through a tunnel does. It gives up after bound.
func (d *driver) call(ctx context.Context, c *client, path, token string, body any, rec record,
	lose float64) (answer, bool) {
	deadline := time.Now().Add(d.o.bound)
	pause := 100 * time.Millisecond
	for attempt := 1; ; attempt++ {
		a := c.post(ctx, path, token, body)
		rec.Attempt, rec.Status, rec.Code, rec.Err = attempt, a.status, a.code, ""
		if a.err != nil {
			rec.Err = a.err.Error()
		}
		rec.Lost = false
		if a.status == http.StatusOK {
			rec.fill(a.data)
			if attempt == 1 && lose > 0 && rand.Float64() < lose {
				rec.Lost = true
				d.logs.call(rec)
				continue
			}
		}
		d.logs.call(rec)
		if !retryable(a) {
			return a, true
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			rec.GaveUp = true
			d.logs.call(rec)
			return a, false
		}
		select {
		case <-ctx.Done():
		case <-time.After(pause + rand.N(pause)):
		}
		pause = min(2*pause, 2*time.Second)
	}
}

// record is one line of calls.jsonl.
type record struct {
	T             int64  `json:"t"` // unix ms
	Worker        int    `json:"w"`
	Call          string `json:"call"`
	Key           string `json:"key,omitempty"`
	OrderID       int64  `json:"order_id,omitempty"`
	Attempt       int    `json:"attempt"`
	Status        int    `json:"status"`
	Code          int    `json:"code,omitempty"`
	Err           string `json:"err,omitempty"`
	Lost          bool   `json:"lost,omitempty"`
	GaveUp        bool   `json:"gave_up,omitempty"`
	PaymentStatus string `json:"payment_status,omitempty"`
	Promo         bool   `json:"promo,omitempty"`
	Slot          string `json:"slot,omitempty"`
}

// fill takes the order id and payment status from a 200's data (an order,
// or {order: …} as prepare answers).
func (r *record) fill(data json.RawMessage) {
	var o struct {
		ID            int64  `json:"id"`
		PaymentStatus string `json:"payment_status"`
		Order         *struct {
			ID            int64  `json:"id"`
			PaymentStatus string `json:"payment_status"`
		} `json:"order"`
	}
	if json.Unmarshal(data, &o) != nil {
		return
	}
	if o.Order != nil {
		o.ID, o.PaymentStatus = o.Order.ID, o.Order.PaymentStatus
	}
	if o.ID != 0 {
		r.OrderID = o.ID
	}
	if o.PaymentStatus != "" {
		r.PaymentStatus = o.PaymentStatus
	}
}
