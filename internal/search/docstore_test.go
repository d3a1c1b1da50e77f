package search

import (
	"encoding/json"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
)

// The packed documents give back what decoding the record's JSON gives, and
// DocJSON writes what encoding/json writes for it.
func TestDocStoreRoundTrip(t *testing.T) {
	docs := synthCars(300, 7)
	docs[0]["car_description"] = "Tät <b>&</b> \"citat\" \\ \n\t\x01 \u2028 ok"
	docs[1]["car_loan_option"] = map[string]any{"rate": 4.95, "tiny": 1e-9, "huge": 1e22, "neg": -3.0, "list": []any{}, "none": nil}
	docs[2]["car_images"] = []any{}
	ix := MustBuild(t, VehiclesSchema(), docs)
	for d, doc := range docs {
		raw, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		if diff := gocmp.Diff(want, ix.store.project(uint32(d), nil)); diff != "" {
			t.Fatalf("doc %d (-json +store):\n%s", d, diff)
		}
		res := MustSearch(t, ix, Query{Filters: map[string][]string{"car_id": {formatNumber(doc["car_id"].(float64))}}, Limit: 1, Fields: []string{"car_brand", "car_images", "nope"}})
		if got := string(res.DocJSON(0)); got != string(raw) {
			t.Fatalf("doc %d: DocJSON\n%s\nwant\n%s", d, got, raw)
		}
		proj := map[string]any{"car_brand": want["car_brand"]}
		if v, ok := want["car_images"]; ok {
			proj["car_images"] = v
		}
		if diff := gocmp.Diff(proj, res.Content[0]); diff != "" {
			t.Fatalf("doc %d projection (-want +got):\n%s", d, diff)
		}
	}
}

func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "plain", "Tät <b>&</b>", "\"q\" \\ \n\r\t\b\f\x01\x1f", "\u2028\u2029", "bad \xff\xfe utf8", "😀"} {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
	}
}
