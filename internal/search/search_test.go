package search

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/errs"

	"github.com/google/go-cmp/cmp"
)

// fixture is a small stock whose answers can be worked out by hand.
func fixture() []map[string]any {
	car := func(id float64, brand, model, fuel string, price float64, extra map[string]any) map[string]any {
		m := map[string]any{"car_id": id, "car_brand": brand, "car_model": model, "car_fuel": fuel, "car_price": price}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	return []map[string]any{
		car(1, "Volvo", "XC60", "Diesel", 300000, map[string]any{"car_mileage": 5000.0, "car_year": 2021.0, "car_is_used": true,
			"car_site_city": "Malmö", "car_campaigns": []any{"Sommarkampanj"}, "caroftheweek": true, "car_publishdate": "2024-05-01"}),
		car(2, "Volvo", "XC40", "El", 400000, map[string]any{"car_mileage": 0.0, "car_year": 2024.0, "car_is_used": false,
			"car_site_city": "Göteborg", "caroftheweek": false, "car_publishdate": "2024-06-01T10:00:00Z"}),
		car(3, "BMW", "X3", "Diesel", 350000, map[string]any{"car_mileage": 20000.0, "car_year": 2020.0, "car_is_used": true,
			"car_campaigns": []any{"Sommarkampanj", "Fri service"}, "car_publishdate": 1700000000.0}),
		car(4, "BMW", "X1", "Bensin", 250000, map[string]any{"car_year": 2019.0, "car_is_used": true}),
		car(5, "Citroën", "C4", "El", 280000, map[string]any{"car_mileage": 1000.0, "car_year": 2023.0, "car_is_used": true}),
		car(6, "Mercedes-Benz", "GLC", "Hybrid", 500000, map[string]any{"car_mileage": 30000.0, "car_year": 2022.0, "car_is_used": true}),
		car(7, "Kia", "GT", "Bensin", 450000, map[string]any{"car_year": 2021.0}),
		car(8, "Ford", "GT", "Bensin", 900000, map[string]any{"car_year": 2020.0}),
	}
}

func ids(res Result) []string {
	out := []string{}
	for _, c := range res.Content {
		out = append(out, formatNumber(c["car_id"].(float64)))
	}
	return out
}

func TestSearchFiltersSortsPaging(t *testing.T) {
	ix := MustBuild(t, VehiclesSchema(), fixture())
	f := func(kv ...any) map[string][]string {
		m := map[string][]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1].([]string)
		}
		return m
	}
	tests := []struct {
		name  string
		q     Query
		ids   []string
		total int
	}{
		{"all in index order", Query{Limit: 24}, []string{"1", "2", "3", "4", "5", "6", "7", "8"}, 8},
		{"one brand", Query{Limit: 24, Filters: f("car_brand", []string{"Volvo"})}, []string{"1", "2"}, 2},
		{"brands are ORed", Query{Limit: 24, Filters: f("car_brand", []string{"Volvo", "BMW"})}, []string{"1", "2", "3", "4"}, 4},
		{"facets are ANDed", Query{Limit: 24, Filters: f("car_brand", []string{"Volvo", "BMW"}, "car_fuel", []string{"Diesel"})}, []string{"1", "3"}, 2},
		{"parent>child", Query{Limit: 24, Filters: f("car_brand", []string{"BMW>X3"})}, []string{"3"}, 1},
		{"child narrows its parent only", Query{Limit: 24, Filters: f("car_brand", []string{"BMW", "BMW>X3", "Volvo"})}, []string{"1", "2", "3"}, 3},
		{"same child name under another parent", Query{Limit: 24, Filters: f("car_brand", []string{"Kia>GT"})}, []string{"7"}, 1},
		{"child field on its own", Query{Limit: 24, Filters: f("car_model", []string{"GT"})}, []string{"7", "8"}, 2},
		{"values match case-insensitively", Query{Limit: 24, Filters: f("car_brand", []string{"bmw"}, "car_fuel", []string{"DIESEL"})}, []string{"3"}, 1},
		{"values match without accents", Query{Limit: 24, Filters: f("car_brand", []string{"citroen"})}, []string{"5"}, 1},
		{"folded parent>child", Query{Limit: 24, Filters: f("car_brand", []string{"volvo", "VOLVO>xc60"})}, []string{"1"}, 1},
		{"folded neq", Query{Limit: 24, Filters: f("car_fuel.neq", []string{"bensin", "diesel"})}, []string{"2", "5", "6"}, 3},
		{"unknown value matches nothing", Query{Limit: 24, Filters: f("car_brand", []string{"Saab"})}, []string{}, 0},
		{"empty value list is no filter", Query{Limit: 24, Filters: f("car_brand", []string{})}, []string{"1", "2", "3", "4", "5", "6", "7", "8"}, 8},
		{"id", Query{Limit: 24, Filters: f("car_id", []string{"5"})}, []string{"5"}, 1},
		{"id.neq", Query{Limit: 24, Filters: f("car_id.neq", []string{"1", "3", "99"})}, []string{"2", "4", "5", "6", "7", "8"}, 6},
		{"keyword neq", Query{Limit: 24, Filters: f("car_fuel.neq", []string{"Bensin", "Diesel"})}, []string{"2", "5", "6"}, 3},
		{"range inclusive", Query{Limit: 24, Filters: f("car_price", []string{"250000", "300000"})}, []string{"1", "4", "5"}, 3},
		{"range open min", Query{Limit: 24, Filters: f("car_price", []string{"", "280000"})}, []string{"4", "5"}, 2},
		{"range skips docs without value", Query{Limit: 24, Filters: f("car_mileage", []string{"0", "1000000"})}, []string{"1", "2", "3", "5", "6"}, 5},
		{"list number exact", Query{Limit: 24, Filters: f("car_year", []string{"2020", "2021.0"})}, []string{"1", "3", "7", "8"}, 4},
		{"list number range", Query{Limit: 24, Filters: f("car_year.range", []string{"2022", ""})}, []string{"2", "5", "6"}, 3},
		{"bool true", Query{Limit: 24, Filters: f("caroftheweek", []string{"true"})}, []string{"1"}, 1},
		{"bool false", Query{Limit: 24, Filters: f("car_is_used", []string{"false"})}, []string{"2"}, 1},
		{"list field", Query{Limit: 24, Filters: f("car_campaigns", []string{"Fri service"})}, []string{"3"}, 1},
		{"keyphrase folds accents", Query{Limit: 24, Keyphrase: "citroen"}, []string{"5"}, 1},
		{"keyphrase prefix", Query{Limit: 24, Keyphrase: "merc"}, []string{"6"}, 1},
		{"keyphrase words are ANDed", Query{Limit: 24, Keyphrase: "CITROËN  c4"}, []string{"5"}, 1},
		{"keyphrase each word a prefix", Query{Limit: 24, Keyphrase: "volvo xc"}, []string{"1", "2"}, 2},
		{"keyphrase no match", Query{Limit: 24, Keyphrase: "volvo bmw"}, []string{}, 0},
		{"keyphrase site city", Query{Limit: 24, Keyphrase: "malmo"}, []string{"1"}, 1},
		{"keyphrase short prefix", Query{Limit: 24, Keyphrase: "x"}, []string{"1", "2", "3", "4"}, 4},
		{"keyphrase punctuation only", Query{Limit: 24, Keyphrase: " - "}, []string{"1", "2", "3", "4", "5", "6", "7", "8"}, 8},
		{"sort asc", Query{Limit: 24, SortName: "car_price_asc"}, []string{"4", "5", "1", "3", "2", "7", "6", "8"}, 8},
		{"sort desc", Query{Limit: 24, SortName: "car_price_desc"}, []string{"8", "6", "7", "2", "3", "1", "5", "4"}, 8},
		{"missing values last, ties in index order", Query{Limit: 24, SortName: "car_mileage_asc"}, []string{"2", "5", "1", "3", "6", "4", "7", "8"}, 8},
		{"missing values last when descending", Query{Limit: 24, SortName: "car_mileage_desc"}, []string{"6", "3", "1", "5", "2", "4", "7", "8"}, 8},
		{"ties keep index order when descending", Query{Limit: 24, SortName: "car_year_desc"}, []string{"2", "5", "6", "1", "7", "3", "8", "4"}, 8},
		{"dates sort", Query{Limit: 24, SortName: "car_publishdate_desc"}, []string{"2", "1", "3", "4", "5", "6", "7", "8"}, 8},
		{"sorted filtered", Query{Limit: 24, SortName: "car_price_desc", Filters: f("car_fuel", []string{"Bensin"})}, []string{"8", "7", "4"}, 3},
		{"page", Query{Limit: 2, Offset: 2}, []string{"3", "4"}, 8},
		{"page of sorted", Query{Limit: 2, Offset: 2, SortName: "car_price_asc"}, []string{"1", "3"}, 8},
		{"page of filtered", Query{Limit: 2, Offset: 1, Filters: f("car_fuel", []string{"Bensin"})}, []string{"7", "8"}, 3},
		{"last short page", Query{Limit: 5, Offset: 6}, []string{"7", "8"}, 8},
		{"offset past the end", Query{Limit: 5, Offset: 8}, []string{}, 8},
		{"limit 0 is facets only", Query{Limit: 0}, []string{}, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := MustSearch(t, ix, tt.q)
			if diff := cmp.Diff(tt.ids, ids(res)); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
			if res.TotalItems != tt.total {
				t.Errorf("total_items = %d, want %d", res.TotalItems, tt.total)
			}
			if res.Limit != tt.q.Limit || res.Offset != tt.q.Offset {
				t.Errorf("limit, offset = %d, %d; want %d, %d", res.Limit, res.Offset, tt.q.Limit, tt.q.Offset)
			}
		})
	}
}

func TestProjection(t *testing.T) {
	ix := MustBuild(t, VehiclesSchema(), fixture())
	res := MustSearch(t, ix, Query{Limit: 1, Fields: []string{"car_id", "car_brand", "not_there"}})
	want := []map[string]any{{"car_id": 1.0, "car_brand": "Volvo"}}
	if diff := cmp.Diff(want, res.Content); diff != "" {
		t.Errorf("content (-want +got):\n%s", diff)
	}
	res = MustSearch(t, ix, Query{Limit: 1, Offset: 3})
	if diff := cmp.Diff(fixture()[3], res.Content[0]); diff != "" {
		t.Errorf("all fields (-want +got):\n%s", diff)
	}
}

func TestFacets(t *testing.T) {
	ix := MustBuild(t, VehiclesSchema(), fixture())
	v := func(text string, n int, children ...FacetValue) FacetValue {
		return FacetValue{Text: text, Count: n, Children: children}
	}
	list := func(name string, vals ...FacetValue) FacetResult {
		if vals == nil {
			vals = []FacetValue{}
		}
		return FacetResult{Name: name, Type: "list", Values: vals}
	}
	tests := []struct {
		name    string
		filters map[string][]string
		kp      string
		facets  []FacetRequest
		want    []FacetResult
	}{
		{
			name:   "unfiltered, values ascending ignoring case and accents",
			facets: []FacetRequest{{Name: "car_brand"}, {Name: "car_fuel"}},
			want: []FacetResult{
				list("car_brand", v("BMW", 2), v("Citroën", 1), v("Ford", 1), v("Kia", 1), v("Mercedes-Benz", 1), v("Volvo", 2)),
				list("car_fuel", v("Bensin", 3), v("Diesel", 2), v("El", 2), v("Hybrid", 1)),
			},
		},
		{
			name:    "own filter does not narrow its facet; others do",
			filters: map[string][]string{"car_brand": {"Volvo"}},
			facets:  []FacetRequest{{Name: "car_brand"}, {Name: "car_fuel"}},
			want: []FacetResult{
				list("car_brand", v("BMW", 2), v("Citroën", 1), v("Ford", 1), v("Kia", 1), v("Mercedes-Benz", 1), v("Volvo", 2)),
				list("car_fuel", v("Diesel", 1), v("El", 1)),
			},
		},
		{
			name:    "two active facets count over each other",
			filters: map[string][]string{"car_brand": {"Volvo"}, "car_fuel": {"Diesel"}},
			facets:  []FacetRequest{{Name: "car_brand"}, {Name: "car_fuel"}},
			want: []FacetResult{
				list("car_brand", v("BMW", 1), v("Volvo", 1)),
				list("car_fuel", v("Diesel", 1), v("El", 1)),
			},
		},
		{
			name:    "children count within their parent",
			filters: map[string][]string{"car_brand": {"BMW>X3"}, "car_is_used": {"true"}},
			facets:  []FacetRequest{{Name: "car_brand", ChildName: "car_model"}},
			want: []FacetResult{{Name: "car_brand", ChildName: "car_model", Type: "list", Values: []FacetValue{
				v("BMW", 2, v("X1", 1), v("X3", 1)), v("Citroën", 1, v("C4", 1)), v("Mercedes-Benz", 1, v("GLC", 1)),
				v("Volvo", 1, v("XC60", 1)),
			}}},
		},
		{
			name:   "sort by count then value, and descending",
			facets: []FacetRequest{{Name: "car_fuel", SortOrder: "count"}, {Name: "car_year", SortOrder: "desc"}},
			want: []FacetResult{
				list("car_fuel", v("Bensin", 3), v("Diesel", 2), v("El", 2), v("Hybrid", 1)),
				list("car_year", v("2024", 1), v("2023", 1), v("2022", 1), v("2021", 2), v("2020", 2), v("2019", 1)),
			},
		},
		{
			name:   "facet filters keep the listed values",
			facets: []FacetRequest{{Name: "car_brand", Filters: []string{"Kia", "Volvo", "Saab"}}},
			want:   []FacetResult{list("car_brand", v("Kia", 1), v("Volvo", 2))},
		},
		{
			name:   "bool and list fields",
			kp:     "volvo",
			facets: []FacetRequest{{Name: "caroftheweek"}, {Name: "car_campaigns"}},
			want:   []FacetResult{list("caroftheweek", v("false", 1), v("true", 1)), list("car_campaigns", v("Sommarkampanj", 1))},
		},
		{
			name:   "nothing matches",
			kp:     "saab",
			facets: []FacetRequest{{Name: "car_brand"}},
			want:   []FacetResult{list("car_brand")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := MustSearch(t, ix, Query{Filters: tt.filters, Keyphrase: tt.kp, Facets: tt.facets})
			if diff := cmp.Diff(tt.want, res.Facets); diff != "" {
				t.Errorf("facets (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHistogram(t *testing.T) {
	ix := MustBuild(t, &Schema{Name: "t", ID: "id", Buckets: 4, Fields: []Field{
		{Name: "price", Kind: Number}, {Name: "brand", Kind: Keyword}}}, []map[string]any{
		{"id": "a", "price": 100.0, "brand": "x"},
		{"id": "b", "price": 150.0, "brand": "x"},
		{"id": "c", "price": 200.0, "brand": "y"},
		{"id": "d", "price": 500.0, "brand": "y"},
		{"id": "e", "brand": "y"},
	})
	h := func(lo, hi float64, counts ...int) *Histogram {
		out := &Histogram{Min: lo, Max: hi, Buckets: []Bucket{}}
		w := (hi - lo) / float64(len(counts))
		for i, c := range counts {
			b := Bucket{Min: lo + float64(i)*w, Max: lo + float64(i+1)*w, Count: c}
			out.Buckets = append(out.Buckets, b)
		}
		if len(counts) > 0 {
			out.Buckets[len(counts)-1].Max = hi
		}
		return out
	}
	tests := []struct {
		name    string
		filters map[string][]string
		want    *Histogram
	}{
		{"all docs with a value; max in the last bucket", nil, h(100, 500, 2, 1, 0, 1)},
		{"own range filter ignored", map[string][]string{"price": {"100", "150"}}, h(100, 500, 2, 1, 0, 1)},
		{"other filters narrow", map[string][]string{"brand": {"x"}}, h(100, 150, 1, 0, 0, 1)},
		{"one value, one bucket", map[string][]string{"brand": {"x"}, "id": {"b"}}, h(150, 150, 1)},
		{"no values, no buckets", map[string][]string{"id": {"e"}}, &Histogram{Buckets: []Bucket{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := MustSearch(t, ix, Query{Filters: tt.filters, Facets: []FacetRequest{{Name: "price"}}})
			got := res.Facets[0]
			if got.Type != "histogram" {
				t.Errorf("type = %q", got.Type)
			}
			if diff := cmp.Diff(tt.want, got.Histogram); diff != "" {
				t.Errorf("histogram (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFold(t *testing.T) {
	tests := map[string][]string{
		"Citroën ë-C4":       {"citroen", "e", "c4"},
		"Mercedes-Benz":      {"mercedes", "benz"},
		"ŠKODA Octavia":      {"skoda", "octavia"},
		"Göteborg Ørsta Æx":  {"goteborg", "orsta", "aex"},
		"Straße 360° kamera": {"strasse", "360", "kamera"},
	}
	for in, want := range tests {
		if diff := cmp.Diff(want, tokens(in)); diff != "" {
			t.Errorf("tokens(%q) (-want +got):\n%s", in, diff)
		}
	}
}

func TestParseQuery(t *testing.T) {
	q, err := ParseQuery([]byte(`{"index":"vehicles_group_se","keyphrase":"volvo","fields":["car_id"],
		"facets":[{"name":"car_brand","child_name":"car_model","sort_order":"asc"},{"name":"car_price"}],
		"sort_name":"car_price_asc","filters":{"car_brand":["Volvo>XC60"],"car_price":[100000, "250 000"],
		"caroftheweek":[true],"car_id.neq":[123],"car_year":[2020]}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := Query{Index: "vehicles_group_se", Keyphrase: "volvo", Fields: []string{"car_id"},
		Facets:   []FacetRequest{{Name: "car_brand", ChildName: "car_model", SortOrder: "asc"}, {Name: "car_price"}},
		Limit:    24,
		SortName: "car_price_asc",
		Filters: map[string][]string{"car_brand": {"Volvo>XC60"}, "car_price": {"100000", "250 000"},
			"caroftheweek": {"true"}, "car_id.neq": {"123"}, "car_year": {"2020"}}}
	if diff := cmp.Diff(want, q); diff != "" {
		t.Errorf("query (-want +got):\n%s", diff)
	}

	q, err = ParseQuery([]byte(`{"index":"sites_group_se","limit":0,"offset":48,"sortName":"website_sort_order_asc"}`))
	if err != nil {
		t.Fatal(err)
	}
	if q.Limit != 0 || q.Offset != 48 || q.SortName != "website_sort_order_asc" {
		t.Errorf("got %+v", q)
	}
	if _, err := ParseQuery([]byte(`{"index":"other_x","facets":[{"name":"anything"}]}`)); err != nil {
		t.Errorf("unknown index family: %v, want it left to the engine", err)
	}

	bad := []struct {
		name, body string
		fields     map[string]string // expected field messages (substring)
		message    string
	}{
		{"not JSON", `{"index":`, nil, "not valid JSON"},
		{"trailing data", `{"index":"vehicles_x"} {}`, nil, "not valid JSON"},
		{"wrong type", `{"index":"vehicles_x","limit":"ten"}`, map[string]string{"limit": "must be a number"}, ""},
		{"no index", `{}`, map[string]string{"index": "is required"}, ""},
		{"negative limit", `{"index":"vehicles_x","limit":-1}`, map[string]string{"limit": "between 0 and 1000"}, ""},
		{"limit over cap", `{"index":"vehicles_x","limit":1001}`, map[string]string{"limit": "between 0 and 1000"}, ""},
		{"negative offset", `{"index":"vehicles_x","offset":-48}`, map[string]string{"offset": "must not be negative"}, ""},
		{"unknown sort", `{"index":"vehicles_x","sort_name":"car_colour_asc"}`, map[string]string{"sort_name": `unknown sort "car_colour_asc"`}, ""},
		{"sort on keyword", `{"index":"vehicles_x","sort_name":"car_brand_asc"}`, map[string]string{"sort_name": "unknown sort"}, ""},
		{"unknown facet", `{"index":"vehicles_x","facets":[{"name":"car_brand"},{"name":"car_colour"}]}`, map[string]string{"facets[1].name": `unknown facet "car_colour"`}, ""},
		{"bad child", `{"index":"vehicles_x","facets":[{"name":"car_fuel","child_name":"car_model"}]}`, map[string]string{"facets[0].child_name": "is not a child"}, ""},
		{"bad facet sort", `{"index":"vehicles_x","facets":[{"name":"car_fuel","sort_order":"up"}]}`, map[string]string{"facets[0].sort_order": "unknown sort order"}, ""},
		{"unknown filter", `{"index":"vehicles_x","filters":{"car_colour":["Red"]}}`, map[string]string{"filters.car_colour": "unknown filter"}, ""},
		{"range with one value", `{"index":"vehicles_x","filters":{"car_price":["1000"]}}`, map[string]string{"filters.car_price": "two values [min, max]"}, ""},
		{"range not a number", `{"index":"vehicles_x","filters":{"car_mileage":["a","9"]}}`, map[string]string{"filters.car_mileage": `"a" is not a number`}, ""},
		{"range reversed", `{"index":"vehicles_x","filters":{"car_price.range":[9,1]}}`, map[string]string{"filters.car_price.range": "greater than max"}, ""},
		{"bool not bool", `{"index":"vehicles_x","filters":{"caroftheweek":["yes"]}}`, map[string]string{"filters.caroftheweek": "not true or false"}, ""},
		{"object value", `{"index":"vehicles_x","filters":{"car_brand":[{"a":1}]}}`, map[string]string{"filters.car_brand": "strings, numbers or booleans"}, ""},
		{"keyphrase too long", `{"index":"vehicles_x","keyphrase":"` + strings.Repeat("a", 201) + `"}`, map[string]string{"keyphrase": "at most 200"}, ""},
		{"all at once", `{"index":"vehicles_x","limit":-1,"offset":-1}`, map[string]string{"limit": "between", "offset": "negative"}, ""},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseQuery([]byte(tt.body))
			if !errs.Is(err, errs.Invalid) {
				t.Fatalf("err = %v, want invalid", err)
			}
			e := err.(*errs.Error)
			if !strings.Contains(e.Message, tt.message) {
				t.Errorf("message %q, want it to contain %q", e.Message, tt.message)
			}
			if len(e.Fields) != len(tt.fields) {
				t.Errorf("fields = %v, want %v", e.Fields, tt.fields)
			}
			for f, msg := range tt.fields {
				if !strings.Contains(e.Fields[f], msg) {
					t.Errorf("field %s: %q, want it to contain %q", f, e.Fields[f], msg)
				}
			}
		})
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name string
		doc  map[string]any
		want string
	}{
		{"no id", map[string]any{"car_brand": "Volvo"}, "document 1: missing or invalid id field car_id"},
		{"duplicate id", map[string]any{"car_id": "1"}, "document 1 (car_id 1): duplicate id, also document 0"},
		{"number as text", map[string]any{"car_id": 2.0, "car_price": "cheap"}, `document 1 (car_id 2): field car_price: want a number, got "cheap"`},
		{"keyword as object", map[string]any{"car_id": 2.0, "car_brand": map[string]any{}}, "document 1 (car_id 2): field car_brand: want a string or a number, got an object"},
		{"list in single field", map[string]any{"car_id": 2.0, "car_fuel": []any{"El"}}, "document 1 (car_id 2): field car_fuel: want a single value, got a list"},
		{"bool as text", map[string]any{"car_id": 2.0, "caroftheweek": "yes"}, "document 1 (car_id 2): field caroftheweek: want true or false, got a string"},
		{"bad date", map[string]any{"car_id": 2.0, "car_publishdate": "yesterday"}, `field car_publishdate: want a number or a date, got "yesterday"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Build(VehiclesSchema(), []map[string]any{{"car_id": 1.0}, tt.doc})
			if !errs.Is(err, errs.Invalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want invalid containing %q", err, tt.want)
			}
		})
	}
	if _, err := Build(&Schema{Name: "x"}, nil); err == nil {
		t.Error("schema without id: no error")
	}
}

func TestEngine(t *testing.T) {
	ctx := context.Background()
	e := NewEngine()
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	e.now = func() time.Time { return now }

	if _, err := e.Search(ctx, Query{Index: "vehicles_group_se"}); !errs.Is(err, errs.NotFound) || !strings.Contains(err.Error(), `unknown index "vehicles_group_se"`) {
		t.Fatalf("unknown index: err = %v", err)
	}
	e.Replace("vehicles_group_se", MustBuild(t, VehiclesSchema(), fixture()))
	q := Query{Index: "vehicles_group_se", Limit: 24, Filters: map[string][]string{"car_brand": {"Volvo", "BMW"}}}
	r1, err := e.Search(ctx, q)
	if err != nil || r1.TotalItems != 4 {
		t.Fatalf("search: %v, %d", err, r1.TotalItems)
	}
	// Same query normalised differently hits the cache (same content slice).
	q2 := Query{Index: "vehicles_group_se", Limit: 24, Filters: map[string][]string{"car_brand": {"BMW", "Volvo", "BMW"}, "car_fuel": {}}}
	r2, _ := e.Search(ctx, q2)
	if &r2.Content[0] != &r1.Content[0] {
		t.Error("normalised query missed the cache")
	}
	// After the TTL the result is computed again.
	now = now.Add(CacheTTL)
	r3, _ := e.Search(ctx, q)
	if &r3.Content[0] == &r1.Content[0] {
		t.Error("stale cache entry served")
	}
	// Replace drops cached results at once.
	e.Replace("vehicles_group_se", MustBuild(t, VehiclesSchema(), fixture()[:3]))
	r4, _ := e.Search(ctx, q)
	if r4.TotalItems != 3 {
		t.Errorf("after Replace total = %d, want 3", r4.TotalItems)
	}
	if _, err := e.Search(ctx, Query{Index: "vehicles_group_se", SortName: "nope_asc"}); !errs.Is(err, errs.Invalid) {
		t.Errorf("bad sort via engine: %v", err)
	}
	e.Replace("vehicles_group_se", nil)
	if _, err := e.Search(ctx, q); !errs.Is(err, errs.NotFound) {
		t.Errorf("removed index: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := e.Search(cctx, q); err == nil {
		t.Error("cancelled context: no error")
	}
}

// TestEngineConcurrent searches while the index is replaced; run with -race.
func TestEngineConcurrent(t *testing.T) {
	e := NewEngine()
	a := MustBuild(t, VehiclesSchema(), synthCars(500, 1))
	b := MustBuild(t, VehiclesSchema(), synthCars(700, 2))
	e.Replace("vehicles_x", a)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				q := Query{Index: "vehicles_x", Limit: 10, Offset: i % 7, SortName: "car_price_desc", Keyphrase: []string{"", "vol", "bmw x"}[i%3],
					Facets:  []FacetRequest{{Name: "car_brand", ChildName: "car_model"}, {Name: "car_price"}},
					Filters: map[string][]string{"car_fuel": []string{"El", "Diesel"}[i%2 : i%2+1]}}
				res, err := e.Search(context.Background(), q)
				if err != nil {
					t.Error(err)
					return
				}
				if res.TotalItems > 700 {
					t.Errorf("total %d", res.TotalItems)
				}
			}
		}(g)
	}
	for i := 0; i < 20; i++ {
		if i%2 == 0 {
			e.Replace("vehicles_x", b)
		} else {
			e.Replace("vehicles_x", a)
		}
	}
	wg.Wait()
}
