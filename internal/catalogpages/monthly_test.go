package catalogpages_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalogpages"
	"forecourt/internal/search"
)

// TestCarListMonthlyCost: "?car_monthly_cost=…&sort=car_monthly_cost_asc"
// narrows and orders the list, the facet comes back as a histogram, and
// the cards carry the figure and its kind.
func TestCarListMonthlyCost(t *testing.T) {
	docs := demoCars()
	for i, m := range []struct {
		cost float64
		kind string
	}{{4100, "loan"}, {2995, "privateleasing"}, {0, ""}, {3500, "loan"}, {6200, "loan"}} {
		if m.kind != "" {
			docs[i]["car_monthly_cost"], docs[i]["car_monthly_cost_type"] = m.cost, m.kind
		}
	}
	ix, err := search.Build(search.VehiclesSchema(), docs)
	if err != nil {
		t.Fatal(err)
	}
	e := search.NewEngine()
	e.Replace("vehicles_group_se", ix)
	d := dataOf[*catalogpages.CarListData](t, assemble(t, MustPages(t, e), "group-se", "sv", "/bilar?car_monthly_cost=2000-4500&sort=car_monthly_cost_asc"))
	type card struct {
		ID   int64
		Cost float64
		Kind string
	}
	var got []card
	for _, c := range d.Cars {
		got = append(got, card{c.CarID, c.MonthlyCost, c.MonthlyCostType})
	}
	want := []card{{102, 2995, "privateleasing"}, {104, 3500, "loan"}, {101, 4100, "loan"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cards (-want +got):\n%s", diff)
	}
	var h *search.FacetResult
	for i := range d.Facets {
		if d.Facets[i].Name == "car_monthly_cost" {
			h = &d.Facets[i]
		}
	}
	if h == nil || h.Histogram == nil || h.Histogram.Min != 2995 || h.Histogram.Max != 6200 {
		t.Fatalf("monthly facet = %+v", h)
	}
	if d.Query.Encode() != "car_monthly_cost=2000-4500&sort=car_monthly_cost_asc" {
		t.Errorf("state in the URL = %q", d.Query.Encode())
	}
}

// TestMonthlySortsOnlyWhereOffered: a list without monthly figures (the
// demo stock here has none) does not offer sorting by them, unless the URL
// asks for it.
func TestMonthlySortsOnlyWhereOffered(t *testing.T) {
	p := MustPages(t, MustEngine(t))
	for target, want := range map[string]bool{"/bilar": false, "/bilar?sort=car_monthly_cost_desc": true} {
		d := dataOf[*catalogpages.CarListData](t, assemble(t, p, "group-se", "sv", target))
		has := false
		for _, s := range d.Sorts {
			has = has || s == "car_monthly_cost_desc"
		}
		if has != want || len(d.Sorts) < 6 {
			t.Errorf("%s: sorts %v", target, d.Sorts)
		}
	}
}
