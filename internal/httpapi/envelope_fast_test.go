package httpapi

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

var fastSeeds = []string{
	`{"filter":{"business_slug":"demo-burgers","venue_slug":"soho","order_type":0}}`,
	` { "FILTER" : {"Business_Slug":"a","venue_slug":"b","order_type":1} , "data" : [1,{"x":"}"}] } `,
	`{"filter":{"business_slug":"a"},"filter":{"venue_slug":"b"}}`,
	`{"filter":null,"data":null}`,
	`{"filter":5}`,
	`{"filter":{"order_type":"0"}}`,
	`{"filter":{"order_type":1.0}}`,
	`{"filter":{"order_type":1e0}}`,
	`{"filter":{"order_type":-0}}`,
	`{"filter":{"order_type":99999999999999999999}}`,
	`{"filter":{"order_type":1,"order_type":null}}`,
	`{"filter":{"order_type":null,"order_type":2}}`,
	`{"filter":{"business_slug":null,"venue_slug":7}}`,
	`{"filter":{"business_slug":"a\u0000b","venue_slug":"s"}}`,
	`{"filter":{"business_slug":"a\"b","venue_slug":"s\\"}}`,
	`{"filter":{"business_slug":"zażółć","venue_slug":"s"}}`,
	`{"filter":{"business_ſlug":"x","venue_slug":"s"}}`,
	`{"filt\u0065r":{"business_slug":"x"}}`,
	`{"filter":{"x":[1,2,{"y":"]"}],"business_slug":"b","venue_slug":"v"}}`,
	`{"filter":{}}`, `{}`, `[]`, `"x"`, `null`, `{"a":1}`, `{"data":{"k":"v"},"z":true}`,
	`{"filter":{"business_slug":"a","venue_slug":"b","order_type":true}}`,
	`{"filter":{"business_slug":"` + string(make([]byte, 0)) + `","venue_slug":" "}}`,
}

// TestEnvelopeFastMatchesJSON holds the fast paths to encoding/json's
// answers on the seeds (FuzzEnvelopeFast on any input).
func TestEnvelopeFastMatchesJSON(t *testing.T) {
	for _, s := range fastSeeds {
		checkEnvelopeFast(t, []byte(s))
	}
}

// FuzzEnvelopeFast: wherever the fast paths answer, their answer is
// encoding/json's (the envelope's members, the menu filter's fields and
// their check).
func FuzzEnvelopeFast(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkEnvelopeFast)
}

func checkEnvelopeFast(t *testing.T, body []byte) {
	if !json.Valid(body) {
		return
	}
	var env struct {
		Filter json.RawMessage `json:"filter"`
		Data   json.RawMessage `json:"data"`
	}
	envErr := json.Unmarshal(body, &env)
	filter, data, ok := scanEnvelope(body)
	if ok {
		if envErr != nil {
			t.Fatalf("%s: fast envelope accepted what json refused: %v", body, envErr)
		}
		if !bytes.Equal(filter, env.Filter) || !bytes.Equal(data, env.Data) {
			t.Fatalf("%s: fast envelope %q %q, json %q %q", body, filter, data, env.Filter, env.Data)
		}
	}
	if envErr != nil {
		return
	}
	var fast, slow menuFilter
	if !decodeMenuFilter(env.Filter, &fast) {
		return
	}
	if err := json.Unmarshal(env.Filter, &slow); err != nil {
		t.Fatalf("%s: fast filter accepted what json refused: %v", body, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%s: fast filter %+v, json %+v", body, fast, slow)
	}
	if fast.OrderType != nil && (slow.OrderType == nil || *fast.OrderType != *slow.OrderType) {
		t.Fatalf("%s: order type differs", body)
	}
}
