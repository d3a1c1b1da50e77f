package search

import (
	"cmp"
	"math"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestAgainstBruteForce runs random queries on synthetic cars and checks
// total_items, the page and every facet count against a naive evaluation
// that looks at each document directly.
func TestAgainstBruteForce(t *testing.T) {
	s := VehiclesSchema()
	docs := synthCars(3000, 7)
	ix := MustBuild(t, s, docs)
	terms := docTermsOf(s, docs)
	r := rand.New(rand.NewSource(42))
	facets := []FacetRequest{
		{Name: "car_brand", ChildName: "car_model"}, {Name: "car_model"}, {Name: "car_fuel", SortOrder: "count"},
		{Name: "car_body"}, {Name: "car_year", SortOrder: "desc"}, {Name: "car_price"}, {Name: "car_mileage"},
		{Name: "car_campaign_price"}, {Name: "car_privateleasing_monthly_cost"}, {Name: "car_power"},
		{Name: "car_site_city"}, {Name: "car_campaigns"}, {Name: "caroftheweek"}, {Name: "car_is_used"},
	}
	sorts := []string{"", "car_price_asc", "car_price_desc", "car_mileage_asc", "car_publishdate_desc", "car_campaign_price_asc", "car_year_desc"}
	defer func(n, f, p int) { smallSet, sparseShare, parallelFacetsMin = n, f, p }(smallSet, sparseShare, parallelFacetsMin)
	n := 400
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		q := randomQuery(r, docs)
		q.Facets = facets
		q.SortName = sorts[r.Intn(len(sorts))]
		q.Limit = r.Intn(30)
		q.Offset = []int{0, 0, 5, 48, r.Intn(3000)}[r.Intn(5)]
		// The three ways of taking a sorted page: sorting a small result,
		// the first k of a sparse one, walking the presorted order.
		smallSet, sparseShare = []int{4096, 0, 0}[i%3], []int{16, 1, 1 << 30}[i%3]
		parallelFacetsMin = []int{50_000, 0}[i/3%2] // facets on one goroutine or two
		res := MustSearch(t, ix, q)
		want := brute(s, docs, terms, q)
		if diff := gocmp.Diff(want, res, cmpopts.IgnoreUnexported(Result{})); diff != "" {
			t.Fatalf("query %d %+v (-brute +index):\n%s", i, q, diff)
		}
	}
}

func randomQuery(r *rand.Rand, docs []map[string]any) Query {
	q := Query{Filters: map[string][]string{}, Fields: []string{"car_id"}}
	some := func(xs []string, max int) []string {
		out := []string{}
		for k := 1 + r.Intn(max); k > 0; k-- {
			out = append(out, xs[r.Intn(len(xs))])
		}
		return out
	}
	brands := []string{}
	for _, b := range synthBrands {
		brands = append(brands, b.name)
	}
	if r.Intn(2) == 0 {
		vals := some(brands, 3)
		for k := r.Intn(3); k > 0; k-- {
			b := synthBrands[r.Intn(len(synthBrands))]
			vals = append(vals, b.name+">"+b.models[r.Intn(len(b.models))])
		}
		q.Filters["car_brand"] = vals
	}
	if r.Intn(8) == 0 {
		q.Filters["car_model"] = []string{"GT", "XC60", "C4"}[:1+r.Intn(3)]
	}
	if r.Intn(3) == 0 {
		q.Filters["car_fuel"] = some(synthFuels, 2)
	}
	if r.Intn(4) == 0 {
		q.Filters["car_site_city"] = some(synthCities, 4)
	}
	if r.Intn(3) == 0 {
		lo := float64(50000 + r.Intn(300000))
		hi := lo + float64(r.Intn(400000))
		ends := []string{formatNumber(lo), formatNumber(hi)}
		if r.Intn(5) == 0 {
			ends[r.Intn(2)] = ""
		}
		q.Filters["car_price"] = ends
	}
	if r.Intn(5) == 0 {
		q.Filters["car_mileage"] = []string{"0", formatNumber(float64(r.Intn(100000)))}
	}
	if r.Intn(5) == 0 {
		q.Filters["car_year"] = []string{"2018", "2020", "2024"}[:1+r.Intn(3)]
	}
	if r.Intn(6) == 0 {
		q.Filters["car_year.range"] = []string{"2015", "2021"}
	}
	if r.Intn(4) == 0 {
		q.Filters["car_is_used"] = []string{strconv.FormatBool(r.Intn(2) == 0)}
	}
	if r.Intn(6) == 0 {
		q.Filters["car_campaigns"] = some(synthCampaigns, 2)
	}
	if r.Intn(6) == 0 {
		q.Filters["car_body.neq"] = some(synthBodies, 3)
	}
	if r.Intn(4) == 0 {
		var ex []string
		for k := r.Intn(50); k > 0; k-- {
			ex = append(ex, formatNumber(docs[r.Intn(len(docs))]["car_id"].(float64)))
		}
		q.Filters["car_id.neq"] = ex
	}
	if r.Intn(10) == 0 {
		q.Filters["car_id"] = []string{formatNumber(docs[r.Intn(len(docs))]["car_id"].(float64)), "1"}
	}
	if r.Intn(3) == 0 {
		words := []string{"volvo", "citroen", "merc", "x", "c4", "malmo", "goteb", "pano", "suv", "EL", "bensin", "2021", "Škoda oct", "zzz"}
		q.Keyphrase = strings.Join(some(words, 2), " ")
	}
	return q
}

// docTermsOf returns the keyphrase words of each document.
func docTermsOf(s *Schema, docs []map[string]any) [][]string {
	out := make([][]string, len(docs))
	for d, doc := range docs {
		for _, f := range s.Text {
			out[d] = append(out[d], docTerms(doc[f])...)
		}
	}
	return out
}

// brute answers q by looking at every document; terms are docTermsOf(docs).
func brute(s *Schema, docs []map[string]any, terms [][]string, q Query) Result {
	words := tokens(q.Keyphrase)
	matchKP := func(d int) bool {
		for _, w := range words {
			if !slices.ContainsFunc(terms[d], func(t string) bool { return strings.HasPrefix(t, w) }) {
				return false
			}
		}
		return true
	}
	// match reports whether doc passes every filter whose group skip does not name.
	match := func(d int, skip func(string) bool) bool {
		doc := docs[d]
		if !matchKP(d) {
			return false
		}
		for key, vals := range q.Filters {
			if len(vals) == 0 || (skip != nil && skip(groupOf(key))) {
				continue
			}
			if !bruteFilter(s, doc, key, vals) {
				return false
			}
		}
		return true
	}
	var hits []int
	for d := range docs {
		if match(d, nil) {
			hits = append(hits, d)
		}
	}
	res := Result{TotalItems: len(hits), Limit: q.Limit, Offset: q.Offset, Facets: []FacetResult{}, Content: []map[string]any{}}
	if q.SortName != "" {
		field, desc, _ := sortField(s, q.SortName)
		val := func(d int) (float64, bool) { x, ok := docs[d][field].(float64); return x, ok }
		slices.SortStableFunc(hits, func(a, b int) int {
			xa, oka := val(a)
			xb, okb := val(b)
			switch {
			case oka != okb:
				if oka {
					return -1
				}
				return 1
			case !oka:
				return 0
			case desc:
				return cmp.Compare(xb, xa)
			}
			return cmp.Compare(xa, xb)
		})
	}
	for i := q.Offset; i < len(hits) && i < q.Offset+q.Limit; i++ {
		res.Content = append(res.Content, project(docs[hits[i]], q.Fields))
	}
	for _, fr := range q.Facets {
		own := map[string]bool{fr.Name: true}
		if h, ok := s.hierarchy(fr.Name); ok {
			own[h.Child] = true
		}
		var set []map[string]any
		for d, doc := range docs {
			if match(d, func(g string) bool { return own[g] }) {
				set = append(set, doc)
			}
		}
		res.Facets = append(res.Facets, bruteFacet(s, set, fr))
	}
	return res
}

func groupOf(key string) string {
	if strings.HasSuffix(key, ".neq") {
		return ""
	}
	return strings.TrimSuffix(key, ".range")
}

func docTerms(v any) []string {
	switch v := v.(type) {
	case string:
		return tokens(v)
	case float64:
		return tokens(formatNumber(v))
	case []any:
		var out []string
		for _, e := range v {
			out = append(out, docTerms(e)...)
		}
		return out
	}
	return nil
}

// docValues returns the values of a field as filter texts.
func docValues(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case float64:
		return []string{formatNumber(v)}
	case bool:
		return []string{strconv.FormatBool(v)}
	case []any:
		var out []string
		for _, e := range v {
			out = append(out, docValues(e)...)
		}
		return out
	}
	return nil
}

func bruteFilter(s *Schema, doc map[string]any, key string, vals []string) bool {
	has := func(field string) bool {
		for _, v := range docValues(doc[field]) {
			if slices.Contains(vals, v) {
				return true
			}
		}
		return false
	}
	inRange := func(field string) bool {
		x, ok := doc[field].(float64)
		if !ok {
			return false
		}
		lo, hi := math.Inf(-1), math.Inf(1)
		if vals[0] != "" {
			lo, _ = strconv.ParseFloat(vals[0], 64)
		}
		if vals[1] != "" {
			hi, _ = strconv.ParseFloat(vals[1], 64)
		}
		return lo <= x && x <= hi
	}
	if base, ok := strings.CutSuffix(key, ".neq"); ok {
		return !has(base)
	}
	if base, ok := strings.CutSuffix(key, ".range"); ok {
		return inRange(base)
	}
	if key == "car_price" || key == "car_mileage" {
		return inRange(key)
	}
	if key == "car_brand" {
		brand, _ := doc["car_brand"].(string)
		model, _ := doc["car_model"].(string)
		for _, v := range vals {
			if p, c, ok := strings.Cut(v, ">"); ok {
				if p == brand && c == model {
					return true
				}
			} else if v == brand && !slices.ContainsFunc(vals, func(w string) bool { return strings.HasPrefix(w, v+">") }) {
				return true
			}
		}
		return false
	}
	return has(key)
}

func bruteFacet(s *Schema, set []map[string]any, fr FacetRequest) FacetResult {
	f, _ := s.field(fr.Name)
	out := FacetResult{Name: fr.Name, ChildName: fr.ChildName, Type: "list", Values: []FacetValue{}}
	if f.Kind == Number && f.Facet == HistogramFacet {
		out.Type = "histogram"
		var xs []float64
		for _, doc := range set {
			if x, ok := doc[fr.Name].(float64); ok {
				xs = append(xs, x)
			}
		}
		h := Histogram{Buckets: []Bucket{}}
		if len(xs) > 0 {
			h.Min, h.Max = slices.Min(xs), slices.Max(xs)
			nb := DefaultBuckets
			if h.Min == h.Max {
				nb = 1
			}
			w := (h.Max - h.Min) / float64(nb)
			for i := 0; i < nb; i++ {
				h.Buckets = append(h.Buckets, Bucket{Min: h.Min + float64(i)*w, Max: h.Min + float64(i+1)*w})
			}
			h.Buckets[nb-1].Max = h.Max
			for _, x := range xs {
				i := nb - 1
				if w > 0 {
					i = min(int((x-h.Min)/w), nb-1)
				}
				h.Buckets[i].Count++
			}
		}
		out.Histogram = &h
		return out
	}
	counts := map[string]int{}
	children := map[string]map[string]int{}
	for _, doc := range set {
		for _, v := range docValues(doc[fr.Name]) {
			counts[v]++
			if fr.ChildName != "" {
				if children[v] == nil {
					children[v] = map[string]int{}
				}
				for _, c := range docValues(doc[fr.ChildName]) {
					children[v][c]++
				}
			}
		}
	}
	less := func(a, b string) int {
		if f.Kind == Number {
			x, _ := strconv.ParseFloat(a, 64)
			y, _ := strconv.ParseFloat(b, 64)
			return cmp.Compare(x, y)
		}
		if c := cmp.Compare(fold(a), fold(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	}
	list := func(m map[string]int) []FacetValue {
		var vs []FacetValue
		for v, n := range m {
			vs = append(vs, FacetValue{Text: v, Count: n})
		}
		slices.SortFunc(vs, func(a, b FacetValue) int {
			switch fr.SortOrder {
			case "desc":
				return less(b.Text, a.Text)
			case "count":
				if c := cmp.Compare(b.Count, a.Count); c != 0 {
					return c
				}
			}
			return less(a.Text, b.Text)
		})
		return vs
	}
	out.Values = list(counts)
	if out.Values == nil {
		out.Values = []FacetValue{}
	}
	for i := range out.Values {
		if fr.ChildName != "" {
			out.Values[i].Children = list(children[out.Values[i].Text])
		}
	}
	return out
}

func TestBruteHelpersSeeTheFixture(t *testing.T) {
	// Guard against a brute force that trivially agrees: the fixture query
	// must find some cars and some must be excluded.
	docs := synthCars(3000, 7)
	q := Query{Limit: 5, Filters: map[string][]string{"car_brand": {"Volvo"}}}
	res := brute(VehiclesSchema(), docs, docTermsOf(VehiclesSchema(), docs), q)
	if res.TotalItems == 0 || res.TotalItems == len(docs) {
		t.Fatalf("brute total %d", res.TotalItems)
	}
}

// project is the reference projection of a decoded document.
func project(doc map[string]any, fields []string) map[string]any {
	if len(fields) == 0 {
		return doc
	}
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		if v, ok := doc[f]; ok {
			out[f] = v
		}
	}
	return out
}
