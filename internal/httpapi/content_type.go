package httpapi

import (
	"mime"
	"strings"

	"platter/internal/platter"
)

// bodyTypes names the media type of each v3 path whose body is not JSON
// (none yet: the planned upload call takes "multipart/form-data"). Such a
// call reads its own body; every other call is JSON.
var bodyTypes = map[string]string{}

// acceptsType reports whether a v3 path takes a body of contentType.
func acceptsType(path, contentType string) bool {
	want, ok := bodyTypes[path]
	if !ok {
		return isJSON(contentType)
	}
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == want
}

// isJSON accepts application/json with, at most, a UTF-8 charset. Anything
// else is refused (1415): text/plain and form types are the ones a page of
// another origin may POST without a CORS preflight, so accepting them would
// let any web page run calls such as auth/forgotten-password in a visitor's
// browser. The multipart upload call is not an envelope call: it is served
// by its own route and checks its own type.
func isJSON(contentType string) bool {
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
