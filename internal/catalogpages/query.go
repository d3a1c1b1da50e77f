// Package catalogpages holds the page loaders of the "find a car" screens:
// the car list (with readable brand and model path segments), its
// breadcrumb, the dealer-site list and detail, the hero search facet and a
// sitemap contributor. It turns request URLs into search queries at the
// boundary; the search engine does the rest.
package catalogpages

import (
	"context"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"forecourt/internal/search"
)

// Searcher runs search queries; *search.Engine implements it.
type Searcher interface {
	Search(ctx context.Context, q search.Query) (search.Result, error)
}

// Car list constants (spec section 9).
const (
	PageSize = 48 // cars per page
	MaxPages = 20 // pages 0..19
	// WindowPages is how many pages one list document holds at most: the
	// page asked for and the one before it (96 cards, under 400 KB).
	WindowPages  = 2
	SitePageSize = 48 // dealer sites per page
	Arrivals     = 12 // latest arrivals on a dealer site
)

// Keyword facets of the car list, in panel order. car_brand carries its
// child car_model.
var listFacets = []string{"car_brand", "car_condition", "car_price_dropped", "car_price_rating", "car_body", "car_fuel", "car_gearbox", "car_year",
	"car_drive", "car_color", "car_site_city", "car_site_name"}

// urlFilters are filters a link may set that have no panel of their own:
// the vehicle type of the old "/transportbilar" and "/lastbilar" pages.
var urlFilters = []string{"car_model", "car_vehicle_type_code"}

// RangeFacets are the histogram facets with range inputs (spec section 4),
// in panel order. car_monthly_cost is the lowest monthly figure of a car's
// loan and private leasing (catalog.FillMonthlyCost): "?car_monthly_cost=2000-4000".
var RangeFacets = []string{"car_price", "car_monthly_cost", "car_campaign_price", "car_mileage", "car_privateleasing_monthly_cost", "car_power"}

// Sorts are the accepted sort names; the first is the default. Cars
// without a monthly figure sort last both ways, as do cars without a
// recent reduction (car_price_drop_date) or a fair-price rating
// (car_price_score: asking over expected price, the best deals first).
var Sorts = []string{"car_publishdate_desc", "car_price_asc", "car_price_desc", "car_monthly_cost_asc", "car_monthly_cost_desc",
	"car_mileage_asc", "car_year_desc", "car_power_desc", "car_price_drop_date_desc", "car_price_score_asc"}

// LegacySorts maps the sort values of the previous sites' links ("?sort=price_asc",
// "?sort=price") onto the list's sorts; redirects of old paths rewrite them
// and the list reads them too. Old values with no sort of their own here
// (year_asc, mileage_desc) are not in the table: the list says it does not
// know them instead of silently sorting by something else.
var LegacySorts = map[string]string{
	"price":            "car_price_asc",
	"price_asc":        "car_price_asc",
	"price_desc":       "car_price_desc",
	"year":             "car_year_desc",
	"year_desc":        "car_year_desc",
	"mileage":          "car_mileage_asc",
	"mileage_asc":      "car_mileage_asc",
	"date":             "car_publishdate_desc",
	"date_desc":        "car_publishdate_desc",
	"newest":           "car_publishdate_desc",
	"latest":           "car_publishdate_desc",
	"publishdate_desc": "car_publishdate_desc",
	"power":            "car_power_desc",
	"power_desc":       "car_power_desc",
	"monthly_asc":      "car_monthly_cost_asc",
	"monthly_desc":     "car_monthly_cost_desc",
}

// CanonicalSort returns the list's sort for a sort value of a URL: a sort
// of Sorts as it is, an old one through LegacySorts (case-insensitive).
// ok is false for a value the list does not know.
func CanonicalSort(v string) (sort string, ok bool) {
	if containsStr(Sorts, v) {
		return v, true
	}
	sort, ok = LegacySorts[strings.ToLower(strings.TrimSpace(v))]
	return sort, ok
}

// FacetRequests are the facets the car list asks for.
func FacetRequests() []search.FacetRequest {
	out := make([]search.FacetRequest, 0, len(listFacets)+len(RangeFacets))
	for _, n := range listFacets {
		fr := search.FacetRequest{Name: n, SortOrder: "asc"}
		switch n {
		case "car_brand":
			fr.ChildName = "car_model"
		case "car_year":
			fr.SortOrder = "desc"
		case "car_site_name", "car_color":
			fr.SortOrder = "asc"
		}
		out = append(out, fr)
	}
	for _, n := range RangeFacets {
		out = append(out, search.FacetRequest{Name: n})
	}
	return out
}

// ListQuery is the car list state read from a URL: the query-string form
// of the screen (filters as repeated parameters, ranges as "min-max",
// keyphrase, sort, page).
type ListQuery struct {
	// Filters holds keyword and year values by facet name; models are
	// written "Brand>Model" under car_model.
	Filters map[string][]string `json:"filters"`
	// Ranges holds [min, max] of the range facets.
	Ranges    map[string][2]float64 `json:"ranges"`
	Keyphrase string                `json:"keyphrase"`
	Sort      string                `json:"sort"`
	Page      int                   `json:"page"`
	// UnknownSort is a sort value of the URL that the list does not know
	// (cut to 40 bytes): the screen says so and sorts by the default.
	UnknownSort string `json:"unknownSort,omitempty"`
	// AskedPage is the page of the URL when it was past the last page
	// (MaxPages-1); Page is then the last page.
	AskedPage int `json:"-"`
}

// ParseListQuery reads the car list state from the query string. It never
// fails: unknown parameters are ignored, a page that is not a number is 0
// and one past the last page is clamped to 19 (AskedPage keeps it: the
// loader redirects), an old site's sort is mapped (LegacySorts), an unknown
// sort is the default and kept in UnknownSort, a range that is not
// "min-max" of integers is dropped, and the keyphrase is cut to
// search.MaxKeyphrase bytes.
func ParseListQuery(v url.Values) ListQuery {
	q := ListQuery{Filters: map[string][]string{}, Ranges: map[string][2]float64{}, Sort: Sorts[0]}
	for _, name := range slices.Concat(listFacets, urlFilters) {
		for _, val := range v[name] {
			val = strings.TrimSpace(val)
			if val == "" || len(val) > 100 {
				continue
			}
			if name == "car_year" {
				if _, err := strconv.Atoi(val); err != nil {
					continue
				}
			}
			if name == "car_model" && !strings.Contains(val, ">") {
				continue
			}
			if !containsStr(q.Filters[name], val) {
				q.Filters[name] = append(q.Filters[name], val)
			}
		}
	}
	for _, name := range RangeFacets {
		if lo, hi, ok := ParseRange(v.Get(name)); ok {
			q.Ranges[name] = [2]float64{lo, hi}
		}
	}
	q.Keyphrase = strings.Join(strings.Fields(v.Get("keyphrase")), " ")
	for len(q.Keyphrase) > search.MaxKeyphrase {
		q.Keyphrase = strings.TrimSpace(q.Keyphrase[:strings.LastIndexByte(q.Keyphrase[:search.MaxKeyphrase], ' ')+1])
		if !strings.Contains(q.Keyphrase, " ") {
			q.Keyphrase = ""
		}
	}
	if s, ok := CanonicalSort(v.Get("sort")); ok {
		q.Sort = s
	} else if s := strings.TrimSpace(v.Get("sort")); s != "" {
		q.UnknownSort = strings.ToValidUTF8(s[:min(len(s), 40)], "")
	}
	if p, err := strconv.Atoi(v.Get("page")); err == nil && p > 0 {
		q.Page = min(p, MaxPages-1)
		if p > q.Page {
			q.AskedPage = p
		}
	}
	return q
}

// ListParams are the query parameters the car list reads; any other
// parameter of a link to the list is ignored.
func ListParams() []string {
	return slices.Concat(listFacets, urlFilters, RangeFacets, []string{"keyphrase", "sort", "page"})
}

// ParseRange parses "100000-300000" (spaces allowed, "100 000-300 000");
// the lower end is swapped with the upper when larger.
func ParseRange(s string) (lo, hi float64, ok bool) {
	s = strings.ReplaceAll(strings.ReplaceAll(s, " ", ""), "\u00a0", "")
	a, b, found := strings.Cut(s, "-")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.ParseInt(a, 10, 64)
	y, err2 := strconv.ParseInt(b, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	if x > y {
		x, y = y, x
	}
	return float64(x), float64(y), true
}

// SearchFilters turns the state into search filters: car_model values
// ("Brand>Model") join the car_brand key, which narrows a brand to its
// selected models; ranges become [min, max].
func (q ListQuery) SearchFilters() map[string][]string {
	out := map[string][]string{}
	for k, vals := range q.Filters {
		key := k
		if k == "car_model" {
			key = "car_brand"
		}
		out[key] = append(out[key], vals...)
	}
	for k := range out {
		sort.Strings(out[k])
	}
	// Ranges after the sort: their order is [min, max], and as text
	// "2641" sorts before "543" (which made the server reject such lists).
	for k, r := range q.Ranges {
		out[k] = []string{strconv.FormatFloat(r[0], 'f', -1, 64), strconv.FormatFloat(r[1], 'f', -1, 64)}
	}
	return out
}

// Encode writes the state back as a query string (the inverse of
// ParseListQuery for valid states), leaving out defaults.
func (q ListQuery) Encode() string {
	v := url.Values{}
	for k, vals := range q.Filters {
		v[k] = append([]string(nil), vals...)
	}
	for k, r := range q.Ranges {
		v.Set(k, strconv.FormatFloat(r[0], 'f', -1, 64)+"-"+strconv.FormatFloat(r[1], 'f', -1, 64))
	}
	if q.Keyphrase != "" {
		v.Set("keyphrase", q.Keyphrase)
	}
	if q.Sort != "" && q.Sort != Sorts[0] {
		v.Set("sort", q.Sort)
	}
	if q.Page > 0 {
		v.Set("page", strconv.Itoa(q.Page))
	}
	return v.Encode()
}

// Slug makes a readable path segment of a facet value: "Mercedes-Benz" →
// "mercedes-benz", "Land Rover" → "land-rover", "Škoda" → "skoda".
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
	}
	return b.String()
}

// IsNumeric reports whether a path segment is a car id.
func IsNumeric(seg string) bool {
	if seg == "" {
		return false
	}
	for _, r := range seg {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ListQueryOf returns the car list state of a list address: the query
// string v plus the brand and model path segments of path below base (the
// list path with its language prefix, "/bilar"), resolved against index as
// the list page does. ok is false when path is not the list or a segment
// names no brand or model of the stock. Page is always 0. Saved searches
// use it so that a saved list state means what the list shows.
func ListQueryOf(ctx context.Context, s Searcher, index, base, path string, v url.Values) (q ListQuery, ok bool, err error) {
	q = ParseListQuery(v)
	q.Page = 0
	base = strings.TrimSuffix(base, "/")
	path = strings.TrimSuffix(path, "/")
	if base == "" {
		return q, false, nil
	}
	if path == base {
		return q, true, nil
	}
	rest, found := strings.CutPrefix(path, base+"/")
	if !found {
		return q, false, nil
	}
	segs := strings.Split(rest, "/")
	if len(segs) > 2 || IsNumeric(segs[0]) {
		return q, false, nil
	}
	p := &Pages{Search: s}
	tree, err := p.brandTree(ctx, index)
	if err != nil {
		return q, false, err
	}
	brand, model, found := resolveSegments(tree, segs)
	if !found {
		return q, false, nil
	}
	if !containsStr(q.Filters["car_brand"], brand) {
		q.Filters["car_brand"] = append(q.Filters["car_brand"], brand)
	}
	if model != "" && !containsStr(q.Filters["car_model"], brand+">"+model) {
		q.Filters["car_model"] = append(q.Filters["car_model"], brand+">"+model)
	}
	return q, true, nil
}
