package httpapi

import (
	"encoding/json"
	"strconv"

	"platter/internal/catalog"
)

// The fast paths below read the shapes every client sends (plain ASCII keys,
// no escapes) without reflection, and give up, returning false, on anything
// else: the caller then runs encoding/json, whose answer and errors stay the
// reference. Both run only on input json.Valid accepted, so a value's end is
// found by counting brackets outside strings. Decoding the envelope and then
// the filter with encoding/json was a fifth of a cached menu/list call
// (issue 23).

// scanEnvelope finds the filter and data members of a valid JSON body as
// json.Unmarshal into {Filter, Data json.RawMessage} would: keys matched
// without regard to case, the last of a repeated key kept, null kept as
// the bytes null. The values are slices of body, not copies.
func scanEnvelope(body []byte) (filter, data json.RawMessage, ok bool) {
	ok = scanObject(body, func(key, value []byte) bool {
		switch {
		case foldEqual(key, "filter"):
			filter = value
		case foldEqual(key, "data"):
			data = value
		}
		return true
	})
	return filter, data, ok
}

// scanObject calls member for each key and value of b, a valid JSON object
// (leading and trailing space allowed), in order. It returns false when b
// is not an object, a key is not plain ASCII without escapes, or member
// returned false.
func scanObject(b []byte, member func(key, value []byte) bool) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return true
	}
	for i < len(b) && b[i] == '"' {
		end := i + 1
		for end < len(b) && b[end] != '"' {
			if c := b[end]; c == '\\' || c >= 0x80 {
				return false
			}
			end++
		}
		if end >= len(b) {
			return false
		}
		key := b[i+1 : end]
		i = skipSpace(b, end+1)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		vEnd := skipValue(b, i)
		if vEnd <= i || !member(key, b[i:vEnd]) {
			return false
		}
		i = skipSpace(b, vEnd)
		if i >= len(b) {
			return false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return true
		default:
			return false
		}
	}
	return false
}

// foldEqual is strings.EqualFold(string(key), name) for an ASCII key and a
// lower-case ASCII name (encoding/json's match of a key to a field), without
// making a string of key.
func foldEqual(key []byte, name string) bool {
	if len(key) != len(name) {
		return false
	}
	for i, c := range key {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != name[i] {
			return false
		}
	}
	return true
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the end of the valid JSON value starting at b[i].
func skipValue(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
			if depth < 0 {
				return i // a member's end: not part of the value
			}
		case ',', ' ', '\t', '\n', '\r', ':':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// orderTypes are the valid order types, for decodeMenuFilter to point at.
var orderTypes = [...]int{catalog.OrderTypeDelivery: catalog.OrderTypeDelivery,
	catalog.OrderTypePickup: catalog.OrderTypePickup}

// menuFilter is menu/list's filter.
type menuFilter struct {
	BusinessSlug string `json:"business_slug"`
	VenueSlug    string `json:"venue_slug"`
	OrderType    *int   `json:"order_type"`
}

// decodeMenuFilter is decode(raw, f) for the usual filter: plain strings
// (printable ASCII, no escapes), an integer or null order type. It returns
// false, leaving the rest to decode, for anything else.
func decodeMenuFilter(raw []byte, f *menuFilter) bool {
	if len(raw) == 0 || string(raw) == "null" {
		return false
	}
	return scanObject(raw, func(key, v []byte) bool {
		switch {
		case foldEqual(key, "business_slug"):
			return plainString(v, &f.BusinessSlug)
		case foldEqual(key, "venue_slug"):
			return plainString(v, &f.VenueSlug)
		case foldEqual(key, "order_type"):
			if string(v) == "null" {
				f.OrderType = nil
				return true
			}
			for j, c := range v {
				if (c < '0' || c > '9') && (c != '-' || j > 0) {
					return false
				}
			}
			n, err := strconv.ParseInt(string(v), 10, strconv.IntSize)
			if err != nil {
				return false
			}
			if n == catalog.OrderTypeDelivery || n == catalog.OrderTypePickup {
				f.OrderType = &orderTypes[n] // read only: the handler never writes through it
			} else {
				f.OrderType = new(int)
				*f.OrderType = int(n)
			}
		}
		return true
	})
}

// plainString sets *dst to the JSON string v when it is printable ASCII
// without escapes; null leaves *dst as it is, as encoding/json does.
func plainString(v []byte, dst *string) bool {
	if string(v) == "null" {
		return true
	}
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return false
	}
	for _, c := range v[1 : len(v)-1] {
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return false
		}
	}
	*dst = string(v[1 : len(v)-1])
	return true
}
