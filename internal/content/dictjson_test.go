package content

import (
	"encoding/json"
	"testing"

	gojson "github.com/goccy/go-json"
)

// The remembered encoding is byte for byte what both JSON encoders write
// for the plain map, inside a page's data as on its own.
func TestDictionaryJSONIsTheMapsJSON(t *testing.T) {
	d := Dictionary{"b": "två <b>&</b>", "a": "ett", "c": "line\u2028sep"}
	want, _ := json.Marshal(map[string]string(d))
	for i := 0; i < 2; i++ { // encoded, then remembered
		got, err := json.Marshal(d)
		if err != nil || string(got) != string(want) {
			t.Fatalf("encoding/json round %d: %s, %v; want %s", i, got, err, want)
		}
		type page struct {
			Dictionary Dictionary `json:"dictionary"`
		}
		g, err := gojson.Marshal(page{d})
		if err != nil || string(g) != `{"dictionary":`+string(want)+`}` {
			t.Fatalf("go-json round %d: %s, %v", i, g, err)
		}
	}
	if b, _ := json.Marshal(Dictionary(nil)); string(b) != "null" {
		t.Errorf("nil dictionary: %s", b)
	}
	// A new map under the same site gets its own encoding.
	d2 := Dictionary{"a": "annan"}
	if b, _ := json.Marshal(d2); string(b) != `{"a":"annan"}` {
		t.Errorf("second map: %s", b)
	}
}
