package httpapi

import (
	"mime"
	"strings"

	"platter/internal/platter"
)

// isJSON accepts application/json with, at most, a UTF-8 charset. Anything
// else is refused (1415): text/plain and form types are the ones a page of
// another origin may POST without a CORS preflight, so accepting them would
// let any web page run calls such as auth/forgotten-password in a visitor's
// browser. A call with another body type (the multipart upload) is a raw
// route (routes.go): its own pattern, never this reader, and it checks its
// own type.
func isJSON(contentType string) bool {
	switch contentType { // the usual spellings, without parsing (menu/list's hot path)
	case "application/json", "application/json; charset=utf-8":
		return true
	}
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return false
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return false
		}
	}
	return true
}

func errUnsupportedType() error {
	return &platter.Error{Code: platter.CodeUnsupported, Message: "error.unsupported_type"}
}
