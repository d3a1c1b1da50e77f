package web

import (
	"encoding/json"
	"strings"
	"testing"

	"forecourt/internal/search"
)

// TestSearchAPIMonthlyCost: the public API takes the monthly-cost facet,
// range filter and sorts like the other range facets, and says clearly
// what is wrong with a bad one.
func TestSearchAPIMonthlyCost(t *testing.T) {
	engine := search.NewEngine()
	docs := []map[string]any{}
	for i, cost := range []float64{3245, 2995, 0, 5120} {
		d := map[string]any{"car_id": float64(i + 1), "car_brand": "Volvo"}
		if cost > 0 {
			d["car_monthly_cost"], d["car_monthly_cost_type"] = cost, "loan"
		}
		docs = append(docs, d)
	}
	ix, err := search.Build(search.VehiclesSchema(), docs)
	if err != nil {
		t.Fatal(err)
	}
	engine.Replace("vehicles_group_se", ix)
	e := mustHardServer(t, Config{}, "anna:%s", nil, engine)
	post := func(body string) (int, string) {
		res := e.do("POST", "/api/search", "", strings.NewReader(body), "Content-Type", "application/json")
		return res.StatusCode, readAll(res)
	}
	st, body := post(`{"index":"vehicles_group_se","fields":["car_id","car_monthly_cost","car_monthly_cost_type"],"sort_name":"car_monthly_cost_asc",
		"filters":{"car_monthly_cost":[3000,""]},"facets":[{"name":"car_monthly_cost"}]}`)
	if st != 200 {
		t.Fatalf("monthly query: %d %s", st, body)
	}
	var res struct {
		Content []struct {
			ID   float64 `json:"car_id"`
			Cost float64 `json:"car_monthly_cost"`
		} `json:"content"`
		Facet []search.FacetResult `json:"facet"`
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Content) != 2 || res.Content[0].ID != 1 || res.Content[1].ID != 4 || res.Content[0].Cost != 3245 {
		t.Errorf("content = %+v, want cars 1 (3245) and 4", res.Content)
	}
	if len(res.Facet) != 1 || res.Facet[0].Histogram == nil || res.Facet[0].Histogram.Min != 2995 {
		t.Errorf("facet = %+v", res.Facet)
	}
	for _, tt := range []struct{ body, want string }{
		{`{"index":"vehicles_group_se","filters":{"car_monthly_cost":["cheap",""]}}`, `"filters.car_monthly_cost":"range value \"cheap\" is not a number"`},
		{`{"index":"vehicles_group_se","filters":{"car_monthly_cost":[1,2,3]}}`, `"filters.car_monthly_cost":"a range needs two values [min, max], got 3"`},
		{`{"index":"vehicles_group_se","sort_name":"car_monthly_cost_low"}`, `"sort_name":"unknown sort`},
	} {
		if st, body := post(tt.body); st != 400 || !strings.Contains(body, tt.want) {
			t.Errorf("%s: %d %s; want 400 with %s", tt.body, st, body, tt.want)
		}
	}
}
