package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	legacyrouter "github.com/getkin/kin-openapi/routers/legacy"

	"platter/demo"
	"platter/internal/account"
	"platter/internal/catalog"
	"platter/internal/config"
	"platter/internal/geo"
	"platter/internal/httpapi"
	"platter/internal/notify"
	"platter/internal/ordering"
	"platter/internal/payments"
	"platter/internal/store"
	"platter/internal/store/storetest"
	"platter/internal/tracing"
)

// spec is api/openapi.yaml, loaded and validated once per test binary.
var spec = sync.OnceValues(func() (*openapi3.T, error) {
	doc, err := openapi3.NewLoader().LoadFromFile("../../api/openapi.yaml")
	if err != nil {
		return nil, err
	}
	return doc, doc.Validate(context.Background())
})

// env is one running server on a real store, with what the test saw of it.
type env struct {
	t      *testing.T
	db     *store.DB
	api    *httpapi.Server
	hub    *notify.Hub
	srv    *httptest.Server
	router routers.Router
	logs   *lockedWriter
}

// options lets a test change how the server is wired.
type options struct {
	web        fs.FS
	catalog    httpapi.Catalog
	geocoder   geo.Geocoder         // nil: the builtin one
	env        map[string]string    // PLATTER_* configuration
	now        func() time.Time     // nil: the real clock
	poke       func()               // called when mail is queued; nil: nothing
	gate       *account.Gate        // password hashing bound; nil: the default
	streams    httpapi.StreamLimits // zero: the defaults
	orderStore ordering.Store       // the order path's store; nil: db
	tracing    *tracing.Tracing     // nil: tracing off
}

// start boots the real HTTP server on db, with the demo schemes loaded.
func start(t *testing.T, db *store.DB, o options) *env {
	t.Helper()
	ctx := context.Background()
	for _, d := range demo.Documents() {
		doc, problems := catalog.ParseSchemeDoc(d.Data)
		if len(problems) > 0 {
			t.Fatalf("demo %s: %v", d.Name, problems)
		}
		if _, err := db.ImportScheme(ctx, doc); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := config.Load(func(k string) string { return o.env[k] }, nil)
	if err != nil {
		t.Fatal(err)
	}
	logs := &lockedWriter{w: &bytes.Buffer{}}
	var cat httpapi.Catalog = db
	if o.catalog != nil {
		cat = o.catalog
	}
	var orderStore ordering.Store = db
	if o.orderStore != nil {
		orderStore = o.orderStore
	}
	// The store wakes the streams of this server: after its own commits on
	// SQLite, through LISTEN/NOTIFY on PostgreSQL (as in platter serve).
	hub := notify.NewHub()
	listening, stopListening := context.WithCancel(context.Background())
	go db.Listen(listening, hub, nil)
	t.Cleanup(stopListening)
	logger := slog.New(slog.NewJSONHandler(logs, nil))
	// The payment provider, built once as platter serve builds it.
	var pay payments.Provider = payments.Sandbox{}
	if cfg.Payments == "stripe" {
		pay = payments.NewStripe(cfg.StripeSecretKey, cfg.StripeAPIBase, cfg.StripeWebhookSecret)
	}
	api := httpapi.New(httpapi.Options{
		Config: cfg, Logger: logger,
		Catalog: cat, Health: db, Web: o.web, DemoAssets: demo.Assets(), Version: "test",
		Accounts: db, Addresses: db, Orders: db, Ordering: ordering.NewService(orderStore, pay, logger, o.now).LimitUnpaid(cfg.UnpaidOrdersMax), Support: db, Loyalty: db, Team: db, Backoffice: db, Platform: db, Printers: db, Webhooks: db, Hub: hub, Streams: o.streams, Geocoder: o.geocoder, Now: o.now, MailQueued: o.poke, Passwords: o.gate,
		Media: db, Tracing: o.tracing,
	})
	srv := httptest.NewServer(api.Handler())
	t.Cleanup(srv.Close)
	doc, err := spec()
	if err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	docCopy := *doc
	docCopy.Servers = openapi3.Servers{{URL: srv.URL + "/api/v3"}}
	router, err := legacyrouter.NewRouter(&docCopy)
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, db: db, api: api, hub: hub, srv: srv, router: router, logs: logs}
}

// response is what a call got back, decoded.
type response struct {
	Status int
	Header http.Header
	Raw    []byte
	Body   map[string]any
}

// call POSTs body (marshalled unless it is already []byte) to /api/v3/path
// with the given headers, and checks the answer against the OpenAPI contract.
func (e *env) call(path string, body any, headers ...string) *response {
	e.t.Helper()
	return e.do(http.MethodPost, path, body, headers...)
}

func (e *env) do(method, path string, body any, headers ...string) *response {
	e.t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case []byte:
		raw = b
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			e.t.Fatal(err)
		}
	}
	req, err := http.NewRequest(method, e.srv.URL+"/api/v3/"+path, bytes.NewReader(raw))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("X-Client", "source=ios;version=2.1")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	out := &response{Status: res.StatusCode, Header: res.Header}
	if out.Raw, err = io.ReadAll(res.Body); err != nil {
		e.t.Fatal(err)
	}
	if err := json.Unmarshal(out.Raw, &out.Body); err != nil {
		e.t.Fatalf("%s %s: answer is not JSON: %v\n%s", method, path, err, out.Raw)
	}
	e.validate(req, raw, out, path)
	return out
}

// validate checks a response against the contract: the route's own schema
// when the path is in the spec, the Error schema for any failure.
func (e *env) validate(req *http.Request, reqBody []byte, res *response, path string) {
	e.t.Helper()
	if res.Status != http.StatusOK {
		doc, _ := spec()
		if err := doc.Components.Schemas["Error"].Value.VisitJSON(anyJSON(e.t, res.Raw)); err != nil {
			e.t.Errorf("%s: error body breaks the Error schema: %v\n%s", path, err, res.Raw)
		}
		e.validateFailureListed(req, res, path)
		return
	}
	req.Body = io.NopCloser(bytes.NewReader(reqBody))
	route, params, err := e.router.FindRoute(req)
	if err != nil {
		e.t.Errorf("%s answered 200 but is not in api/openapi.yaml: %v", path, err)
		return
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		e.t.Errorf("%s: request breaks the contract: %v", path, err)
	}
	rin := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.Status,
		Header: res.Header, Body: io.NopCloser(bytes.NewReader(res.Raw)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	if err := openapi3filter.ValidateResponse(context.Background(), rin); err != nil {
		e.t.Errorf("%s: response breaks the contract: %v", path, err)
		return
	}
	covered.Store(path, true)
}

// anyCallStatuses are the 4xx answers any call may give before its handler
// runs (a wrong method, a body that is late, too large or not JSON, headers
// too large): api/openapi.yaml describes them once, in its introduction and
// the default Error answer, rather than on every operation.
var anyCallStatuses = map[int]bool{http.StatusMethodNotAllowed: true, http.StatusRequestTimeout: true,
	http.StatusRequestEntityTooLarge: true, http.StatusUnsupportedMediaType: true,
	http.StatusRequestHeaderFieldsTooLarge: true}

// validateFailureListed holds api/openapi.yaml to the 4xx answers the tests
// see: a call of the contract that answers 4xx must list that status among
// its operation's responses (not only under default), so an integrator
// reads each call's refusals from the file.
func (e *env) validateFailureListed(req *http.Request, res *response, path string) {
	e.t.Helper()
	if res.Status < 400 || res.Status > 499 || anyCallStatuses[res.Status] {
		return
	}
	route, _, err := e.router.FindRoute(req)
	if err != nil {
		return // an unknown path (1404) or method (1405): no operation to hold
	}
	if route.Operation.Responses.Status(res.Status) == nil {
		e.t.Errorf("%s %s answered %d (code %v) but api/openapi.yaml lists no %d for it: add it to the operation's responses",
			route.Method, route.Path, res.Status, res.Body["code"], res.Status)
	}
}

// covered records, across the whole test binary, every API path whose
// answer passed the contract in some test.
var covered sync.Map

// TestMain fails a full run of the package when a call the server implements
// was never validated against api/openapi.yaml by any test. Each area's
// calls are exercised in that area's own test file; a run narrowed with -run
// or -skip is not checked, since it leaves calls out on purpose. Each
// PostgreSQL test still has a database of its own, emptied and reused by a
// later test (storetest.RunReusing).
func TestMain(m *testing.M) {
	flag.Parse()
	code := storetest.RunReusing(m)
	stopStripeMock()
	narrowed := flag.Lookup("test.run").Value.String() != "" || flag.Lookup("test.skip").Value.String() != ""
	if code == 0 && !narrowed {
		for _, p := range httpapi.New(httpapi.Options{}).Routes() {
			if _, ok := covered.Load(p); !ok {
				fmt.Fprintf(os.Stderr, "FAIL: %s is implemented but no test validated its answer against api/openapi.yaml\n", p)
				code = 1
			}
		}
	}
	os.Exit(code)
}

func anyJSON(t *testing.T, b []byte) any {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// get fetches a non-API path.
func (e *env) get(path string, headers ...string) (*http.Response, []byte) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, b
}

// data returns body.data as an object.
func (r *response) data(t *testing.T) map[string]any {
	t.Helper()
	d, ok := r.Body["data"].(map[string]any)
	if !ok {
		t.Fatalf("data is not an object: %s", r.Raw)
	}
	return d
}

// wantError asserts an envelope error with the given status and code.
func (r *response) wantError(t *testing.T, status, code int) {
	t.Helper()
	if r.Status != status || r.Body["success"] != false || int(num(r.Body["code"])) != code {
		t.Fatalf("want %d code %d, got %d: %s", status, code, r.Status, r.Raw)
	}
	if s, _ := r.Body["message"].(string); strings.TrimSpace(s) == "" {
		t.Errorf("error without a message: %s", r.Raw)
	}
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

type lockedWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

// logText is what the server logged so far.
func (e *env) logText() string {
	e.logs.mu.Lock()
	defer e.logs.mu.Unlock()
	return e.logs.w.String()
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
