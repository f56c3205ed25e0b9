// Package platter holds what every other package of the project shares: the
// error type with its stable API codes. It imports nothing of the project.
package platter

import (
	"errors"
	"fmt"
	"strings"
)

// Stable API error codes (docs/architecture.md §3, docs/errors.md). Never renumber one.
// Every code of the API is one of these constants, and docs/errors.md lists
// exactly these, each with its HTTP status (a test in httpapi holds both).
const (
	CodeValidation     = 1000
	CodeMalformed      = 1001
	CodeMethod         = 1405
	CodeUnauthorized   = 1401
	CodeForbidden      = 1403
	CodeNotFound       = 1404
	CodeConflict       = 1409
	CodeTooLarge       = 1413
	CodeUnsupported    = 1415 // an envelope call whose body is not application/json
	CodeBodyTimeout    = 1408 // the body did not arrive within the server's read timeout
	CodeHeaderTooLarge = 1431 // request headers over the server's limit
	CodeRateLimited    = 1429
	CodeInternal       = 1500
	CodeUnavailable    = 1503
	CodeBadCredentials = 2061
	CodeNotVerified    = 2062 // right password, address not verified yet: go to Verify
	CodeBadCode        = 2063 // one-time code wrong, expired or used
	CodeCodeExhausted  = 2064 // too many wrong tries: request a new code

	// Staff invitations (issue 12).
	CodeInvitationInvalid = 2070 // unknown, expired, used or revoked invitation link
	CodeAlreadyMember     = 2071 // the address already holds that role there

	// Scheduling refusals (31xx): when an order may be wanted.
	CodeVenueClosed  = 3101 // ASAP while the venue is closed
	CodeVenuePaused  = 3102 // ASAP (or a slot before the pause ends) while paused
	CodeOutsideHours = 3103 // preorder_for outside opening hours
	CodeTooSoon      = 3104 // preorder_for sooner than prep (+ delivery, + busy) minutes
	CodeSlotFull     = 3105 // the slot has no place left
	CodeNotSlot      = 3106 // preorder_for is not the start of a 15-minute slot
	CodeTooFarAhead  = 3107 // preorder_for beyond the days slots are offered for

	// Checkout refusals (30xx): the basket, the discount, the payment.
	CodeOrderTypeUnavailable = 3010 // the venue does not take this order type
	CodeOutsideArea          = 3011 // delivery address beyond the venue's radius
	CodeBelowMinimum         = 3012 // subtotal under the order type's minimum
	CodeEmptyBasket          = 3013 // nothing (available) to order
	CodeItemUnavailable      = 3020 // sold out, removed from the menu, or not for this order type
	CodeModifierUnavailable  = 3021 // a choice that is sold out, removed, or not one of the item's
	CodeModifierSelection    = 3022 // choices of a modifier category outside select_min/select_max
	CodeItemQuantity         = 3023 // quantity outside the item's select_min/select_max
	CodeTipOutOfRange        = 3030 // tip below 0 or above 50 % of the subtotal
	CodePromoUnknown         = 3040
	CodePromoExpired         = 3041 // outside its validity window
	CodePromoMinimum         = 3042 // subtotal below the code's minimum spend
	CodePromoUsedUp          = 3043 // no uses left
	CodePromoAlreadyUsed     = 3044 // the customer's own uses are spent
	CodeRewardUnavailable    = 3045 // unknown, expired, below its minimum spend or already used
	CodePaymentDeclined      = 3050
	CodeInsufficientFunds    = 3051
	CodeAuthenticationFailed = 3052 // the card's authentication (3-D Secure challenge) failed
	CodeOrderNotPayable      = 3053 // expired or cancelled before payment
	CodePaymentInProgress    = 3054 // another payment of the order is under way

	// After checkout (issue 11).
	CodeTransitionRefused = 3060 // the order's status does not allow the step (or it just changed): 409

	// Support requests and their photos (40xx).
	CodeBadPhoto               = 4001 // not a JPEG, over 800 KB or too many pixels: one code, one remedy
	CodePhotoNotYours          = 4002 // a photo id is not the caller's upload, or is attached already
	CodeTooManyUploads         = 4003 // the caller has too many photos not yet sent with a request
	CodeTooManySupportRequests = 4004 // the order has the most support requests it may have
	CodeOrderNotPlaced         = 4005 // the order was never paid: nothing to ask about yet

	// Back-office pictures (docs/architecture.md §10).
	CodeBadImage = 4010 // not a JPEG, PNG or WebP by content, over 5 MB, or too many pixels
)

// Error is the one error type that crosses package boundaries. Message and the
// values of Fields are message keys of the i18n catalogue (or plain text when
// no key matches), so the HTTP layer can answer in the caller's language.
// Params fill {name} placeholders in the translated text. Err is the internal
// cause: it is logged, never shown.
type Error struct {
	Code    int
	Message string
	Fields  map[string]string
	Params  map[string]string
	Err     error
}

func (e *Error) Error() string {
	s := fmt.Sprintf("platter %d: %s", e.Code, e.Message)
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and message key (formatted).
func Errorf(code int, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// NotFound is the error for a missing or foreign record: callers must not be
// able to tell the two apart.
func NotFound() *Error { return &Error{Code: CodeNotFound, Message: "error.not_found"} }

// Internal wraps an unexpected cause; the client sees only a generic message.
func Internal(err error) *Error {
	return &Error{Code: CodeInternal, Message: "error.internal", Err: err}
}

// Invalid builds a validation error from field → message key pairs.
func Invalid(fields map[string]string) *Error {
	return &Error{Code: CodeValidation, Message: "error.validation", Fields: fields}
}

// FieldParam is the name of a parameter that fills {name} in the message
// of one field only (two fields may count different things: the
// description's characters, the photos): "field.name". The name has no dot.
func FieldParam(field, name string) string { return field + "." + name }

// FieldParams returns the parameters of field's message: e.Params, with
// those set for that field alone (FieldParam) in place of the shared ones.
func (e *Error) FieldParams(field string) map[string]string {
	out := make(map[string]string, len(e.Params))
	for k, v := range e.Params {
		if _, ok := out[k]; !ok {
			out[k] = v
		}
		// The parameter's name is after the last dot: a field may have dots
		// of its own (a document's JSON path, "menus[0].categories[1].name").
		if i := strings.LastIndexByte(k, '.'); i >= 0 && k[:i] == field {
			out[k[i+1:]] = v
		}
	}
	return out
}

// ErrorCode returns the API code of err: its own code for *Error, 1500 otherwise.
func ErrorCode(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// AsError returns err as an *Error, wrapping anything else as internal.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return Internal(err)
}
