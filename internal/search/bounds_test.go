package search

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"forecourt/internal/errs"
)

// TestParseQueryBounds: probes for unbounded work (one facet hundreds of
// times, a huge offset, thousands of filter values) are 400s naming the
// field.
func TestParseQueryBounds(t *testing.T) {
	many := func(n int, f func(i int) string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f(i)
		}
		return strings.Join(parts, ",")
	}
	tests := []struct{ name, body, field string }{
		{"duplicate facet", `{"index":"vehicles_group_se","facets":[{"name":"car_brand"},{"name":"car_brand"}]}`, "facets[1].name"},
		{"too many facets", `{"index":"vehicles_group_se","facets":[` + many(MaxFacets+1, func(i int) string { return fmt.Sprintf(`{"name":"f%d"}`, i) }) + `]}`, "facets"},
		{"too many filter values", `{"index":"vehicles_group_se","filters":{"car_brand":[` + many(MaxFilterVals+1, func(i int) string { return fmt.Sprintf(`"b%d"`, i) }) + `]}}`, "filters.car_brand"},
		{"too many filters", `{"index":"vehicles_group_se","filters":{` + many(MaxFilters+1, func(i int) string { return fmt.Sprintf(`"k%d":["x"]`, i) }) + `}}`, "filters"},
		{"too many fields", `{"index":"vehicles_group_se","fields":[` + many(MaxFields+1, func(i int) string { return fmt.Sprintf(`"f%d"`, i) }) + `]}`, "fields"},
		{"huge offset", `{"index":"vehicles_group_se","offset":100000000}`, "offset"},
		{"limit over the engine's", `{"index":"vehicles_group_se","limit":1001}`, "limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseQuery([]byte(tt.body))
			var e *errs.Error
			if !errs.Is(err, errs.Invalid) || !asErr(err, &e) || e.Fields[tt.field] == "" {
				t.Fatalf("ParseQuery = %v (fields %v), want a problem with %s", err, fieldsOf(err), tt.field)
			}
		})
	}
}

func asErr(err error, e **errs.Error) bool {
	x, ok := err.(*errs.Error)
	*e = x
	return ok
}

func fieldsOf(err error) map[string]string {
	if e, ok := err.(*errs.Error); ok {
		return e.Fields
	}
	return nil
}

// TestParseQueryErrorsNameNoGoTypes: a body that is not an object is a
// clear message, not "Go value of type search.wireQuery".
func TestParseQueryErrorsNameNoGoTypes(t *testing.T) {
	for _, body := range []string{`[]`, `"x"`, `1`, `{"index":{}}`, `{"limit":"x"}`, `{`} {
		_, err := ParseQuery([]byte(body))
		if err == nil {
			t.Fatalf("%s accepted", body)
		}
		b, _ := json.Marshal(err.(*errs.Error))
		if s := err.Error() + string(b); strings.Contains(s, "Go ") || strings.Contains(s, "wireQuery") || strings.Contains(s, "search.") {
			t.Errorf("%s: message names Go types: %s", body, s)
		}
	}
}

// TestEngineCacheBoundedByBytes: many distinct large answers never hold
// more than CacheBytes, and expired answers are dropped (their memory
// freed) rather than kept until a count is reached.
func TestEngineCacheBoundedByBytes(t *testing.T) {
	ctx := context.Background()
	e := NewEngine()
	e.CacheBytes = 1 << 20
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	e.now = func() time.Time { return now }
	e.Replace("vehicles_group_se", MustBuild(t, VehiclesSchema(), synthCars(2000, 1)))
	for i := 0; i < 200; i++ {
		q := Query{Index: "vehicles_group_se", Limit: 48, Offset: i, Fields: []string{"car_id", "car_brand"}, Facets: []FacetRequest{{Name: "car_brand", ChildName: "car_model"}, {Name: "car_color"}}}
		if _, err := e.Search(ctx, q); err != nil {
			t.Fatal(err)
		}
		if _, b := e.CacheStats(); b > e.CacheBytes {
			t.Fatalf("after %d queries the cache holds %d bytes, over its %d", i+1, b, e.CacheBytes)
		}
	}
	if n, _ := e.CacheStats(); n == 0 {
		t.Fatal("nothing cached")
	}
	now = now.Add(CacheTTL)
	if n, b := e.CacheStats(); n != 0 || b != 0 {
		t.Errorf("after the TTL the cache holds %d answers, %d bytes; want none", n, b)
	}
}
