package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"

	"platter/internal/i18n"
	"platter/internal/platter"
	"platter/internal/store"
)

// maxBody is the largest JSON body the API reads (1 MiB).
const maxBody = 1 << 20

// request is one decoded v3 call: the filter or data object, the caller's
// language and the HTTP request it came from.
type request struct {
	*http.Request
	Filter json.RawMessage
	Data   json.RawMessage
	Lang   string
}

// reply is a successful answer: Data becomes "data", Meta its siblings.
// Raw, when set, is a complete pre-serialized envelope written as is;
// Encoding names its content coding when Raw is already compressed (the
// menu cache's gzip copy), so the compression layer leaves it alone.
type reply struct {
	Data     any
	Meta     map[string]any
	Raw      []byte
	Encoding string
	length   []string // Content-Length of Raw, when worked out beforehand (the menu cache's)
}

// handlerFunc implements one v3 call.
type handlerFunc func(r *request) (*reply, error)

// statusOf maps an API code to its HTTP status: the one table of the
// project. Every constant of platter/error.go is listed (an unknown code is
// a bug: 500), and docs/errors.md gives the same status for each
// (TestErrorsDocListsEveryCode).
func statusOf(code int) int {
	switch code {
	case platter.CodeValidation, platter.CodeMalformed,
		platter.CodeBadCode, platter.CodeCodeExhausted,
		platter.CodeInvitationInvalid, platter.CodeAlreadyMember,
		platter.CodeBadPhoto, platter.CodePhotoNotYours, platter.CodeTooManyUploads,
		platter.CodeTooManySupportRequests, platter.CodeOrderNotPlaced, platter.CodeBadImage:
		return http.StatusBadRequest
	case platter.CodeUnauthorized, platter.CodeBadCredentials:
		return http.StatusUnauthorized
	case platter.CodeForbidden, platter.CodeNotVerified:
		return http.StatusForbidden
	case platter.CodeNotFound:
		return http.StatusNotFound
	case platter.CodeMethod:
		return http.StatusMethodNotAllowed
	case platter.CodeConflict, platter.CodeTransitionRefused:
		return http.StatusConflict
	case platter.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case platter.CodeUnsupported:
		return http.StatusUnsupportedMediaType
	case platter.CodeBodyTimeout:
		return http.StatusRequestTimeout
	case platter.CodeHeaderTooLarge:
		return http.StatusRequestHeaderFieldsTooLarge
	case platter.CodeRateLimited:
		return http.StatusTooManyRequests
	case platter.CodeUnavailable:
		return http.StatusServiceUnavailable
	case platter.CodeVenueClosed, platter.CodeVenuePaused, platter.CodeOutsideHours,
		platter.CodeTooSoon, platter.CodeSlotFull, platter.CodeNotSlot, platter.CodeTooFarAhead,
		platter.CodeOrderTypeUnavailable, platter.CodeOutsideArea, platter.CodeBelowMinimum,
		platter.CodeEmptyBasket, platter.CodeItemUnavailable, platter.CodeModifierUnavailable,
		platter.CodeModifierSelection, platter.CodeItemQuantity, platter.CodeTipOutOfRange,
		platter.CodePromoUnknown, platter.CodePromoExpired, platter.CodePromoMinimum,
		platter.CodePromoUsedUp, platter.CodePromoAlreadyUsed, platter.CodeRewardUnavailable,
		platter.CodePaymentDeclined, platter.CodeInsufficientFunds, platter.CodeAuthenticationFailed,
		platter.CodeOrderNotPayable, platter.CodePaymentInProgress:
		return http.StatusUnprocessableEntity
	}
	return http.StatusInternalServerError // platter.CodeInternal, and any code not listed above
}

// readRequest reads and decodes the body of a v3 call. An empty body is {}.
func readRequest(w http.ResponseWriter, r *http.Request) (*request, error) {
	req := &request{Request: r, Lang: i18n.Negotiate(r.Header.Get("Accept-Language"))}
	ct := r.Header.Get("Content-Type")
	if ct != "" && !isJSON(ct) {
		return req, errUnsupportedType()
	}
	var body []byte
	if rb, ok := r.Body.(*readBody); ok && rb.Len() == len(rb.b) {
		body = rb.b // read in full already, within maxBody (withCallLimits)
	} else {
		var err error
		if body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody)); err != nil {
			return req, bodyError(err)
		}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return req, nil
	}
	if ct == "" {
		// A body needs its type: without one a browser form could send it.
		return req, errUnsupportedType()
	}
	if json.Valid(body) {
		if f, d, ok := scanEnvelope(body); ok { // envelope_fast.go
			req.Filter, req.Data = f, d
			return req, nil
		}
	}
	var env struct {
		Filter json.RawMessage `json:"filter"`
		Data   json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		return req, &platter.Error{Code: platter.CodeMalformed, Message: "error.malformed", Err: err}
	}
	req.Filter, req.Data = env.Filter, env.Data
	return req, nil
}

// bodyError tells a body over the limit and one that did not arrive in time
// (the server's read timeout) from other read failures.
func bodyError(err error) error {
	var tooBig *http.MaxBytesError
	var netErr net.Error
	switch {
	case errors.As(err, &tooBig):
		return &platter.Error{Code: platter.CodeTooLarge, Message: "error.too_large"}
	case errors.As(err, &netErr) && netErr.Timeout():
		return &platter.Error{Code: platter.CodeBodyTimeout, Message: "error.body_timeout", Err: err}
	}
	return &platter.Error{Code: platter.CodeMalformed, Message: "error.malformed", Err: err}
}

// decode unmarshals a filter or data object into dst. A value of the wrong
// type is a validation error on that field; null or absent decodes nothing.
// Every string decoded is then checked (text.go): no control characters,
// one line unless the field's tag says multiline, a bounded length.
func decode(raw json.RawMessage, dst any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return platter.Invalid(map[string]string{typeErr.Field: "validation.type"})
		}
		return &platter.Error{Code: platter.CodeMalformed, Message: "error.malformed", Err: err}
	}
	if bad := checkText(dst); len(bad) > 0 {
		return platter.Invalid(bad)
	}
	return nil
}

// writeReply writes a success envelope.
func writeReply(w http.ResponseWriter, rep *reply) {
	if rep.Raw != nil {
		w.Header()["Content-Type"] = jsonType // shared, as in withSecurityHeaders
		if rep.Encoding != "" {
			w.Header().Set("Content-Encoding", rep.Encoding)
			addVary(w.Header())
		}
		if rep.length != nil {
			w.Header()["Content-Length"] = rep.length // shared, never changed
		} else {
			w.Header().Set("Content-Length", strconv.Itoa(len(rep.Raw)))
		}
		w.WriteHeader(http.StatusOK)
		if sw, ok := w.(interface{ writeShared([]byte) }); ok {
			sw.writeShared(rep.Raw) // cached bytes, never changed: held, not copied
			return
		}
		_, _ = w.Write(rep.Raw)
		return
	}
	body := make(map[string]any, len(rep.Meta)+2)
	for k, v := range rep.Meta {
		body[k] = v
	}
	body["success"] = true
	body["data"] = rep.Data
	writeJSON(w, http.StatusOK, body)
}

// errorBody is the failure envelope of docs/architecture.md §3.
type errorBody struct {
	Success       bool              `json:"success"`
	Code          int               `json:"code"`
	Message       string            `json:"message"`
	RequestID     string            `json:"request_id"`
	BatchMessages []string          `json:"batch_messages,omitempty"`
	Fields        map[string]string `json:"fields,omitempty"`
}

// writeError is the one function that writes an API error: it translates
// the message into the caller's language and logs internal causes only.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, lang string, err error) {
	if errors.Is(err, context.DeadlineExceeded) && r.Context().Err() != nil {
		err = errTimeout(err) // the call's own deadline cut a query short
	}
	// A database that cannot be reached (restarting, failed over) is 1503
	// with Retry-After, never 1500: nothing was done, the call may be tried
	// again with the same idempotency key.
	e := platter.AsError(store.AsUnreachable(err))
	id := requestID(r.Context())
	switch {
	case e.Code == platter.CodeInternal:
		s.log.Error("request failed", "request_id", id, "path", r.URL.Path, "err", err)
	case e.Code == platter.CodeUnavailable && e.Err != nil:
		s.log.Warn("request unavailable", "request_id", id, "path", r.URL.Path, "err", e.Err)
	}
	body := errorBody{Code: e.Code, RequestID: id, Message: s.msgs.T(lang, e.Message, e.Params)}
	if len(e.Fields) > 0 {
		body.Fields = make(map[string]string, len(e.Fields))
		for f, key := range e.Fields {
			body.Fields[f] = s.msgs.T(lang, key, e.FieldParams(f))
		}
		body.BatchMessages = batch(body.Fields)
	}
	// Any error may say when to try again (1429, 1503): {retry_after} in
	// seconds becomes the Retry-After header.
	if ra := e.Params["retry_after"]; ra != "" {
		w.Header().Set("Retry-After", ra)
	}
	if e.Code == platter.CodeMethod && w.Header().Get("Allow") == "" {
		w.Header().Set("Allow", http.MethodPost)
	}
	writeJSON(w, statusOf(e.Code), body)
}

// batch lists field messages in a stable order (by field name).
func batch(fields map[string]string) []string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sortStrings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, fields[k])
	}
	return out
}

// internalErrorBody is the answer when an answer cannot be encoded.
var internalErrorBody = []byte(`{"success":false,"code":` + strconv.Itoa(platter.CodeInternal) + `,"message":"internal error"}`)

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		slog.Error("encode response", "err", err)
		status, b = http.StatusInternalServerError, internalErrorBody
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// requireString reports a validation error when a required filter value is
// blank.
func requireString(fields map[string]string, name, value string) {
	if strings.TrimSpace(value) == "" {
		fields[name] = "validation.required"
	}
}
