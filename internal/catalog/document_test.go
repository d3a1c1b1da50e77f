package catalog_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/search"
	"forecourt/internal/store/storetest"
)

// jsonMap is v's JSON decoded: the document a record's search document must
// equal.
func jsonMap(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// oddCars are cars the demo stock does not have: empty and nil lists, no
// loan option, every derived field set, text that JSON escapes.
func oddCars() []catalog.Car {
	bare := testCar(99000001)
	bare.CarLoanOption, bare.CarImages, bare.CarEquipment, bare.CarLeasingOptions = nil, nil, nil, nil
	empty := testCar(99000002)
	empty.CarImages, empty.CarEquipment, empty.CarCampaigns, empty.CarSellers = []catalog.Image{}, []string{}, []string{}, []catalog.Seller{}
	empty.CarLoanOption.ContractDurations = []catalog.ContractDuration{}
	full := testCar(99000003)
	full.CarDescription = `Tät <b>&</b> "citat" \ ` + "\n\t\x01 \u2028 ok"
	full.CarCampaigns = []string{"Fri service", "Fri service", ""}
	full.CarMonthlyCost, full.CarMonthlyCostType = 2990, "loan"
	full.CarPriceHistory = []catalog.PricePoint{{Date: "2026-11-01", Price: 399900}, {Date: "2026-11-12", Price: 389900}}
	full.CarPriceDrop = &catalog.PriceCut{Amount: 10000, Date: "2026-11-12"}
	full.CarPriceDropped, full.CarPriceDropDate = "recent", 1762905600
	full.CarPriceEstimate = &catalog.PriceEstimate{Low: 380000.5, High: 420000, Basis: 31}
	full.CarPriceRating, full.CarPriceScore = "good", 0.9312345
	full.BatterySize, full.CarLoanRate = 1e-7, 1e21
	full.CarFirstregistration = "2021-03-04"
	full.CarSellers = []catalog.Seller{{Name: "Ann", Email: "ann@example.se"}}
	zero := catalog.Car{CarID: 99000004}
	return []catalog.Car{bare, empty, full, zero}
}

// TestDocumentsAreTheRecordsJSON builds the indexes of the demo stock (as
// the service makes it, every derived field filled) twice: from the records
// writing themselves and from their JSON decoded into maps. Every document,
// whole and projected, and the results of the car list's queries must be
// the same bytes.
func TestDocumentsAreTheRecordsJSON(t *testing.T) {
	ctx := context.Background()
	st := catalog.NewStore(storetest.MustSQLite(t))
	names := []string{"group-se", "group-uk"}
	if _, err := stock.Seed(ctx, st, stock.SeedOptions{Scale: 0.1, Sites: names}); err != nil {
		t.Fatal(err)
	}
	svc := catalog.NewService(st, func(p string) string { return "data:image/webp;base64," + p })
	svc.SetClock(func() time.Time { return stock.DemoRefDate.Add(10 * 24 * time.Hour) })
	for _, name := range names {
		docs, err := svc.LoadSite(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		cars := append(docs.Cars, oddCars()...)
		sites := append(docs.Sites, testSite(99000001, "udda"), catalog.DealerSite{SiteID: 99000002})
		carMaps, siteMaps := make([]map[string]any, len(cars)), make([]map[string]any, len(sites))
		for i := range cars {
			carMaps[i] = jsonMap(t, &cars[i])
			if d := cmp.Diff(carMaps[i], mustDecoded(t, &cars[i])); d != "" {
				t.Fatalf("%s: car %d: document differs from its JSON (-json +document):\n%s", name, cars[i].CarID, d)
			}
		}
		for i := range sites {
			siteMaps[i] = jsonMap(t, &sites[i])
			if d := cmp.Diff(siteMaps[i], mustDecoded(t, &sites[i])); d != "" {
				t.Fatalf("%s: dealer site %d: document differs from its JSON (-json +document):\n%s", name, sites[i].SiteID, d)
			}
		}
		sameIndexes(t, name+" cars", mustBuildTyped(t, search.VehiclesSchema(), cars), mustBuildMaps(t, search.VehiclesSchema(), carMaps), carQueries)
		sameIndexes(t, name+" sites", mustBuildTyped(t, search.SitesSchema(), sites), mustBuildMaps(t, search.SitesSchema(), siteMaps), siteQueries)
	}
}

func mustDecoded(t *testing.T, doc search.Document) map[string]any {
	t.Helper()
	m, err := search.Decoded(doc)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustBuildTyped[T any, P interface {
	*T
	search.Document
}](t *testing.T, schema *search.Schema, recs []T) *search.Index {
	t.Helper()
	b, err := search.NewBuilder(schema, len(recs))
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if err := b.Add(P(&recs[i])); err != nil {
			t.Fatal(err)
		}
	}
	ix, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func mustBuildMaps(t *testing.T, schema *search.Schema, docs []map[string]any) *search.Index {
	t.Helper()
	ix, err := search.Build(schema, docs)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

var (
	carFacets = []search.FacetRequest{{Name: "car_brand", ChildName: "car_model"}, {Name: "car_fuel"}, {Name: "car_body"},
		{Name: "car_gearbox"}, {Name: "car_year"}, {Name: "car_price"}, {Name: "car_mileage"}, {Name: "car_site_city"},
		{Name: "car_campaigns"}, {Name: "car_equipment"}, {Name: "car_price_rating"}, {Name: "car_price_dropped"},
		{Name: "car_monthly_cost"}, {Name: "car_is_used"}, {Name: "caroftheweek"}, {Name: "car_firstregistration"}, {Name: "car_seats"}}
	carCard    = []string{"car_id", "slug", "car_brand", "car_model", "car_images", "car_primary_image", "car_price", "car_loan_option", "car_price_drop", "car_monthly_cost"}
	carQueries = []search.Query{
		{Limit: 48, Facets: carFacets, SortName: "car_publishdate_desc"},
		{Limit: 48, Facets: carFacets, Fields: carCard, SortName: "car_price_asc", Filters: map[string][]string{"car_brand": {"Volvo"}, "car_fuel": {"El", "Diesel"}}},
		{Limit: 48, Facets: carFacets, Fields: carCard, Keyphrase: "volvo xc"},
		{Limit: 48, Facets: carFacets, Keyphrase: "a"},
		{Limit: 100, Facets: carFacets, Fields: carCard, SortName: "car_price_score_asc", Filters: map[string][]string{"car_price_dropped": {"recent"}}},
		{Limit: 100, Fields: carCard, SortName: "car_monthly_cost_asc", Filters: map[string][]string{"car_is_used": {"true"}, "car_brand": {"BMW>X3", "Volvo"}}},
		{Limit: 100, Facets: carFacets, Filters: map[string][]string{"car_campaigns": {"Fri service"}, "car_year.range": {"2015", "2022"}}},
		{Limit: 100, Fields: []string{"car_id"}, SortName: "car_firstregistration_desc", Filters: map[string][]string{"car_price_rating": {"good", "fair"}}},
	}
	siteQueries = []search.Query{
		{Limit: 100, Facets: []search.FacetRequest{{Name: "site_city"}, {Name: "site_brands"}, {Name: "website_sort_order"}}, SortName: "website_sort_order_asc"},
		{Limit: 100, Keyphrase: "volvo", Fields: []string{"site_id", "slug", "site_primary_image", "site_geocoord", "site_departments"}},
	}
)

// sameIndexes compares what two indexes answer: every document (its JSON
// and its decoded content) and the results of queries, as JSON.
func sameIndexes(t *testing.T, what string, got, want *search.Index, queries []search.Query) {
	t.Helper()
	if got.Len() != want.Len() {
		t.Fatalf("%s: %d documents, want %d", what, got.Len(), want.Len())
	}
	res := func(ix *search.Index, q search.Query) (search.Result, string) {
		r, err := ix.Search(q)
		if err != nil {
			t.Fatalf("%s: %+v: %v", what, q, err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return r, string(b)
	}
	for off := 0; off < want.Len(); off += search.MaxLimit {
		q := search.Query{Limit: search.MaxLimit, Offset: off}
		g, gj := res(got, q)
		w, wj := res(want, q)
		for i := range w.Content {
			if a, b := string(g.DocJSON(i)), string(w.DocJSON(i)); a != b {
				t.Fatalf("%s: document %d:\n%s\nwant\n%s", what, off+i, a, b)
			}
		}
		if gj != wj {
			t.Fatalf("%s: documents %d…: content differs", what, off)
		}
	}
	for i, q := range queries {
		g, gj := res(got, q)
		_, wj := res(want, q)
		if gj != wj {
			t.Errorf("%s: query %d (%+v):\n%s\nwant\n%s", what, i, q, gj, wj)
		}
		if g.TotalItems == 0 {
			t.Errorf("%s: query %d finds nothing: it compares little", what, i)
		}
	}
}
