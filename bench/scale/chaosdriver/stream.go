package main

// Board streams kept open through the load balancer, as the order board
// keeps one: a ticket (admin/orders/stream-ticket), then GET the stream
// with Last-Event-ID, read server-sent events, and on any end take a new
// ticket and resume from the last id seen. Every event is logged with its
// stream, so the checker can tell that each stream saw each board event
// once and that every paid order reached a board.

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// streamLine is one line of streams.jsonl.
type streamLine struct {
	T             int64  `json:"t"`
	Stream        int    `json:"stream"`
	Connect       int    `json:"connect"`        // which connection of the stream (1, 2, …)
	EventID       int64  `json:"event_id"`       // 0 on a connect line
	Kind          string `json:"kind,omitempty"` // status, eta…; "connect" when (re)connected
	OrderID       int64  `json:"order_id,omitempty"`
	PaymentStatus string `json:"payment_status,omitempty"`
	Error         string `json:"error,omitempty"` // why the previous connection ended
}

// board follows one venue's board stream until ctx ends.
type board struct {
	d     *driver
	n     int
	token string

	mu   sync.Mutex
	last int64 // the last event id seen
	at   time.Time
	seen map[int64]bool // orders seen paid (or refunded)
}

func (b *board) run(ctx context.Context) {
	plain := &http.Client{} // no timeout: a stream lasts; heartbeats every 15 s
	c := &client{base: b.d.o.base, http: b.d.http}
	why := ""
	for connect := 1; ctx.Err() == nil; connect++ {
		a := c.post(ctx, "admin/orders/stream-ticket", b.token, map[string]any{"data": map[string]any{"venue_slug": "soho"}})
		var t struct {
			URL string `json:"url"`
		}
		if a.status != http.StatusOK || json.Unmarshal(a.data, &t) != nil {
			why = "ticket: " + strconv.Itoa(a.status)
			pauseCtx(ctx, 200*time.Millisecond)
			continue
		}
		why = b.read(ctx, plain, t.URL, connect, why)
		pauseCtx(ctx, 100*time.Millisecond)
	}
}

// read holds one connection of the stream until it ends, and says why.
func (b *board) read(ctx context.Context, h *http.Client, url string, connect int, why string) string {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, b.d.o.base+url, nil)
	if err != nil {
		return err.Error()
	}
	b.mu.Lock()
	req.Header.Set("Last-Event-ID", strconv.FormatInt(b.last, 10))
	b.mu.Unlock()
	res, err := h.Do(req)
	if err != nil {
		return err.Error()
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return "stream: " + res.Status
	}
	b.d.logs.write(b.d.logs.streamsF, streamLine{T: time.Now().UnixMilli(), Stream: b.n, Connect: connect,
		Kind: "connect", Error: why})
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var id int64
	var kind, data string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "id: "):
			id, _ = strconv.ParseInt(line[4:], 10, 64)
		case strings.HasPrefix(line, "event: "):
			kind = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "":
			if id > 0 {
				b.event(connect, id, kind, data)
			}
			id, kind, data = 0, "", ""
		}
	}
	if err := sc.Err(); err != nil {
		return err.Error()
	}
	return "eof"
}

func (b *board) event(connect int, id int64, kind, data string) {
	var e struct {
		OrderID       int64  `json:"order_id"`
		PaymentStatus string `json:"payment_status"`
	}
	_ = json.Unmarshal([]byte(data), &e)
	b.d.logs.write(b.d.logs.streamsF, streamLine{T: time.Now().UnixMilli(), Stream: b.n, Connect: connect,
		EventID: id, Kind: kind, OrderID: e.OrderID, PaymentStatus: e.PaymentStatus})
	b.mu.Lock()
	b.last, b.at = id, time.Now()
	if e.OrderID != 0 {
		b.seen[e.OrderID] = true
	}
	b.mu.Unlock()
}

// caughtUp says whether the stream has seen every order of paid and been
// quiet for quiet.
func (b *board) caughtUp(paid []int64, quiet time.Duration) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if time.Since(b.at) < quiet {
		return false
	}
	for _, id := range paid {
		if !b.seen[id] {
			return false
		}
	}
	return true
}

func pauseCtx(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
