package catalogpages_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	contentfiles "forecourt/content"
	"forecourt/internal/catalogpages"
	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/search"
	"forecourt/internal/site"
)

func listingCars() []map[string]any {
	var out []map[string]any
	for i := 1; i <= 12; i++ {
		siteID, fuel := 7.0, "El"
		if i%3 == 0 {
			siteID, fuel = 8.0, "Diesel"
		}
		out = append(out, map[string]any{"car_id": float64(100 + i), "slug": "volvo-xc40", "car_brand": "Volvo", "car_model": "XC40",
			"car_fuel": fuel, "car_price": float64(300000 + i*1000), "car_mileage": 1000.0, "car_year": 2023.0, "car_site_id": siteID,
			"car_publishdate": float64(i), "car_price_currency": "SEK", "car_condition": "Begagnad"})
	}
	return out
}

func listingSites() []map[string]any {
	out := []map[string]any{
		{"site_id": 7.0, "slug": "stockholm-city", "site_official_name": "Forecourt Bil Stockholm City", "site_city": "Stockholm", "site_street": "Kungsgatan 1",
			"site_zip": "111 43", "site_phone": "08-123 45 00", "website_sort_order": 2.0, "site_brands": []any{"Volvo"},
			"site_primary_image": map[string]any{"thumbnail_url": "/-/media/demo/site/1.jpg", "blur_data_url": "data:x"}},
		{"site_id": 8.0, "slug": "goteborg", "site_official_name": "Forecourt Bil Göteborg", "site_city": "Göteborg", "website_sort_order": 1.0, "site_brands": []any{"BMW"}},
	}
	for i := 0; i < 120; i++ { // more than the selection's limit
		out = append(out, map[string]any{"site_id": float64(1000 + i), "slug": "ort", "site_official_name": "Forecourt", "website_sort_order": float64(10 + i)})
	}
	return out
}

func mustListings(tb testing.TB) *catalogpages.Listings {
	tb.Helper()
	e := search.NewEngine()
	cars, err := search.Build(search.VehiclesSchema(), listingCars())
	if err != nil {
		tb.Fatal(err)
	}
	sites, err := search.Build(search.SitesSchema(), listingSites())
	if err != nil {
		tb.Fatal(err)
	}
	e.Replace("vehicles_group_se", cars)
	e.Replace("sites_group_se", sites)
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		tb.Fatal(err)
	}
	return &catalogpages.Listings{Search: e, Content: src}
}

func listingRequest(tb testing.TB) *page.Request {
	reg, err := site.New(site.All(), "group-se")
	if err != nil {
		tb.Fatal(err)
	}
	s, err := reg.ByName("group-se")
	if err != nil {
		tb.Fatal(err)
	}
	return &page.Request{Site: s, Lang: "sv", Path: "/valj-anlaggning"}
}

func listingComp(fields map[string]any) *content.Component {
	f := content.Fields{}
	for k, v := range fields {
		f[k] = map[string]any{"value": v}
	}
	return &content.Component{UID: "c1", Fields: f, Params: map[string]string{}}
}

func TestSiteSelection(t *testing.T) {
	b := mustListings(t)
	ctx := context.Background()
	out, err := b.SiteSelection(ctx, listingRequest(t), &content.Route{}, listingComp(nil))
	if err != nil {
		t.Fatal(err)
	}
	d := out.(*catalogpages.SiteSelectionData)
	if len(d.Sites) != catalogpages.SiteQueryLimit {
		t.Fatalf("sites = %d, want the limit %d", len(d.Sites), catalogpages.SiteQueryLimit)
	}
	want := catalogpages.SiteEntry{ID: "8", Slug: "goteborg", Name: "Forecourt Bil Göteborg", City: "Göteborg", Href: "/anlaggningar/goteborg"}
	if diff := cmp.Diff(want, d.Sites[0]); diff != "" {
		t.Errorf("first site (website_sort_order) (-want +got):\n%s", diff)
	}
	out, _ = b.SiteSelection(ctx, listingRequest(t), &content.Route{}, listingComp(map[string]any{"Brand": "Volvo"}))
	if got := out.(*catalogpages.SiteSelectionData).Sites; len(got) != 1 || got[0].Slug != "stockholm-city" || got[0].Image != "/-/media/demo/site/1.jpg" {
		t.Errorf("Brand filter: %+v", got)
	}
}

func TestSiteBlock(t *testing.T) {
	b := mustListings(t)
	ctx := context.Background()
	out, err := b.SiteBlock(ctx, listingRequest(t), &content.Route{}, listingComp(map[string]any{"Site": "stockholm-city"}))
	if err != nil {
		t.Fatal(err)
	}
	d := out.(*catalogpages.SiteBlockData)
	if d.Site == nil || d.Site.Name != "Forecourt Bil Stockholm City" || d.Site.Href != "/anlaggningar/stockholm-city" {
		t.Fatalf("site = %+v", d.Site)
	}
	var ids []int64
	for _, c := range d.Cars {
		ids = append(ids, c.CarID)
	}
	if diff := cmp.Diff([]int64{111, 110, 108, 107}, ids); diff != "" { // site 7's newest four (112 and 109 are site 8's)
		t.Errorf("cars (-want +got):\n%s", diff)
	}
	if d.Total != 8 || d.CarsHref != "/bilar?car_site_name=Forecourt+Bil+Stockholm+City" || d.CarDetail != "/bilar/" {
		t.Errorf("total %d, carsHref %q, detail %q", d.Total, d.CarsHref, d.CarDetail)
	}
	for _, slug := range []string{"", "no-such-site"} {
		out, err := b.SiteBlock(ctx, listingRequest(t), &content.Route{}, listingComp(map[string]any{"Site": slug}))
		if err != nil || out.(*catalogpages.SiteBlockData).Site != nil {
			t.Errorf("Site %q: %+v, %v; want no site", slug, out, err)
		}
	}
}

func TestTeaserQuery(t *testing.T) {
	tests := []struct {
		name   string
		fields map[string]any
		n      int
		sort   string
		filter map[string][]string
	}{
		{"defaults", nil, 8, "car_publishdate_desc", map[string][]string{}},
		{"count and sort", map[string]any{"Count": "4", "Sort": "car_price_asc"}, 4, "car_price_asc", map[string][]string{}},
		{"count capped", map[string]any{"Count": 500.0}, catalogpages.TeaserMax, "car_publishdate_desc", map[string][]string{}},
		{"bad count and sort", map[string]any{"Count": "many", "Sort": "random"}, 8, "car_publishdate_desc", map[string][]string{}},
		{"filter", map[string]any{"Filter": "?car_fuel=El&car_price=0-350000&car_model=Volvo>XC40&page=3"}, 8, "car_publishdate_desc",
			map[string][]string{"car_fuel": {"El"}, "car_price": {"0", "350000"}, "car_brand": {"Volvo>XC40"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, n := catalogpages.TeaserQuery(listingComp(tt.fields).Fields)
			if n != tt.n || q.Sort != tt.sort || q.Page != 0 {
				t.Errorf("n %d sort %q page %d; want %d %q 0", n, q.Sort, q.Page, tt.n, tt.sort)
			}
			if diff := cmp.Diff(tt.filter, q.SearchFilters()); diff != "" {
				t.Errorf("filters (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCarTeasers(t *testing.T) {
	b := mustListings(t)
	out, err := b.CarTeasers(context.Background(), listingRequest(t), &content.Route{}, listingComp(map[string]any{"Filter": "car_fuel=El", "Sort": "car_price_asc"}))
	if err != nil {
		t.Fatal(err)
	}
	d := out.(*catalogpages.CarTeasersData)
	if len(d.Cars) != 8 || d.Total != 8 || d.Cars[0].CarID != 101 || d.Cars[0].Fuel != "El" {
		t.Errorf("cars %d total %d first %+v", len(d.Cars), d.Total, d.Cars[0])
	}
	if d.MoreHref != "/bilar?car_fuel=El&sort=car_price_asc" {
		t.Errorf("moreHref = %q", d.MoreHref)
	}
}
