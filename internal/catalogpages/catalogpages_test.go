package catalogpages_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	contentfiles "forecourt/content"
	"forecourt/internal/catalogpages"
	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/web"
)

// demoCars is a small stock: BMW X3 and X5, Volvo XC60, a Mercedes-Benz.
func demoCars() []map[string]any {
	mk := func(id float64, brand, model, fuel string, price, published float64) map[string]any {
		return map[string]any{"car_id": id, "slug": catalogpages.Slug(brand + " " + model), "car_brand": brand, "car_model": model,
			"car_fuel": fuel, "car_gearbox": "Automat", "car_price": price, "car_mileage": 1000.0, "car_year": 2022.0,
			"car_site_id": 7.0, "car_publishdate": published, "indexed_at": 1764000000.0, "car_price_currency": "SEK",
			"car_description": "not a card field"}
	}
	return []map[string]any{
		mk(101, "BMW", "X3", "Diesel", 400000, 3), mk(102, "BMW", "X3", "El", 500000, 1), mk(103, "BMW", "X5", "Diesel", 700000, 2),
		mk(104, "Volvo", "XC60", "Bensin", 450000, 4), mk(105, "Mercedes-Benz", "C-Klass", "Diesel", 380000, 5),
	}
}

func demoSites() []map[string]any {
	return []map[string]any{
		{"site_id": 7.0, "slug": "stockholm-city", "site_official_name": "Forecourt Stockholm City", "site_city": "Stockholm", "website_sort_order": 2.0, "site_brands": []any{"BMW"}},
		{"site_id": 8.0, "slug": "goteborg", "site_official_name": "Forecourt Göteborg", "site_city": "Göteborg", "website_sort_order": 1.0, "site_brands": []any{"Volvo"}},
	}
}

// MustEngine returns an engine with the demo stock as group-se's indexes.
func MustEngine(tb testing.TB) *search.Engine {
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
	return e
}

func MustPages(tb testing.TB, s catalogpages.Searcher) *catalogpages.Pages {
	tb.Helper()
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		tb.Fatal(err)
	}
	return &catalogpages.Pages{Search: s, Content: src}
}

func MustSite(tb testing.TB, name string) *site.Site {
	tb.Helper()
	reg, err := site.New(site.All(), "group-se")
	if err != nil {
		tb.Fatal(err)
	}
	s, err := reg.ByName(name)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func request(tb testing.TB, siteName, lang, target string) *page.Request {
	u, err := url.Parse(target)
	if err != nil {
		tb.Fatal(err)
	}
	return &page.Request{Site: MustSite(tb, siteName), Lang: lang, Path: u.Path, Query: u.Query(), BaseURL: "https://forecourt.se"}
}

func TestParseListQuery(t *testing.T) {
	tests := []struct {
		name  string
		query string
		want  catalogpages.ListQuery
	}{
		{"empty gives defaults", "", catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{}, Sort: "car_publishdate_desc"}},
		{"repeated filters, range, keyphrase, sort, page", "car_fuel=El&car_fuel=Diesel&car_price=100000-300000&keyphrase=++drag++krok+&sort=car_price_asc&page=3",
			catalogpages.ListQuery{Filters: map[string][]string{"car_fuel": {"El", "Diesel"}}, Ranges: map[string][2]float64{"car_price": {100000, 300000}}, Keyphrase: "drag krok", Sort: "car_price_asc", Page: 3}},
		{"bad page and bad range are ignored, an unknown sort is kept to be reported", "page=abc&sort=evil&car_price=cheap&car_mileage=5-x",
			catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{}, Sort: "car_publishdate_desc", UnknownSort: "evil"}},
		{"the old site's sorts are the list's", "sort=price_asc", catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{}, Sort: "car_price_asc"}},
		{"old sorts are case-insensitive", "sort=Mileage_ASC", catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{}, Sort: "car_mileage_asc"}},
		{"monthly cost range and sort", "car_monthly_cost=2+000-4+000&sort=car_monthly_cost_asc",
			catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{"car_monthly_cost": {2000, 4000}}, Sort: "car_monthly_cost_asc"}},
		{"monthly cost: reversed ends swapped, junk dropped", "car_monthly_cost=4000-2000&car_monthly_cost_type=loan&sort=car_monthly_cost_desc",
			catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{"car_monthly_cost": {2000, 4000}}, Sort: "car_monthly_cost_desc"}},
		{"monthly cost not a range is ignored", "car_monthly_cost=3000&sort=car_monthly_cost",
			catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{}, Sort: "car_publishdate_desc", UnknownSort: "car_monthly_cost"}},
		{"page past the last is clamped to 19 and remembered", "page=500", catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{}, Sort: "car_publishdate_desc", Page: 19, AskedPage: 500}},
		{"negative page is 0", "page=-2", catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{}, Sort: "car_publishdate_desc"}},
		{"reversed range is swapped, spaces stripped", "car_price=300+000-100+000", catalogpages.ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{"car_price": {100000, 300000}}, Sort: "car_publishdate_desc"}},
		{"models need brand>model, years must be numbers, unknown keys ignored", "car_model=X3&car_model=BMW>X3&car_year=2020&car_year=old&evil=1",
			catalogpages.ListQuery{Filters: map[string][]string{"car_model": {"BMW>X3"}, "car_year": {"2020"}}, Ranges: map[string][2]float64{}, Sort: "car_publishdate_desc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			got := catalogpages.ParseListQuery(v)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ParseListQuery(%q) (-want +got):\n%s", tt.query, d)
			}
			// Round trip: encoding and parsing again gives the same state
			// (the encoded state is the list's: no unknown sort, no page past 19).
			again, _ := url.ParseQuery(got.Encode())
			got.UnknownSort, got.AskedPage = "", 0
			if d := cmp.Diff(got, catalogpages.ParseListQuery(again)); d != "" {
				t.Errorf("round trip (-first +second):\n%s", d)
			}
		})
	}
}

func TestSearchFiltersJoinModelsToBrand(t *testing.T) {
	v, _ := url.ParseQuery("car_brand=BMW&car_brand=Volvo&car_model=BMW>X3&car_price=1-2&car_monthly_cost=543-2641")
	got := catalogpages.ParseListQuery(v).SearchFilters()
	// Range ends keep their order even where text order differs ("2641" < "543").
	want := map[string][]string{"car_brand": {"BMW", "BMW>X3", "Volvo"}, "car_price": {"1", "2"}, "car_monthly_cost": {"543", "2641"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestCardsCarryOnlyCardFields(t *testing.T) {
	got := catalogpages.Cards(demoCars()[:1])
	b, _ := json.Marshal(got)
	want := `[{"car_id":101,"slug":"bmw-x3","car_brand":"BMW","car_model":"X3","car_year":2022,"car_mileage":1000,"car_fuel":"Diesel","car_gearbox":"Automat","car_price":400000,"car_price_currency":"SEK","car_primary_image":{}}]`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"BMW": "bmw", "Mercedes-Benz": "mercedes-benz", "Land Rover": "land-rover", "Škoda": "skoda", "C-Klass": "c-klass", "XC60 ": "xc60"} {
		if got := catalogpages.Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCarListRewriter(t *testing.T) {
	// The demo stock plus a car whose model name is a number.
	e := MustEngine(t)
	fiat := map[string]any{"car_id": 106.0, "slug": "fiat-600", "car_brand": "Fiat", "car_model": "600", "car_fuel": "El", "car_price": 330000.0, "car_site_id": 7.0}
	cars, err := search.Build(search.VehiclesSchema(), append(demoCars(), fiat))
	if err != nil {
		t.Fatal(err)
	}
	e.Replace("vehicles_group_se", cars)
	p := MustPages(t, e)
	tests := []struct {
		lang, path string
		wantItem   string
		wantRest   []string
		wantOK     bool
	}{
		{"sv", "/bilar", "", nil, false},
		{"sv", "/bilar/bmw", "/bilar", []string{"bmw"}, true},
		{"sv", "/bilar/bmw/x3", "/bilar", []string{"bmw", "x3"}, true},
		{"sv", "/bilar/bmw/x3/", "/bilar", []string{"bmw", "x3"}, true},
		{"sv", "/bilar/12345/bmw-x3", "", nil, false}, // the detail page's
		{"sv", "/bilar/12345", "", nil, false},
		{"sv", "/bilar/fiat/600", "/bilar", []string{"fiat", "600"}, true}, // a numeric model of a known brand
		{"sv", "/bilar/volvo-xc60/104", "", nil, false},                    // detail: the id comes last
		{"sv", "/bilar/saab", "/bilar", []string{"saab"}, true},            // unknown brand: the list's 404
		{"sv", "/bilar/a/b/c", "", nil, false},
		{"sv", "/om-oss/bmw", "", nil, false},
		{"en", "/bilar/bmw", "/bilar", []string{"bmw"}, true}, // pathToCarList is /en/bilar; the item path has no prefix
	}
	for _, tt := range tests {
		t.Run(tt.lang+tt.path, func(t *testing.T) {
			req := request(t, "group-se", tt.lang, tt.path)
			dict, _ := p.Content.Dictionary(context.Background(), "group-se", tt.lang)
			item, rest, ok := p.CarListRewriter(context.Background(), req, dict)
			if item != tt.wantItem || ok != tt.wantOK || !cmp.Equal(rest, tt.wantRest) {
				t.Errorf("got (%q, %q, %v), want (%q, %q, %v)", item, rest, ok, tt.wantItem, tt.wantRest, tt.wantOK)
			}
		})
	}
}

// assemble runs the real assembler over the embedded content with the
// catalogue loaders registered.
func assemble(t *testing.T, p *catalogpages.Pages, siteName, lang, target string) *page.Result {
	t.Helper()
	a := &page.Assembler{Content: p.Content}
	a.Rewrite("favourites", p.FavouritesRewriter)
	a.Rewrite("car-list", p.CarListRewriter)
	a.Register("CarList", p.CarList)
	a.Register("Favourites", p.Favourites)
	a.Register("Breadcrumb", p.Breadcrumb)
	a.Register("SiteList", p.SiteList)
	a.Register("SiteDetail", p.SiteDetail)
	res, err := a.Page(context.Background(), request(t, siteName, lang, target))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func dataOf[T any](t *testing.T, res *page.Result) T {
	t.Helper()
	for _, v := range res.Data.Data {
		if d, ok := v.(T); ok {
			return d
		}
	}
	var zero T
	t.Fatalf("no %T in the page data", zero)
	return zero
}

func TestCarListPathSegmentsAndTitles(t *testing.T) {
	p := MustPages(t, MustEngine(t))
	tests := []struct {
		target      string
		status      int
		title       string
		canonical   string
		filters     map[string][]string
		ids         []float64
		breadcrumbs []string
	}{
		{"/bilar", 200, "Nya och begagnade bilar | Forecourt", "https://forecourt.se/bilar", map[string][]string{}, []float64{105, 104, 101, 103, 102}, []string{"Hem", "Bilar"}},
		{"/bilar/bmw", 200, "BMW | Forecourt", "https://forecourt.se/bilar/bmw", map[string][]string{"car_brand": {"BMW"}}, []float64{101, 103, 102}, []string{"Hem", "Bilar", "BMW"}},
		{"/bilar/bmw/x3?car_fuel=Diesel", 200, "X3 BMW | Forecourt", "https://forecourt.se/bilar/bmw/x3", map[string][]string{"car_brand": {"BMW"}, "car_model": {"BMW>X3"}, "car_fuel": {"Diesel"}}, []float64{101}, []string{"Hem", "Bilar", "BMW", "X3"}},
		{"/bilar/mercedes-benz/c-klass", 200, "C-Klass Mercedes-Benz | Forecourt", "https://forecourt.se/bilar/mercedes-benz/c-klass", map[string][]string{"car_brand": {"Mercedes-Benz"}, "car_model": {"Mercedes-Benz>C-Klass"}}, []float64{105}, []string{"Hem", "Bilar", "Mercedes-Benz", "C-Klass"}},
		{"/bilar?sort=car_price_desc&page=nope", 200, "Nya och begagnade bilar | Forecourt", "https://forecourt.se/bilar", map[string][]string{}, []float64{103, 102, 104, 101, 105}, []string{"Hem", "Bilar"}},
		{"/bilar/saab", 404, "Nya och begagnade bilar | Forecourt", "https://forecourt.se/bilar/saab", map[string][]string{}, []float64{}, []string{"Hem", "Bilar"}},
		{"/bilar/bmw/m3", 404, "Nya och begagnade bilar | Forecourt", "https://forecourt.se/bilar/bmw/m3", map[string][]string{}, []float64{}, []string{"Hem", "Bilar"}},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			res := assemble(t, p, "group-se", "sv", tt.target)
			if res.Status != tt.status {
				t.Errorf("status = %d, want %d", res.Status, tt.status)
			}
			if res.Head.Title != tt.title || res.Head.Canonical != tt.canonical {
				t.Errorf("head = %q %q, want %q %q", res.Head.Title, res.Head.Canonical, tt.title, tt.canonical)
			}
			d := dataOf[*catalogpages.CarListData](t, res)
			if d.Error {
				t.Fatal("search failed")
			}
			if d := cmp.Diff(tt.filters, d.Query.Filters); d != "" {
				t.Errorf("filters (-want +got):\n%s", d)
			}
			ids := []float64{}
			for _, c := range d.Cars {
				ids = append(ids, float64(c.CarID))
			}
			if d := cmp.Diff(tt.ids, ids); d != "" {
				t.Errorf("cars (-want +got):\n%s", d)
			}
			var crumbs []string
			for _, c := range dataOf[*catalogpages.BreadcrumbData](t, res).Items {
				crumbs = append(crumbs, c.Title)
			}
			if d := cmp.Diff(tt.breadcrumbs, crumbs); d != "" {
				t.Errorf("breadcrumb (-want +got):\n%s", d)
			}
		})
	}
}

func TestEnglishCarListBreadcrumbLinks(t *testing.T) {
	p := MustPages(t, MustEngine(t))
	res := assemble(t, p, "group-se", "en", "/bilar/bmw/x3")
	got := dataOf[*catalogpages.BreadcrumbData](t, res)
	want := []catalogpages.Crumb{{"Home", "/en"}, {"Cars", "/en/bilar"}, {"BMW", "/en/bilar/bmw"}, {"X3", "/en/bilar/bmw/x3"}}
	if d := cmp.Diff(want, got.Items); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if got.BackHref != "/en/bilar/bmw" || res.Head.Title != "X3 BMW | Forecourt" {
		t.Errorf("back %q title %q", got.BackHref, res.Head.Title)
	}
}

type failing struct{}

func (failing) Search(context.Context, search.Query) (search.Result, error) {
	return search.Result{}, context.DeadlineExceeded
}

func TestCarListSearchFailureShowsError(t *testing.T) {
	res := assemble(t, MustPages(t, failing{}), "group-se", "sv", "/bilar")
	d := dataOf[*catalogpages.CarListData](t, res)
	if !d.Error || len(d.Cars) != 0 || len(d.Facets) != 0 || res.Status != 200 {
		t.Errorf("error=%v cars=%d facets=%d status=%d", d.Error, len(d.Cars), len(d.Facets), res.Status)
	}
}

func TestSiteDetail(t *testing.T) {
	p := MustPages(t, MustEngine(t))
	tests := []struct {
		name, site, lang, target string
		redirect                 string
	}{
		{"unknown slug goes to the site list", "group-se", "sv", "/anlaggningar/nowhere", "/anlaggningar"},
		{"unknown slug in English", "group-se", "en", "/anlaggningar/nowhere", "/en/anlaggningar"},
		{"search failure goes to the site list", "group-se-failing", "sv", "/anlaggningar/stockholm-city", "/anlaggningar"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pp := p
			siteName := tt.site
			if strings.HasSuffix(siteName, "-failing") {
				pp = MustPages(t, failing{})
				siteName = strings.TrimSuffix(siteName, "-failing")
			}
			res := assemble(t, pp, siteName, tt.lang, tt.target)
			if res.Redirect != tt.redirect || res.RedirectStatus != http.StatusFound {
				t.Errorf("redirect = %d %q, want 302 %q", res.RedirectStatus, res.Redirect, tt.redirect)
			}
		})
	}
	t.Run("known slug", func(t *testing.T) {
		res := assemble(t, p, "group-se", "sv", "/anlaggningar/stockholm-city")
		if res.Redirect != "" {
			t.Fatalf("redirected to %s", res.Redirect)
		}
		d := dataOf[*catalogpages.SiteDetailData](t, res)
		var ids []float64
		for _, c := range d.Arrivals {
			ids = append(ids, float64(c.CarID))
		}
		// car_site_id 7, newest first (car_publishdate descending); Volvo 104 belongs to the site too.
		if d := cmp.Diff([]float64{105, 104, 101, 103, 102}, ids); d != "" {
			t.Errorf("arrivals (-want +got):\n%s", d)
		}
		if want := "/bilar?car_site_city=Stockholm&car_site_name=Forecourt+Stockholm+City"; d.CarListHref != want {
			t.Errorf("car list link %q, want %q", d.CarListHref, want)
		}
		if res.Head.Title != "Forecourt Stockholm City | Forecourt" {
			t.Errorf("title %q", res.Head.Title)
		}
	})
}

func TestSiteListSortsBySortOrder(t *testing.T) {
	res := assemble(t, MustPages(t, MustEngine(t)), "group-se", "sv", "/anlaggningar?page=x")
	d := dataOf[*catalogpages.SiteListData](t, res)
	var slugs []string
	for _, s := range d.Sites {
		slugs = append(slugs, s["slug"].(string))
	}
	if d := cmp.Diff([]string{"goteborg", "stockholm-city"}, slugs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if d.DetailPath != "/anlaggningar/" || d.Page != 0 {
		t.Errorf("detail path %q page %d", d.DetailPath, d.Page)
	}
}

func TestSitemapURLs(t *testing.T) {
	dict := content.Dictionary{"pathToCarDetail": "/bilar/", "pathToCarList": "/bilar", "pathToSiteDetail": "/anlaggningar/"}
	cars := demoCars()[:2]
	got := catalogpages.SitemapURLs(dict, "https://forecourt.se", cars, demoSites()[:1])
	var locs []string
	for _, u := range got {
		locs = append(locs, u.Loc)
	}
	want := []string{
		"https://forecourt.se/bilar/101/bmw-x3", "https://forecourt.se/bilar/102/bmw-x3",
		"https://forecourt.se/bilar/bmw", "https://forecourt.se/bilar/bmw/x3",
		"https://forecourt.se/anlaggningar/stockholm-city",
	}
	if d := cmp.Diff(want, locs); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if got[0].LastMod.Unix() != 1764000000 {
		t.Errorf("lastmod %v", got[0].LastMod)
	}
	if n := len(catalogpages.SitemapURLs(content.Dictionary{}, "https://x", cars, nil)); n != 0 {
		t.Errorf("without dictionary paths: %d URLs, want 0", n)
	}
}

func TestHeroGetsBrandAndWordFacets(t *testing.T) {
	p := MustPages(t, MustEngine(t))
	hero := p.Hero(page.HeroLoader(func(string) string { return "data:blur" }))
	c := &content.Component{ComponentName: "HeroBanner", Fields: content.Fields{"HeroBannerHasSearchBar": map[string]any{"value": true}, "Image": map[string]any{"value": map[string]any{"src": "/x.jpg"}}}}
	v, err := hero(context.Background(), request(t, "group-se", "sv", "/"), &content.Route{}, c)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := v.(*catalogpages.HeroData)
	if !ok {
		t.Fatalf("got %T", v)
	}
	b, _ := json.Marshal(d)
	for _, want := range []string{`"blurDataURL":"data:blur"`, `{"text":"BMW","children":[{"text":"X3"},{"text":"X5"}]}`, `"car_fuel":["Bensin","Diesel","El"]`, `"car_gearbox":["Automat"]`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("hero data %s lacks %s", b, want)
		}
	}
	// Without a search bar the hero data is unchanged.
	c.Fields = content.Fields{}
	if v, _ := hero(context.Background(), request(t, "group-se", "sv", "/"), &content.Route{}, c); v.(*page.HeroData).Brands != nil {
		t.Error("brands without a search bar")
	}
}

// recordingSearcher keeps the queries a loader sends.
type recordingSearcher struct {
	catalogpages.Searcher
	queries []search.Query
	total   int // when set, every answer claims this many hits (a large stock)
}

func (r *recordingSearcher) Search(ctx context.Context, q search.Query) (search.Result, error) {
	r.queries = append(r.queries, q)
	res, err := r.Searcher.Search(ctx, q)
	if r.total > 0 {
		res.TotalItems = r.total
	}
	return res, err
}

// TestCarListWindow: a list document holds at most WindowPages pages
// ending at the page asked for, so ?page=19 does not render 960 cards.
func TestCarListWindow(t *testing.T) {
	for _, tt := range []struct {
		target               string
		first, offset, limit int
	}{
		{"/bilar", 0, 0, 48},
		{"/bilar?page=1", 0, 0, 96},
		{"/bilar?page=5", 4, 4 * 48, 96},
		{"/bilar?page=19", 18, 18 * 48, 96},
	} {
		t.Run(tt.target, func(t *testing.T) {
			rec := &recordingSearcher{Searcher: MustEngine(t), total: 20500}
			d := dataOf[*catalogpages.CarListData](t, assemble(t, MustPages(t, rec), "group-se", "sv", tt.target))
			var q search.Query
			for _, x := range rec.queries {
				if x.Limit > 0 {
					q = x
				}
			}
			if d.FirstPage != tt.first || q.Offset != tt.offset || q.Limit != tt.limit {
				t.Errorf("first page %d, offset %d, limit %d; want %d, %d, %d", d.FirstPage, q.Offset, q.Limit, tt.first, tt.offset, tt.limit)
			}
		})
	}
}

// TestCarListPagePastTheEnd: a page past the last one (past page 19, or past
// the last car of a smaller list) redirects to the last page's address
// instead of showing the last page's cars under another one.
func TestCarListPagePastTheEnd(t *testing.T) {
	for _, tt := range []struct {
		target string
		total  int
		want   string // "" when the page is shown
	}{
		{"/bilar?page=19", 20500, ""},
		{"/bilar?page=25", 20500, "/bilar?page=19"},
		{"/bilar?car_fuel=El&page=25&sort=price_desc", 20500, "/bilar?car_fuel=El&page=19&sort=car_price_desc"},
		{"/bilar?page=3", 100, "/bilar?page=2"},
		{"/bilar?page=2", 100, ""},
		{"/bilar?page=1", 0, "/bilar"},
		{"/bilar/bmw?page=4&sort=newest", 0, "/bilar/bmw"},
		{"/en/bilar?page=30", 20500, "/en/bilar?page=19"},
	} {
		t.Run(tt.target, func(t *testing.T) {
			rec := &recordingSearcher{Searcher: MustEngine(t), total: tt.total}
			if tt.total == 0 {
				rec.Searcher = MustEngine(t) // the five demo cars: page 0 only
			}
			lang, target := "sv", tt.target
			if rest, ok := strings.CutPrefix(target, "/en"); ok {
				lang, target = "en", rest
			}
			res := assemble(t, MustPages(t, rec), "group-se", lang, target)
			if res.Redirect != tt.want {
				t.Fatalf("redirect %q (%d), want %q", res.Redirect, res.RedirectStatus, tt.want)
			}
			if tt.want != "" && res.RedirectStatus != http.StatusFound {
				t.Errorf("status %d, want 302 (the last page moves with the stock)", res.RedirectStatus)
			}
		})
	}
}

func TestLastPage(t *testing.T) {
	for total, want := range map[int]int{0: 0, 1: 0, 48: 0, 49: 1, 960: 19, 961: 19, 20500: 19} {
		if got := catalogpages.LastPage(total); got != want {
			t.Errorf("LastPage(%d) = %d, want %d", total, got, want)
		}
	}
}

// TestLegacySortRedirects: the old site's addresses keep their sort
// (/elbilar?sort=price_asc showed the newest cars), and a sort
// the list does not know is passed on for the list to report, not dropped.
func TestLegacySortRedirects(t *testing.T) {
	rd, err := web.LoadRedirects(contentfiles.FS)
	if err != nil {
		t.Fatal(err)
	}
	rd.MapQuery("sort", catalogpages.CanonicalSort)
	for _, tt := range []struct{ path, query, want string }{
		{"/elbilar", "sort=price_asc", "/bilar?car_fuel=El&sort=car_price_asc"},
		{"/elbilar", "sort=price_desc", "/bilar?car_fuel=El&sort=car_price_desc"},
		{"/begagnade-bilar", "sort=year_desc", "/bilar?car_condition=Begagnad&sort=car_year_desc"},
		{"/transportbilar", "sort=mileage_asc", "/bilar?car_vehicle_type_code=LCV&sort=car_mileage_asc"},
		{"/transportbilar", "sort=price", "/bilar?car_vehicle_type_code=LCV&sort=car_price_asc"},
		{"/elbilar", "sort=car_power_desc", "/bilar?car_fuel=El&sort=car_power_desc"},
		{"/elbilar", "sort=colour", "/bilar?car_fuel=El&sort=colour"},
		{"/marken/bmw", "", "/bilar/bmw"},
		{"/marken/bmw", "sort=price_asc", "/bilar/bmw?sort=car_price_asc"},
	} {
		q, _ := url.ParseQuery(tt.query)
		if got := rd.Match("group-se", tt.path, q); got != tt.want {
			t.Errorf("%s?%s → %q, want %q", tt.path, tt.query, got, tt.want)
		}
	}
}
