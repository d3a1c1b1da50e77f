package catalogpages_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalogpages"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/search"
	"forecourt/internal/site"
)

// listAPI calls the car list's API handler for target on group-se and
// returns the recorder and the handler's error.
func listAPI(t *testing.T, s catalogpages.Searcher, target string) (*httptest.ResponseRecorder, error) {
	t.Helper()
	st := MustSite(t, "group-se")
	w := httptest.NewRecorder()
	return w, MustPages(t, s).ListAPI(w, onSite(httptest.NewRequest(http.MethodGet, target, nil), st))
}

// onSite is r as the server hands it to a route of site st (nil: a request
// whose site is unknown).
func onSite(r *http.Request, st *site.Site) *http.Request {
	if st == nil {
		return r
	}
	return (&httpguard.Policy{}).WithSite(r, st)
}

func decodePage(t *testing.T, w *httptest.ResponseRecorder) catalogpages.ListPage {
	t.Helper()
	var p catalogpages.ListPage
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
		t.Fatalf("answer %q: %v", w.Body.String(), err)
	}
	return p
}

func TestListAPIAnswersThePageOfTheQuery(t *testing.T) {
	for _, tt := range []struct {
		target        string
		ids           []int64
		total, offset int
	}{
		{"/api/car-list", []int64{105, 104, 101, 103, 102}, 5, 0},
		{"/api/car-list?car_brand=BMW&car_model=BMW%3EX3", []int64{101, 102}, 2, 0},
		{"/api/car-list?car_brand=BMW&car_fuel=Diesel&sort=car_price_asc", []int64{101, 103}, 2, 0},
		{"/api/car-list?car_price=450000-380000", []int64{105, 104, 101}, 3, 0},
		{"/api/car-list?keyphrase=+volvo++&sort=evil", []int64{104}, 1, 0},
		{"/api/car-list?page=1", []int64{}, 5, 48},
	} {
		t.Run(tt.target, func(t *testing.T) {
			w, err := listAPI(t, MustEngine(t), tt.target)
			if err != nil {
				t.Fatal(err)
			}
			p := decodePage(t, w)
			ids := []int64{}
			for _, c := range p.Cards {
				ids = append(ids, c.CarID)
			}
			if diff := cmp.Diff(tt.ids, ids); diff != "" || p.Total != tt.total || p.Offset != tt.offset || p.Limit != catalogpages.PageSize {
				t.Errorf("total %d offset %d limit %d, cards (-want +got):\n%s", p.Total, p.Offset, p.Limit, diff)
			}
			if len(p.Facets) != len(catalogpages.FacetRequests()) {
				t.Errorf("%d facets, want the list's %d", len(p.Facets), len(catalogpages.FacetRequests()))
			}
			if got := w.Header().Get("Cache-Control"); got != "public, max-age=60" {
				t.Errorf("Cache-Control %q", got)
			}
		})
	}
}

// TestListAPISearchesAsThePage: the API and the list page make the same
// search of the same list state (filter values in sorted order, models
// under car_brand, ranges as [min, max]), so the rule exists once.
func TestListAPISearchesAsThePage(t *testing.T) {
	const query = "car_fuel=El&car_fuel=Diesel&car_brand=Volvo&car_brand=BMW&car_model=BMW%3EX3&car_price=500000-100000&keyphrase=a&sort=car_price_desc&page=1"
	api := &recordingSearcher{Searcher: MustEngine(t), total: 500}
	if _, err := listAPI(t, api, "/api/car-list?"+query); err != nil {
		t.Fatal(err)
	}
	pg := &recordingSearcher{Searcher: MustEngine(t), total: 500}
	assemble(t, MustPages(t, pg), "group-se", "sv", "/bilar?"+query)
	last := func(qs []search.Query) search.Query { return qs[len(qs)-1] }
	a, p := last(api.queries), last(pg.queries)
	want := map[string][]string{"car_brand": {"BMW", "BMW>X3", "Volvo"}, "car_fuel": {"Diesel", "El"}, "car_price": {"100000", "500000"}}
	if diff := cmp.Diff(want, a.Filters); diff != "" {
		t.Errorf("API filters (-want +got):\n%s", diff)
	}
	// The page holds pages 0 and 1 of the state; the API page 1 alone.
	p.Offset, p.Limit = 48, 48
	if diff := cmp.Diff(p, a); diff != "" {
		t.Errorf("API search differs from the page's (-page +API):\n%s", diff)
	}
}

func TestListAPIBounds(t *testing.T) {
	// vals writes n distinct values of a parameter (the list drops repeats).
	vals := func(name, prefix string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "%s=%s%d&", name, prefix, i)
		}
		return b.String()
	}
	for _, tt := range []struct {
		name, target string
		code         errs.Code
	}{
		{"too many values of one filter", "/api/car-list?" + vals("car_color", "c", 51), errs.Invalid},
		{"models and brands together past the bound", "/api/car-list?" + vals("car_brand", "b", 30) + vals("car_model", "b%3Em", 30), errs.Invalid},
		{"a query string past 4 KB", "/api/car-list?keyphrase=" + strings.Repeat("a", 5000), errs.Invalid},
		{"fifty values are fine", "/api/car-list?" + vals("car_fuel", "f", 50), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := listAPI(t, MustEngine(t), tt.target)
			if got := errs.CodeOf(err); err != nil && got != tt.code || err == nil && tt.code != "" {
				t.Fatalf("error %v (code %q), want code %q", err, got, tt.code)
			}
		})
	}
}

func TestListAPIWithoutSiteOrIndex(t *testing.T) {
	if err := MustPages(t, MustEngine(t)).ListAPI(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/car-list", nil)); errs.CodeOf(err) != errs.NotFound {
		t.Errorf("no site: %v, want not_found", err)
	}
	st := MustSite(t, "group-no")
	if err := MustPages(t, MustEngine(t)).ListAPI(httptest.NewRecorder(), onSite(httptest.NewRequest(http.MethodGet, "/api/car-list", nil), st)); errs.CodeOf(err) != errs.Unavailable {
		t.Errorf("index not built: %v, want unavailable", err)
	}
}

func TestListAPISearchFailureAnswersTheEmptyPage(t *testing.T) {
	w, err := listAPI(t, failing{}, "/api/car-list?page=2")
	if err != nil {
		t.Fatal(err)
	}
	p := decodePage(t, w)
	if len(p.Cards) != 0 || len(p.Facets) != 0 || p.Total != 0 || p.Offset != 96 || w.Code != 200 || w.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("status %d, Cache-Control %q, page %+v", w.Code, w.Header().Get("Cache-Control"), p)
	}
	if !strings.Contains(w.Body.String(), `"content":[]`) || !strings.Contains(w.Body.String(), `"facet":[]`) {
		t.Errorf("body %s: want empty lists, not null", w.Body)
	}
}
