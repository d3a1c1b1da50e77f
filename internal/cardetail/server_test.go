package cardetail_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	contentfiles "forecourt/content"
	"forecourt/internal/cardetail"
	"forecourt/internal/catalog"
	"forecourt/internal/content"
	"forecourt/internal/demo/stock"
	"forecourt/internal/forms/leads"
	"forecourt/internal/page"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/web"
)

type fixture struct {
	h     http.Handler
	svc   *cardetail.Service
	sites *site.Registry
	leads *leads.Store
}

// TestMain removes the shared fixture's data folder.
func TestMain(m *testing.M) {
	code := m.Run()
	if fixDir != "" {
		os.RemoveAll(fixDir)
	}
	os.Exit(code)
}

var (
	fixDir  string
	fixOnce sync.Once
	fix     fixture
)

// mustFixture builds the real server (without render workers: pages fall
// back to client rendering, the head is still Go's) over a small demo
// stock of group-se and group-uk, shared by the tests of this package.
func mustFixture(tb testing.TB) fixture {
	tb.Helper()
	fixOnce.Do(func() {
		ctx := context.Background()
		dir, err := os.MkdirTemp("", "cardetail-test-")
		if err != nil {
			tb.Fatal(err)
		}
		fixDir = dir
		// Shared by every test of the package, so not closed by one test's cleanup.
		db, err := store.Open(ctx, dir, "")
		if err != nil {
			tb.Fatal(err)
		}
		cst := catalog.NewStore(db)
		if _, err := stock.Seed(ctx, cst, stock.SeedOptions{Scale: 0.1, Sites: []string{"group-se", "group-uk"}}); err != nil {
			tb.Fatal(err)
		}
		sites, err := site.New(site.All(), "group-se")
		if err != nil {
			tb.Fatal(err)
		}
		csvc := catalog.NewService(cst, nil)
		engine := search.NewEngine()
		if err := indexSites(ctx, csvc, engine, sites, "group-se", "group-uk"); err != nil {
			tb.Fatal(err)
		}
		src, err := content.LoadFiles(contentfiles.FS)
		if err != nil {
			tb.Fatal(err)
		}
		pages := &page.Assembler{Content: src, Locales: []string{"sv", "en"}}
		svc := &cardetail.Service{Engine: engine, Catalog: cst, Content: src}
		pages.Rewrite("car-detail", cardetail.Rewriter(cardetail.DetailItemPath))
		pages.Register("CarDetail", svc.DetailLoader())
		pages.Register("SimilarCars", svc.SimilarLoader())
		pages.Register("FinanceAction", svc.FinanceActionLoader())
		lst := leads.NewStore(db)
		_, file, _, _ := runtime.Caller(0)
		s, err := web.New(web.Config{Locales: []string{"sv", "en"}}, web.Deps{
			Sites: sites, Pages: pages, Store: db,
			AssetsDir: filepath.Join(filepath.Dir(file), "..", "..", "web", "dist", "client"),
			Search:    engine, Routes: svc.Routes(),
		})
		if err != nil {
			tb.Fatal(err)
		}
		fix = fixture{h: s.Handler(), svc: svc, sites: sites, leads: lst}
	})
	if fix.h == nil {
		tb.Fatal("fixture failed")
	}
	return fix
}

func do(tb testing.TB, h http.Handler, method, target, body string, hdr ...string) *httptest.ResponseRecorder {
	tb.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// firstCar returns a car of a site matching filters.
func firstCar(tb testing.TB, f fixture, siteName string, filters map[string][]string) map[string]any {
	tb.Helper()
	st, _ := f.sites.ByName(siteName)
	res, err := f.svc.Engine.Search(context.Background(), search.Query{Index: st.VehiclesIndex(), Filters: filters, Limit: 1})
	if err != nil || len(res.Content) == 0 {
		tb.Fatalf("no car for %v: %v", filters, err)
	}
	return res.Content[0]
}

// typed decodes an index record into the catalog's car.
func typed(tb testing.TB, car map[string]any) *catalog.Car {
	tb.Helper()
	b, _ := json.Marshal(car)
	var c catalog.Car
	if err := json.Unmarshal(b, &c); err != nil {
		tb.Fatal(err)
	}
	return &c
}

func idOf(car map[string]any) string { return strconv.FormatInt(int64(car["car_id"].(float64)), 10) }

func TestParsePath(t *testing.T) {
	tests := []struct {
		segs []string
		want cardetail.PathRef
	}{
		{nil, cardetail.PathRef{}},
		{[]string{"123"}, cardetail.PathRef{ID: 123, IDOnly: true}},
		{[]string{"123", "volvo-xc60-b4-2024"}, cardetail.PathRef{ID: 123, Slug: "volvo-xc60-b4-2024"}},
		{[]string{"volvo", "123"}, cardetail.PathRef{ID: 123, Slug: "volvo"}},
		{[]string{"a", "b", "77", "slug"}, cardetail.PathRef{ID: 77, Slug: "slug"}},
		{[]string{"volvo-xc60-b4-2024"}, cardetail.PathRef{Slug: "volvo-xc60-b4-2024"}},
		{[]string{"12a", "slug"}, cardetail.PathRef{Slug: "slug"}},
		{[]string{"-1", "slug"}, cardetail.PathRef{Slug: "slug"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.segs, "/"), func(t *testing.T) {
			if d := cmp.Diff(tt.want, cardetail.ParsePath(tt.segs)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	if got := cardetail.SlugKeyphrase("volvo-xc60-b4-2024"); got != "b4" {
		t.Errorf("SlugKeyphrase = %q, want b4", got)
	}
}

func TestDetailRoute(t *testing.T) {
	f := mustFixture(t)
	car := firstCar(t, f, "group-se", map[string][]string{"car_is_used": {"true"}})
	id, slug := idOf(car), car["slug"].(string)

	t.Run("id only redirects to id/slug", func(t *testing.T) {
		rec := do(t, f.h, "GET", "/bilar/"+id, "")
		if rec.Code != http.StatusFound || rec.Header().Get("Location") != "/bilar/"+id+"/"+slug {
			t.Fatalf("got %d %q", rec.Code, rec.Header().Get("Location"))
		}
		rec = do(t, f.h, "GET", "/en/bilar/"+id, "")
		if rec.Code != http.StatusFound || rec.Header().Get("Location") != "/en/bilar/"+id+"/"+slug {
			t.Fatalf("en: got %d %q", rec.Code, rec.Header().Get("Location"))
		}
	})
	t.Run("id/slug renders the car with its head", func(t *testing.T) {
		rec := do(t, f.h, "GET", "/bilar/"+id+"/"+slug, "")
		if rec.Code != http.StatusOK {
			t.Fatalf("status %d", rec.Code)
		}
		body := rec.Body.String()
		title := cardetail.CarTitle(typed(t, car))
		if !strings.HasPrefix(title, car["car_condition"].(string)+" "+car["car_brand"].(string)) {
			t.Errorf("title %q lacks condition and brand", title)
		}
		for _, want := range []string{
			"<title>" + title + " | Forecourt</title>",
			// The test's Host (example.com) is not the site's: the canonical uses the configured host.
			`<link rel="canonical" href="https://forecourt.se/bilar/` + id + `/` + slug + `"`,
			`"@type":"Car"`, `"@type":"Offer"`, `"priceCurrency":"SEK"`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("page lacks %s", want)
			}
		}
	})
	t.Run("a non-numeric id segment takes the last segment as the id", func(t *testing.T) {
		rec := do(t, f.h, "GET", "/_page/bilar/volvo/"+id, "")
		var pd struct {
			Page page.Data `json:"page"`
		}
		json.Unmarshal(rec.Body.Bytes(), &pd)
		if rec.Code != http.StatusOK || detailOf(t, pd.Page)["found"] != true {
			t.Fatalf("status %d, data %v", rec.Code, detailOf(t, pd.Page))
		}
	})
	t.Run("unknown car is a 404 with recommendations and a keyphrase", func(t *testing.T) {
		rec := do(t, f.h, "GET", "/_page/bilar/999999999/volvo-xc60-b4-2020", "")
		if rec.Code != http.StatusNotFound {
			t.Fatalf("status %d", rec.Code)
		}
		var pd struct {
			Page page.Data `json:"page"`
		}
		json.Unmarshal(rec.Body.Bytes(), &pd)
		d := detailOf(t, pd.Page)
		if d["found"] != false || d["keyphrase"] != "b4" {
			t.Errorf("detail %v", d)
		}
		if recs, _ := d["recommendations"].([]any); len(recs) == 0 || len(recs) > 8 {
			t.Errorf("%d recommendations, want 1..8", len(recs))
		}
		if rec := do(t, f.h, "GET", "/bilar/999999999/volvo-xc60-b4-2020", ""); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `content="noindex"`) {
			t.Errorf("html status %d", rec.Code)
		}
	})
	t.Run("no id is a 404", func(t *testing.T) {
		if rec := do(t, f.h, "GET", "/bilar/not-a-car", ""); rec.Code != http.StatusNotFound {
			t.Errorf("status %d", rec.Code)
		}
	})
	t.Run("the detail item is not in the sitemap", func(t *testing.T) {
		if rec := do(t, f.h, "GET", "/sitemap.xml", ""); strings.Contains(rec.Body.String(), "_car-detail") {
			t.Error("sitemap lists /_car-detail")
		}
	})
}

func detailOf(tb testing.TB, d page.Data) map[string]any {
	tb.Helper()
	for _, c := range d.Sitecore.Route.Placeholders["headless-main"] {
		if c.ComponentName == "CarDetail" {
			b, _ := json.Marshal(d.Data[c.UID])
			var m map[string]any
			json.Unmarshal(b, &m)
			return m
		}
	}
	tb.Fatal("no CarDetail component")
	return nil
}

func TestRecommendations(t *testing.T) {
	f := mustFixture(t)
	st, _ := f.sites.ByName("group-se")
	car := firstCar(t, f, "group-se", map[string][]string{"car_is_sample": {"false"}})
	recs, err := f.svc.Recommendations(context.Background(), st, typed(t, car), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) == 0 || len(recs) > cardetail.RecommendationLimit {
		t.Fatalf("%d recommendations", len(recs))
	}
	for _, r := range recs {
		if float64(r.CarID) == car["car_id"] {
			t.Error("recommends the car itself")
		}
		for k, v := range map[string]string{"car_site_region": r.CarSiteRegion, "car_body": r.CarBody, "car_fuel": r.CarFuel} {
			if v != car[k] {
				t.Errorf("%s = %v, want %v", k, v, car[k])
			}
		}
	}
	sample := firstCar(t, f, "group-se", map[string][]string{"car_is_sample": {"true"}})
	sites, err := f.svc.SampleSites(context.Background(), st, sample["car_brand"].(string))
	if err != nil || len(sites) == 0 {
		t.Fatalf("sample sites: %d, %v", len(sites), err)
	}
	alts, err := f.svc.SampleAlternatives(context.Background(), st, typed(t, sample), sites)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range alts {
		if a.CarIsSample || a.CarBrand != sample["car_brand"] || a.CarModel != sample["car_model"] {
			t.Errorf("alternative %v %v sample=%v", a.CarBrand, a.CarModel, a.CarIsSample)
		}
	}
}

type apiError struct {
	Error struct {
		Code   string            `json:"code"`
		Fields map[string]string `json:"fields"`
	} `json:"error"`
}

func TestLoanAPI(t *testing.T) {
	f := mustFixture(t)
	car := firstCar(t, f, "group-se", map[string][]string{"car_is_used": {"true"}, "car_loan_monthly_cost.range": {"1", ""}})
	id := idOf(car)
	opt, err := cardetail.LoanOptionOf(typed(t, car))
	if err != nil {
		t.Fatal(err)
	}
	period := opt.PeriodSlider()
	down := opt.DownPaymentSlider(car["car_price"].(float64), period.Value)
	ask := func(downPayment, months int) map[string]any {
		rec := do(t, f.h, "POST", "/api/finance/loan", `{"car_id":`+id+`,"down_payment":`+strconv.Itoa(downPayment)+`,"months":`+strconv.Itoa(months)+`}`)
		if rec.Code != 200 {
			t.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
		var m map[string]any
		json.Unmarshal(rec.Body.Bytes(), &m)
		return m
	}
	a := ask(down.Min, period.Value)
	b := ask(down.Max, period.Value)
	if !(a["monthly_cost"].(float64) > 0) || a["disclaimer"] == "" || strings.Contains(a["disclaimer"].(string), "{1}") {
		t.Errorf("answer %v", a)
	}
	if down.Max > down.Min && !(b["monthly_cost"].(float64) < a["monthly_cost"].(float64)) {
		t.Errorf("a larger down payment should lower the monthly cost: %v vs %v", b["monthly_cost"], a["monthly_cost"])
	}
	for name, body := range map[string]string{
		"bad json":                `{`,
		"missing":                 `{"car_id":` + id + `}`,
		"bad period":              `{"car_id":` + id + `,"down_payment":0,"months":7}`,
		"off the 12-month step":   `{"car_id":` + id + `,"down_payment":0,"months":30}`,
		"fractional down payment": `{"car_id":` + id + `,"down_payment":1000.5,"months":36}`,
		"unknown car?":            `{"car_id":"x","down_payment":0,"months":36}`,
	} {
		t.Run(name, func(t *testing.T) {
			rec := do(t, f.h, "POST", "/api/finance/loan", body)
			if rec.Code != http.StatusBadRequest {
				t.Errorf("status %d: %s", rec.Code, rec.Body)
			}
		})
	}
	if rec := do(t, f.h, "POST", "/api/finance/loan", `{"car_id":999999999,"down_payment":0,"months":36}`); rec.Code != http.StatusNotFound {
		t.Errorf("unknown car: status %d", rec.Code)
	}
}

func TestUKQuoteAPI(t *testing.T) {
	f := mustFixture(t)
	uk := []string{"Host", "group-uk.localhost"}
	veh := `{"Make":"Ford","Model":"Puma","RegistrationNumber":"AB21CDE","CashPrice":21000,"RegistrationDate":"2024-06-01","CurrentMileage":18000}`
	rec := do(t, f.h, "POST", "/api/codeweaver/default", `{"Vehicle":`+veh+`,"Organisation":{"Id":"1","Name":"Dealer"}}`, uk...)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"FamilyKey"`) {
		t.Fatalf("default: %d %s", rec.Code, rec.Body)
	}
	cfd := `{"Organisation":{"Id":"1","Name":"Dealer"},"VehicleRequests":[{"Id":"1","Vehicle":` + veh +
		`,"Parameters":{"Term":36,"CashDeposit":2100,"AnnualMileage":10000,"FinanceProductFamilyKeys":["PCP"],"CalculationType":"ToRegularPayment"}}]}`
	rec = do(t, f.h, "POST", "/api/codeweaver/cfd", cfd, uk...)
	if rec.Code != 200 {
		t.Fatalf("cfd: %d %s", rec.Code, rec.Body)
	}
	var q struct {
		Vehicles []struct {
			HasError          bool
			FinanceQuotations []struct {
				HasError bool
				Finance  struct {
					Quote struct{ QuoteReference string }
				}
			}
		}
	}
	json.Unmarshal(rec.Body.Bytes(), &q)
	if len(q.Vehicles) != 1 || q.Vehicles[0].HasError || len(q.Vehicles[0].FinanceQuotations) == 0 {
		t.Fatalf("cfd answer: %s", rec.Body)
	}
	ref := q.Vehicles[0].FinanceQuotations[0].Finance.Quote.QuoteReference
	if rec := do(t, f.h, "GET", "/api/codeweaver/legal?quoteRef="+ref, "", uk...); rec.Code != 200 {
		t.Errorf("legal: %d %s", rec.Code, rec.Body)
	}
	for name, tc := range map[string]struct{ method, path, body string }{
		"cfd bad term":       {"POST", "/api/codeweaver/cfd", strings.Replace(cfd, `"Term":36`, `"Term":7`, 1)},
		"cfd not json":       {"POST", "/api/codeweaver/cfd", `nope`},
		"default no vehicle": {"POST", "/api/codeweaver/default", `{}`},
		"legal malformed":    {"GET", "/api/codeweaver/legal?quoteRef=xyz", ""},
	} {
		t.Run(name, func(t *testing.T) {
			rec := do(t, f.h, tc.method, tc.path, tc.body, uk...)
			var e apiError
			json.Unmarshal(rec.Body.Bytes(), &e)
			if rec.Code != http.StatusBadRequest || e.Error.Code != "invalid" {
				t.Errorf("status %d: %s", rec.Code, rec.Body)
			}
		})
	}
}

// TestExtraMediaAPI: a registration without extra media answers 200 with an
// empty record (a 404 was logged in the console of most UK car pages); a
// malformed one is still 400.
func TestExtraMediaAPI(t *testing.T) {
	f := mustFixture(t)
	uk := []string{"Host", "group-uk.localhost"}
	rec := do(t, f.h, "GET", "/api/media/NO55XYZ", "", uk...)
	if rec.Code != http.StatusOK {
		t.Fatalf("no media: %d %s", rec.Code, rec.Body)
	}
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"car_regno": "NO55XYZ", "videoUrl": "", "images360": []any{}, "internal360": "", "hasVideo": false, "hasInternal360": false, "has360": false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("empty record (-want +got):\n%s", diff)
	}
	if rec := do(t, f.h, "GET", "/api/media/"+strings.Repeat("A", 17), "", uk...); rec.Code != http.StatusBadRequest {
		t.Errorf("too long: %d", rec.Code)
	}
}

// indexSites builds the search indexes of the named sites as the server's
// indexer does.
func indexSites(ctx context.Context, svc *catalog.Service, engine *search.Engine, sites *site.Registry, names ...string) error {
	var some []*site.Site
	for _, n := range names {
		s, err := sites.ByName(n)
		if err != nil {
			return err
		}
		some = append(some, s)
	}
	reg, err := site.New(some, names[0])
	if err != nil {
		return err
	}
	ix := &catalog.Indexer{Service: svc, Engine: engine, Sites: reg, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	return ix.BuildAll(ctx)
}
