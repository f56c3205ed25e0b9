package httpapi_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// The printer simulators: a Star CloudPRNT printer and an Epson printer in
// Server Direct Print, speaking real HTTP to the real server the way the
// printers do, over a network that loses answers: every few requests reach
// the server, which acts on them, but the printer never sees the answer
// (the connection drops mid-answer), and it tries again.

// lossy is a transport that loses the answer of every nth request after
// the server has acted on it.
type lossy struct {
	mu      sync.Mutex
	every   int
	n       int
	dropped int
}

func (l *lossy) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.n++
	drop := l.every > 0 && l.n%l.every == 0
	if drop {
		l.dropped++
	}
	l.mu.Unlock()
	if drop {
		_, _ = io.CopyN(io.Discard, res.Body, 10)
		res.Body.Close()
		return nil, errors.New("simulated: connection reset by peer")
	}
	return res, nil
}

// printerURL is a printer's URL (from admin/printers/upsert) on the test
// server.
func printerURL(t *testing.T, e *env, u string) string {
	t.Helper()
	_, path, ok := strings.Cut(u, "/api/v3/")
	if !ok {
		t.Fatalf("printer url %q", u)
	}
	return e.srv.URL + "/api/v3/" + path
}

// starPrinter is a CloudPRNT printer: it polls, fetches a job, prints it
// and confirms it; printed is every ticket it printed.
type starPrinter struct {
	t       *testing.T
	url     string
	client  *http.Client
	media   string
	status  string // its statusCode at each poll
	printed []string
	tick    func() // moves the clock before each poll
}

func newStar(t *testing.T, e *env, u string, drop int) *starPrinter {
	return &starPrinter{t: t, url: printerURL(t, e, u), client: &http.Client{Transport: &lossy{every: drop}},
		media: "text/plain", status: "200 OK", tick: func() {}}
}

// poll asks for a job; a lost answer is asked again (at most 20 times).
func (p *starPrinter) poll() (token string, ready bool) {
	p.t.Helper()
	body, _ := json.Marshal(map[string]any{"status": "23 86 00 00 00 00 00 00 00", "printerMAC": "00:11:62:00:00:01",
		"statusCode": url.PathEscape(p.status), "printingInProgress": false})
	for range 20 {
		p.tick()
		res, err := p.client.Post(p.url, "application/json", bytes.NewReader(body))
		if err != nil {
			continue
		}
		var out struct {
			JobReady   bool     `json:"jobReady"`
			MediaTypes []string `json:"mediaTypes"`
			JobToken   string   `json:"jobToken"`
		}
		err = json.NewDecoder(res.Body).Decode(&out)
		res.Body.Close()
		if res.StatusCode != 200 || err != nil {
			p.t.Fatalf("poll: %d %v", res.StatusCode, err)
		}
		return out.JobToken, out.JobReady
	}
	p.t.Fatal("poll: every answer lost")
	return "", false
}

// fetch GETs the job of token; a lost answer is fetched again. found is
// false when the server no longer hands it out.
func (p *starPrinter) fetch(token string) (ticket string, found bool) {
	p.t.Helper()
	for range 20 {
		res, err := p.client.Get(p.url + "?type=" + url.QueryEscape(p.media) + "&mac=00%3A11%3A62&token=" + token)
		if err != nil {
			continue
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			continue
		}
		if res.StatusCode == 404 {
			return "", false
		}
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != p.media {
			p.t.Fatalf("fetch: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		return string(b), true
	}
	p.t.Fatal("fetch: every answer lost")
	return "", false
}

// confirm DELETEs the job with code until an answer arrives, then once
// more (a printer that repeats itself).
func (p *starPrinter) confirm(token, code string) {
	p.t.Helper()
	for seen := 0; seen < 2; {
		req, _ := http.NewRequest(http.MethodDelete, p.url+"?code="+url.QueryEscape(code)+"&token="+token, nil)
		res, err := p.client.Do(req)
		if err != nil {
			continue
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			p.t.Fatalf("confirm: %d", res.StatusCode)
		}
		seen++
	}
}

// run works until a poll finds nothing: each job is fetched, printed and
// confirmed; it returns how many it printed.
func (p *starPrinter) run() int {
	p.t.Helper()
	n := 0
	for range 50 {
		token, ready := p.poll()
		if !ready {
			return n
		}
		ticket, found := p.fetch(token)
		if !found {
			continue
		}
		p.printed = append(p.printed, ticket)
		n++
		p.confirm(token, "200 OK")
	}
	p.t.Fatal("the printer never ran out of jobs")
	return n
}

// epsonPrinter is an Epson printer in Server Direct Print: it posts
// GetRequest, prints the ePOS-Print document it gets and posts the result.
type epsonPrinter struct {
	t       *testing.T
	url     string
	client  *http.Client
	printed []string // the printjobid of each ticket printed
	asb     int      // the status it reports with each result
	tick    func()
}

func newEpson(t *testing.T, e *env, u string, drop int) *epsonPrinter {
	return &epsonPrinter{t: t, url: printerURL(t, e, u), client: &http.Client{Transport: &lossy{every: drop}},
		asb: 0x16, tick: func() {}}
}

func (p *epsonPrinter) post(form url.Values) (body []byte, ok bool) {
	p.tick()
	res, err := p.client.Post(p.url, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		return nil, false
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, false
	}
	if res.StatusCode != 200 {
		p.t.Fatalf("epson %s: %d %s", form.Get("ConnectionType"), res.StatusCode, b)
	}
	return b, true
}

// run works until a GetRequest gets nothing; it returns how many it
// printed.
func (p *epsonPrinter) run() int {
	p.t.Helper()
	n := 0
	for range 100 {
		doc, ok := p.post(url.Values{"ConnectionType": {"GetRequest"}, "ID": {"local_printer"}, "Name": {"TM-m30"}})
		if !ok {
			continue // the answer was lost: ask again
		}
		if len(bytes.TrimSpace(doc)) == 0 {
			return n
		}
		id := between(string(doc), "<printjobid>", "</printjobid>")
		if !strings.Contains(string(doc), "<epos-print") || !strings.Contains(string(doc), "<image ") || id == "" {
			p.t.Fatalf("not an ePOS-Print request: %.300s", doc)
		}
		p.printed = append(p.printed, id)
		n++
		result := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?><PrintResponseInfo Version="2.00"><ePOSPrint>`+
			`<Parameter><devid>local_printer</devid><printjobid>%s</printjobid></Parameter><PrintResponse>`+
			`<response success="true" code="" status="%d" battery="0"/></PrintResponse></ePOSPrint></PrintResponseInfo>`,
			id, p.asb)
		for sent := 0; sent < 2; { // until an answer arrives, then once more
			if _, ok := p.post(url.Values{"ConnectionType": {"SetResponse"}, "ID": {"local_printer"},
				"ResponseFile": {result}}); ok {
				sent++
			}
		}
	}
	p.t.Fatal("the printer never ran out of jobs")
	return n
}

func between(s, a, b string) string {
	_, rest, ok := strings.Cut(s, a)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, b)
	return v
}
