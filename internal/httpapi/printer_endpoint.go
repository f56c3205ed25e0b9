package httpapi

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"time"

	"platter/internal/i18n"
	"platter/internal/platter"
	"platter/internal/printing"
)

// The printer's own endpoint, /api/v3/printers/{key} (docs/printers.md):
// not an envelope call. The key in the URL is the credential. A Star
// CloudPRNT printer polls it (POST JSON), fetches its job (GET ?type=
// &token=) and confirms it (DELETE ?token=&code=); an Epson printer in
// Server Direct Print posts its form (ConnectionType GetRequest for a job,
// SetResponse with the result).

// printerEndpoint serves every method of a printer's URL.
func (s *Server) printerEndpoint(w http.ResponseWriter, r *http.Request, _ *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	st, err := s.printerStore()
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	key := r.PathValue("key")
	if !printing.ValidKey(key) {
		s.writeError(w, r, lang, platter.NotFound())
		return
	}
	if !s.printerPolls.allow(key, s.now()) {
		w.Header().Set("Retry-After", strconv.Itoa(int(printing.PollWindow.Seconds())))
		s.writeError(w, r, lang, &platter.Error{Code: platter.CodeRateLimited, Message: "error.rate_limited",
			Params: map[string]string{"retry_after": strconv.Itoa(int(printing.PollWindow.Seconds()))}})
		return
	}
	p := printerCall{s: s, st: st, w: w, r: r, lang: lang, key: key}
	switch r.Method {
	case http.MethodGet:
		p.job()
	case http.MethodDelete:
		p.confirm()
	default:
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, printing.MaxBody))
		if err != nil {
			s.writeError(w, r, lang, bodyError(err))
			return
		}
		if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/x-www-form-urlencoded" {
			p.epson(body)
			return
		}
		p.poll(body)
	}
}

// printerCall is one request to a printer's URL.
type printerCall struct {
	s    *Server
	st   Printers
	w    http.ResponseWriter
	r    *http.Request
	lang string
	key  string
}

func (p *printerCall) fail(err error) { p.s.writeError(p.w, p.r, p.lang, err) }

// poll answers a CloudPRNT poll: the printer's status is recorded, and the
// oldest job waiting is offered under its token (the same one at every
// poll until it is confirmed).
func (p *printerCall) poll(body []byte) {
	var in struct {
		StatusCode string `json:"statusCode"`
	}
	if len(body) > 0 && json.Unmarshal(body, &in) != nil {
		p.fail(&platter.Error{Code: platter.CodeMalformed, Message: "error.malformed"})
		return
	}
	var st *printing.Status
	if in.StatusCode != "" {
		v := printing.StarStatus(in.StatusCode)
		st = &v
	}
	_, job, err := p.st.PrinterPoll(p.r.Context(), p.key, st, p.s.now())
	if err != nil {
		p.fail(err)
		return
	}
	out := map[string]any{"jobReady": false}
	if job != nil {
		out = map[string]any{"jobReady": true, "mediaTypes": printing.MediaTypes, "jobToken": job.Token}
	}
	p.w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(p.w).Encode(out)
}

// job answers a CloudPRNT GET: the job of token (or the oldest waiting) in
// the media type asked for. A confirmed job is not found.
func (p *printerCall) job() {
	q := p.r.URL.Query()
	token, typ := q.Get("token"), q.Get("type")
	if typ == "" {
		typ = printing.MediaPNG
	}
	if token != "" && !printing.ValidToken(token) || !slices.Contains(printing.MediaTypes, typ) {
		p.fail(platter.NotFound())
		return
	}
	h, err := p.st.HandOut(p.r.Context(), p.key, token, p.s.now())
	if err != nil {
		p.fail(err)
		return
	}
	body, _ := p.s.ticket(h).Render(typ)
	p.w.Header().Set("Content-Type", typ)
	if typ != printing.MediaStarPRNT {
		p.w.Header().Set("X-Star-Cut", "partial; feed=true")
	}
	p.w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = p.w.Write(body)
}

// confirm answers a CloudPRNT DELETE: code 2xx marks the job printed (and
// a repeated DELETE changes nothing); another code leaves it waiting for
// the next poll.
func (p *printerCall) confirm() {
	q := p.r.URL.Query()
	token := q.Get("token")
	if token != "" && !printing.ValidToken(token) {
		p.fail(platter.NotFound())
		return
	}
	code := printing.StarStatus(q.Get("code")).Code
	done, err := p.st.ConfirmJob(p.r.Context(), p.key, token, printing.Confirmed(code), code, p.s.now())
	if err != nil {
		p.fail(err)
		return
	}
	p.w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(p.w).Encode(map[string]any{"printed": done})
}

// epson answers Server Direct Print's form: GetRequest gets the oldest job
// waiting as ePOS-Print XML (an empty answer when there is none);
// SetResponse reports results, each confirming its job.
func (p *printerCall) epson(body []byte) {
	form, err := url.ParseQuery(string(body))
	if err != nil {
		p.fail(&platter.Error{Code: platter.CodeMalformed, Message: "error.malformed"})
		return
	}
	ctx, now := p.r.Context(), p.s.now()
	switch form.Get("ConnectionType") {
	case "GetRequest":
		_, job, err := p.st.PrinterPoll(ctx, p.key, nil, now)
		if err != nil {
			p.fail(err)
			return
		}
		p.w.Header().Set("Content-Type", "text/xml; charset=utf-8")
		if job == nil {
			return
		}
		h, err := p.st.HandOut(ctx, p.key, job.Token, now)
		if err != nil { // confirmed or given up since the poll
			return
		}
		_, _ = p.w.Write(p.s.ticket(h).EposRequest(h.Job.Token))
	case "SetResponse":
		results, err := printing.ParseEposResponse([]byte(form.Get("ResponseFile")))
		if err != nil {
			p.fail(&platter.Error{Code: platter.CodeMalformed, Message: "error.malformed"})
			return
		}
		for _, res := range results {
			st := res.Status
			if _, _, err := p.st.PrinterPoll(ctx, p.key, &st, now); err != nil {
				p.fail(err)
				return
			}
			if !printing.ValidToken(res.JobID) {
				continue
			}
			if _, err := p.st.ConfirmJob(ctx, p.key, res.JobID, res.Success, res.Code, now); err != nil &&
				platter.AsError(err).Code != platter.CodeNotFound {
				p.fail(err)
				return
			}
		}
		p.w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	default:
		p.fail(platter.Invalid(map[string]string{"ConnectionType": "validation.required"}))
	}
}

// ticket lays out a job's ticket in the scheme's language.
func (s *Server) ticket(h *printing.Handout) printing.Ticket {
	t := func(key string, params map[string]string) string { return s.msgs.T(h.Lang, key, params) }
	return printing.NewTicket(h.Order, h.Zone, t, h.Job.Reason == printing.ReasonReprint)
}

// pollLimiter bounds how often one printer's URL is answered: at most
// printing.PollsPerWindow requests in each printing.PollWindow.
type pollLimiter struct {
	mu   sync.Mutex
	seen map[string]*pollWindow
}

type pollWindow struct {
	start time.Time
	n     int
}

// maxTrackedPrinters bounds the limiter's memory; past it the windows
// start afresh.
const maxTrackedPrinters = 10000

func (l *pollLimiter) allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seen == nil || len(l.seen) >= maxTrackedPrinters {
		l.seen = map[string]*pollWindow{}
	}
	w := l.seen[key]
	if w == nil || now.Sub(w.start) >= printing.PollWindow || now.Before(w.start) {
		w = &pollWindow{start: now}
		l.seen[key] = w
	}
	w.n++
	return w.n <= printing.PollsPerWindow
}
