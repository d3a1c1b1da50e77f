package formblocks_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
	"forecourt/internal/formblocks"
	"forecourt/internal/page"
	"forecourt/internal/search"
	"forecourt/internal/site"
)

func demoCars() []map[string]any {
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

func demoSites() []map[string]any {
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

func mustBlocks(tb testing.TB) *formblocks.Blocks {
	tb.Helper()
	e := search.NewEngine()
	cars, err := search.Build(search.VehiclesSchema(), demoCars())
	if err != nil {
		tb.Fatal(err)
	}
	sites, err := search.Build(search.SitesSchema(), demoSites())
	if err != nil {
		tb.Fatal(err)
	}
	e.Replace("vehicles_group_se", cars)
	e.Replace("sites_group_se", sites)
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		tb.Fatal(err)
	}
	return &formblocks.Blocks{Search: e, Content: src, Marketing: formblocks.MarketingSettings{ScriptURL: "https://forms.example/embed.js", Region: "eu1", PortalID: "42"}}
}

func request(tb testing.TB) *page.Request {
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

func comp(fields map[string]any) *content.Component {
	f := content.Fields{}
	for k, v := range fields {
		f[k] = map[string]any{"value": v}
	}
	return &content.Component{UID: "c1", Fields: f, Params: map[string]string{}}
}

func TestSiteSelection(t *testing.T) {
	b := mustBlocks(t)
	ctx := context.Background()
	out, err := b.SiteSelection(ctx, request(t), &content.Route{}, comp(nil))
	if err != nil {
		t.Fatal(err)
	}
	d := out.(*formblocks.SiteSelectionData)
	if len(d.Sites) != formblocks.SiteQueryLimit {
		t.Fatalf("sites = %d, want the limit %d", len(d.Sites), formblocks.SiteQueryLimit)
	}
	want := formblocks.SiteEntry{ID: "8", Slug: "goteborg", Name: "Forecourt Bil Göteborg", City: "Göteborg", Href: "/anlaggningar/goteborg"}
	if diff := cmp.Diff(want, d.Sites[0]); diff != "" {
		t.Errorf("first site (website_sort_order) (-want +got):\n%s", diff)
	}
	out, _ = b.SiteSelection(ctx, request(t), &content.Route{}, comp(map[string]any{"Brand": "Volvo"}))
	if got := out.(*formblocks.SiteSelectionData).Sites; len(got) != 1 || got[0].Slug != "stockholm-city" || got[0].Image != "/-/media/demo/site/1.jpg" {
		t.Errorf("Brand filter: %+v", got)
	}
}

func TestSiteBlock(t *testing.T) {
	b := mustBlocks(t)
	ctx := context.Background()
	out, err := b.SiteBlock(ctx, request(t), &content.Route{}, comp(map[string]any{"Site": "stockholm-city"}))
	if err != nil {
		t.Fatal(err)
	}
	d := out.(*formblocks.SiteBlockData)
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
		out, err := b.SiteBlock(ctx, request(t), &content.Route{}, comp(map[string]any{"Site": slug}))
		if err != nil || out.(*formblocks.SiteBlockData).Site != nil {
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
		{"count capped", map[string]any{"Count": 500.0}, formblocks.TeaserMax, "car_publishdate_desc", map[string][]string{}},
		{"bad count and sort", map[string]any{"Count": "many", "Sort": "random"}, 8, "car_publishdate_desc", map[string][]string{}},
		{"filter", map[string]any{"Filter": "?car_fuel=El&car_price=0-350000&car_model=Volvo>XC40&page=3"}, 8, "car_publishdate_desc",
			map[string][]string{"car_fuel": {"El"}, "car_price": {"0", "350000"}, "car_brand": {"Volvo>XC40"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, n := formblocks.TeaserQuery(comp(tt.fields).Fields)
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
	b := mustBlocks(t)
	out, err := b.CarTeasers(context.Background(), request(t), &content.Route{}, comp(map[string]any{"Filter": "car_fuel=El", "Sort": "car_price_asc"}))
	if err != nil {
		t.Fatal(err)
	}
	d := out.(*formblocks.CarTeasersData)
	if len(d.Cars) != 8 || d.Total != 8 || d.Cars[0].CarID != 101 || d.Cars[0].Fuel != "El" {
		t.Errorf("cars %d total %d first %+v", len(d.Cars), d.Total, d.Cars[0])
	}
	if d.MoreHref != "/bilar?car_fuel=El&sort=car_price_asc" {
		t.Errorf("moreHref = %q", d.MoreHref)
	}
}

func TestParseMarketingSettings(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want formblocks.MarketingSettings
		bad  bool
	}{
		{"defaults", nil, formblocks.MarketingSettings{ScriptURL: formblocks.DefaultMarketingScript, Region: "eu1"}, false},
		{"loopback stand-in", map[string]string{"MARKETING_FORM_SCRIPT_URL": "http://127.0.0.1:4100/forms.js", "MARKETING_FORM_REGION": "na1", "MARKETING_FORM_PORTAL_ID": "12345"},
			formblocks.MarketingSettings{ScriptURL: "http://127.0.0.1:4100/forms.js", Region: "na1", PortalID: "12345"}, false},
		{"plain http elsewhere", map[string]string{"MARKETING_FORM_SCRIPT_URL": "http://forms.example/x.js"}, formblocks.MarketingSettings{}, true},
		{"javascript url", map[string]string{"MARKETING_FORM_SCRIPT_URL": "javascript:alert(1)"}, formblocks.MarketingSettings{}, true},
		{"bad region", map[string]string{"MARKETING_FORM_REGION": "eu-1\"x"}, formblocks.MarketingSettings{}, true},
		{"bad portal", map[string]string{"MARKETING_FORM_PORTAL_ID": "1 2"}, formblocks.MarketingSettings{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := formblocks.ParseMarketingSettings(func(k string) string { return tt.env[k] })
			if (err != nil) != tt.bad {
				t.Fatalf("err = %v, want bad %v", err, tt.bad)
			}
			if !tt.bad {
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestMarketingForm(t *testing.T) {
	b := mustBlocks(t)
	tests := []struct {
		name   string
		fields map[string]any
		params map[string]string
		want   string
	}{
		{"field", map[string]any{"FormId": "6f1c2a9e-4b7d"}, nil, "6f1c2a9e-4b7d"},
		{"param", nil, map[string]string{"FormId": "abc"}, "abc"},
		{"missing", nil, nil, ""},
		{"malformed", map[string]any{"FormId": "\"><script>"}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := comp(tt.fields)
			if tt.params != nil {
				c.Params = tt.params
			}
			out, err := b.MarketingForm(context.Background(), request(t), &content.Route{}, c)
			if err != nil {
				t.Fatal(err)
			}
			want := &formblocks.MarketingFormData{ScriptURL: "https://forms.example/embed.js", Region: "eu1", PortalID: "42", FormID: tt.want, Configured: true}
			if diff := cmp.Diff(want, out); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestMarketingFormUnconfigured: without a provider account the popup can
// only fail ("Formuläret kunde inte laddas"), so the block is told it is
// not configured and gets the site's own form to show instead.
func TestMarketingFormUnconfigured(t *testing.T) {
	b := mustBlocks(t)
	b.Marketing.PortalID = ""
	b.LocalForm = func(site, id string) (any, error) {
		if site == "group-se" && id == "nyhetsbrev" {
			return map[string]string{"id": id}, nil
		}
		return nil, errors.New("no such form")
	}
	for _, tt := range []struct {
		name     string
		fields   map[string]any
		fallback any
	}{
		{"with a local form", map[string]any{"FormId": "6f1c", "FallbackFormId": "nyhetsbrev"}, map[string]string{"id": "nyhetsbrev"}},
		{"unknown local form", map[string]any{"FormId": "6f1c", "FallbackFormId": "nope"}, nil},
		{"no local form", map[string]any{"FormId": "6f1c"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := b.MarketingForm(context.Background(), request(t), &content.Route{}, comp(tt.fields))
			if err != nil {
				t.Fatal(err)
			}
			want := &formblocks.MarketingFormData{ScriptURL: "https://forms.example/embed.js", Region: "eu1", FormID: "6f1c", Fallback: tt.fallback}
			if diff := cmp.Diff(want, out); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	// A block's own portal configures it.
	out, _ := b.MarketingForm(context.Background(), request(t), &content.Route{}, comp(map[string]any{"FormId": "6f1c", "PortalId": "77", "FallbackFormId": "nyhetsbrev"}))
	if d := out.(*formblocks.MarketingFormData); !d.Configured || d.Fallback != nil {
		t.Errorf("block portal: %+v", d)
	}
}
