package catalogpages

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/search"
)

// Pages builds the loaders, rewriters and the sitemap contributor of the
// find-a-car screens over a Searcher.
type Pages struct {
	Search  Searcher
	Content content.Source
	Logger  *slog.Logger

	titles sync.Map // breadcrumb titles by site, language and item path
}

// dict returns the request's dictionary; a missing one is empty.
func (p *Pages) dict(ctx context.Context, req *page.Request) content.Dictionary {
	d, err := p.Content.Dictionary(ctx, req.Site.Name, req.Lang)
	if err != nil || d == nil {
		return content.Dictionary{}
	}
	return d
}

func (p *Pages) log() *slog.Logger {
	if p.Logger != nil {
		return p.Logger
	}
	return slog.Default()
}

// CarListData is the car list loader's output, everything the screen's
// first render needs and nothing more.
type CarListData struct {
	// Index is the site's vehicles index: the screen's later pages come
	// from GET /api/car-list (ListAPI), which finds it from the host.
	Index    string               `json:"index"`
	BasePath string               `json:"basePath"` // the car list path with the language prefix
	Query    ListQuery            `json:"query"`
	Facets   []search.FacetResult `json:"facets"`
	// Requests and Fields are the list's facets and card fields (the
	// search ListSearch makes); the page data keeps its shape.
	Requests []search.FacetRequest `json:"facetRequests"`
	Fields   []string              `json:"fields"`
	Cars     []CarCard             `json:"cars"`
	Total    int                   `json:"total"`
	PageSize int                   `json:"pageSize"`
	MaxPages int                   `json:"maxPages"`
	// FirstPage is the page of Cars[0]: the document holds at most
	// WindowPages pages ending at Query.Page; the screen offers the earlier
	// ones with "show previous".
	FirstPage int      `json:"firstPage"`
	Sorts     []string `json:"sorts"`
	// Error is true when the search failed: the screen shows carListError.
	Error bool `json:"error"`
}

// rootPath returns the dictionary path key as an item path (without the
// language prefix), or "" when the key is missing.
func rootPath(req *page.Request, dict content.Dictionary, key string) string {
	p := strings.TrimSuffix(dict[key], "/")
	if p == "" {
		return ""
	}
	if pre := req.LangPrefix(); pre != "" {
		if p == pre {
			return "/"
		}
		p = strings.TrimPrefix(p, pre)
	}
	return p
}

// CarListRewriter maps "<pathToCarList>/{brand}" and
// "<pathToCarList>/{brand}/{model}" onto the car list item, with the
// segments as its trailing facet values. Numeric first segments are car
// ids and are left to the detail page.
func (p *Pages) CarListRewriter(ctx context.Context, req *page.Request, dict content.Dictionary) (string, []string, bool) {
	base := rootPath(req, dict, "pathToCarList")
	if base == "" || base == "/" {
		return "", nil, false
	}
	rest, ok := strings.CutPrefix(strings.TrimSuffix(req.Path, "/"), base+"/")
	if !ok || rest == "" {
		return "", nil, false
	}
	segs := strings.Split(rest, "/")
	if len(segs) > 2 || IsNumeric(segs[0]) {
		return "", nil, false
	}
	for _, s := range segs {
		if s == "" {
			return "", nil, false
		}
	}
	// "/bilar/some-slug/12345" is a car detail path whose id comes last
	// (spec: a non-numeric id segment makes the last segment the id); a
	// numeric model of a known brand ("/bilar/fiat/600") is a list page.
	if len(segs) == 2 && IsNumeric(segs[1]) && !p.knownBrand(ctx, req.Site.VehiclesIndex(), segs[0]) {
		return "", nil, false
	}
	return base, segs, true
}

// knownBrand reports whether seg names a brand of the index (as its path
// segment, case- and accent-insensitive).
func (p *Pages) knownBrand(ctx context.Context, index, seg string) bool {
	tree, err := p.brandTree(ctx, index)
	if err != nil {
		return false
	}
	_, _, ok := resolveSegments(tree, []string{seg})
	return ok
}

// brandTree returns the brand > model facet of an index (limit 0, cached
// by the engine for 60 s).
func (p *Pages) brandTree(ctx context.Context, index string) ([]search.FacetValue, error) {
	res, err := p.Search.Search(ctx, search.Query{Index: index, Limit: 0,
		Facets: []search.FacetRequest{{Name: "car_brand", ChildName: "car_model", SortOrder: "asc"}}})
	if err != nil {
		return nil, err
	}
	if len(res.Facets) == 0 {
		return nil, nil
	}
	return res.Facets[0].Values, nil
}

// resolveSegments finds the brand (and model) whose slugs are the path
// segments. ok is false when a segment names no value in the stock.
func resolveSegments(tree []search.FacetValue, segs []string) (brand, model string, ok bool) {
	if len(segs) == 0 {
		return "", "", true
	}
	for _, b := range tree {
		if Slug(b.Text) != strings.ToLower(segs[0]) {
			continue
		}
		if len(segs) == 1 {
			return b.Text, "", true
		}
		for _, m := range b.Children {
			if Slug(m.Text) == strings.ToLower(segs[1]) {
				return b.Text, m.Text, true
			}
		}
		return b.Text, "", false
	}
	return "", "", false
}

// CarList loads the first result of the car list from the URL: query
// string state plus the brand and model path segments. Page N shows the
// cars of the last WindowPages pages up to N (a reload keeps the page that
// "show more" had reached; the earlier pages stay one click away), so no
// document carries hundreds of cards.
// Unknown brand or model segments answer 404 with an empty list. A failed
// search gives Error=true and empty facets (the screen says carListError).
func (p *Pages) CarList(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	q := ParseListQuery(req.Query)
	d := &CarListData{
		Index: req.Site.VehiclesIndex(), BasePath: req.PublicPath(route.ItemPath), Query: q,
		Facets: []search.FacetResult{}, Requests: FacetRequests(), Fields: CardFields, Cars: []CarCard{},
		PageSize: PageSize, MaxPages: MaxPages, Sorts: Sorts,
	}
	if len(route.Wildcard) > 0 {
		tree, err := p.brandTree(ctx, d.Index)
		if err != nil {
			p.log().Error("car list: brand facet failed", "site", req.Site.Name, "err", err)
			d.Error = true
			return d, nil
		}
		brand, model, ok := resolveSegments(tree, route.Wildcard)
		if !ok {
			return &page.Outcome{Status: http.StatusNotFound, Data: d}, nil
		}
		if !containsStr(d.Query.Filters["car_brand"], brand) {
			d.Query.Filters["car_brand"] = append(d.Query.Filters["car_brand"], brand)
		}
		if model != "" && !containsStr(d.Query.Filters["car_model"], brand+">"+model) {
			d.Query.Filters["car_model"] = append(d.Query.Filters["car_model"], brand+">"+model)
		}
	}
	d.FirstPage = max(0, d.Query.Page-(WindowPages-1))
	res, err := p.Search.Search(ctx, ListSearch(d.Index, d.Query, PageSize*d.FirstPage, PageSize*(d.Query.Page-d.FirstPage+1)))
	if err != nil {
		p.log().Error("car list search failed", "site", req.Site.Name, "err", err)
		d.Error = true
		return d, nil
	}
	if last := LastPage(res.TotalItems); d.Query.Page > last || d.Query.AskedPage > 0 {
		return &page.Outcome{Status: http.StatusFound, Redirect: pageURL(req, last)}, nil
	}
	d.Facets, d.Cars, d.Total = res.Facets, Cards(res.Content), res.TotalItems
	canonicalFilters(d.Query.Filters, res.Facets)
	d.Sorts = offeredSorts(d.Query.Sort, res.Facets)
	return d, nil
}

// LastPage is the index of the last page the list shows for a total: the
// page of the last car, or MaxPages-1 when there are more cars than pages
// (the screen then asks the visitor to narrow the search).
func LastPage(total int) int {
	return max(0, min(MaxPages, (total+PageSize-1)/PageSize)-1)
}

// pageURL is the address of the request's list at page n: the same path
// and parameters, the sort in the list's own spelling, page left out for 0.
// A page past the last one redirects there rather than showing the last
// page's cars under another address.
func pageURL(req *page.Request, n int) string {
	v := url.Values{}
	for k, vals := range req.Query {
		v[k] = vals
	}
	if s, ok := CanonicalSort(v.Get("sort")); ok && s != Sorts[0] {
		v.Set("sort", s)
	} else if ok {
		v.Del("sort")
	}
	v.Del("page")
	if n > 0 {
		v.Set("page", strconv.Itoa(n))
	}
	target := req.PublicPath(req.Path)
	if q := v.Encode(); q != "" {
		target += "?" + q
	}
	return target
}

// offeredSorts leaves out the monthly-cost sorts where no car of the list
// has a monthly figure (the UK's finance is quoted by a provider, trucks
// have none), unless the URL asks for one of them.
func offeredSorts(current string, facets []search.FacetResult) []string {
	for _, f := range facets {
		if f.Name != "car_monthly_cost" || f.Histogram == nil {
			continue
		}
		for _, b := range f.Histogram.Buckets {
			if b.Count > 0 {
				return Sorts
			}
		}
	}
	out := make([]string, 0, len(Sorts))
	for _, s := range Sorts {
		if s == current || !strings.HasPrefix(s, "car_monthly_cost_") {
			out = append(out, s)
		}
	}
	return out
}

// canonicalFilters rewrites filter values to the spelling of the facet
// values they match (search matches case- and accent-insensitively), so
// "?car_brand=bmw" ticks the facet's "BMW" box.
func canonicalFilters(filters map[string][]string, facets []search.FacetResult) {
	// spelled maps a facet's value slugs to its values, made only for the
	// facets the filters name (a list has 15 facets and hundreds of models;
	// slugging them all per request was a tenth of the list's Go CPU).
	spelled := func(name string) map[string]string {
		for _, f := range facets {
			if f.Name != name {
				continue
			}
			m := map[string]string{}
			for _, v := range f.Values {
				m[Slug(v.Text)] = v.Text
				if f.Name == "car_brand" {
					for _, c := range v.Children {
						m[Slug(v.Text)+">"+Slug(c.Text)] = v.Text + ">" + c.Text
					}
				}
			}
			return m
		}
		return nil
	}
	for key, vals := range filters {
		name := key
		if key == "car_model" {
			name = "car_brand"
		}
		m := spelled(name)
		if m == nil {
			continue
		}
		out := vals[:0:0]
		for _, v := range vals {
			k := Slug(v)
			if b, c, ok := strings.Cut(v, ">"); ok {
				k = Slug(b) + ">" + Slug(c)
			}
			if canon, ok := m[k]; ok {
				v = canon
			}
			if !containsStr(out, v) {
				out = append(out, v)
			}
		}
		filters[key] = out
	}
}
