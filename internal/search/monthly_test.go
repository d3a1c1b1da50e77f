package search

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
)

// monthlyDocs: cars with a loan figure, a leasing figure, and none.
func monthlyDocs() []map[string]any {
	mk := func(id, cost float64, kind string) map[string]any {
		d := map[string]any{"car_id": id, "car_brand": "Volvo", "car_price": 100000 * id}
		if kind != "" {
			d["car_monthly_cost"], d["car_monthly_cost_type"] = cost, kind
		}
		return d
	}
	return []map[string]any{mk(1, 3245, "loan"), mk(2, 2995, "privateleasing"), mk(3, 0, ""), mk(4, 5120, "loan"), mk(5, 2995, "loan")}
}

func TestMonthlyCostFacetAndSort(t *testing.T) {
	ix := MustBuild(t, VehiclesSchema(), monthlyDocs())
	tests := []struct {
		name string
		q    Query
		ids  []string
	}{
		{"lowest first, ties in index order, no figure last", Query{Limit: 10, SortName: "car_monthly_cost_asc"}, []string{"2", "5", "1", "4", "3"}},
		{"highest first, no figure still last", Query{Limit: 10, SortName: "car_monthly_cost_desc"}, []string{"4", "1", "2", "5", "3"}},
		{"range inclusive leaves cars without a figure out", Query{Limit: 10, Filters: map[string][]string{"car_monthly_cost": {"2995", "3245"}}}, []string{"1", "2", "5"}},
		{"open upper end", Query{Limit: 10, Filters: map[string][]string{"car_monthly_cost": {"3000", ""}}}, []string{"1", "4"}},
		{"by kind", Query{Limit: 10, Filters: map[string][]string{"car_monthly_cost_type": {"privateleasing"}}}, []string{"2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.ids, ids(MustSearch(t, ix, tt.q))); d != "" {
				t.Errorf("ids (-want +got):\n%s", d)
			}
		})
	}
	res := MustSearch(t, ix, Query{Facets: []FacetRequest{{Name: "car_monthly_cost"}}, Filters: map[string][]string{"car_monthly_cost": {"5000", "6000"}}})
	h := res.Facets[0]
	if h.Type != "histogram" || h.Histogram == nil || h.Histogram.Min != 2995 || h.Histogram.Max != 5120 {
		t.Fatalf("histogram = %+v", h)
	}
	n := 0
	for _, b := range h.Histogram.Buckets {
		n += b.Count
	}
	if n != 4 {
		t.Errorf("the facet ignores its own filter: %d cars in buckets, want 4", n)
	}
}

func TestMonthlyCostQueryErrors(t *testing.T) {
	tests := []struct{ body, field, says string }{
		{`{"index":"vehicles_group_se","filters":{"car_monthly_cost":["cheap","3000"]}}`, "filters.car_monthly_cost", "not a number"},
		{`{"index":"vehicles_group_se","filters":{"car_monthly_cost":[1000,2000,3000]}}`, "filters.car_monthly_cost", "two values"},
		{`{"index":"vehicles_group_se","filters":{"car_monthly_cost":[4000,3000]}}`, "filters.car_monthly_cost", "greater than"},
		{`{"index":"vehicles_group_se","sort_name":"car_monthly_cost_cheapest"}`, "sort_name", "unknown sort"},
		{`{"index":"vehicles_group_se","sort_name":"car_monthly_cost_type_asc"}`, "sort_name", "number field"},
	}
	for _, tt := range tests {
		_, err := ParseQuery([]byte(tt.body))
		if !errs.Is(err, errs.Invalid) {
			t.Fatalf("%s: err = %v, want invalid", tt.body, err)
		}
		var e *errs.Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: %T", tt.body, err)
		}
		if msg := e.Fields[tt.field]; !strings.Contains(msg, tt.says) {
			t.Errorf("%s: %s = %q, want it to say %q", tt.body, tt.field, msg, tt.says)
		}
	}
	if _, err := ParseQuery([]byte(`{"index":"vehicles_group_se","sort_name":"car_monthly_cost_asc","filters":{"car_monthly_cost":["2000",""]},"facets":[{"name":"car_monthly_cost"}]}`)); err != nil {
		t.Errorf("valid monthly query: %v", err)
	}
}
