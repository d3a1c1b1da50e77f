package search

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"forecourt/internal/errs"
)

// Limits of a query.
const (
	DefaultLimit = 24   // page size when a query has no limit
	MaxLimit     = 1000 // largest page size
	MaxKeyphrase = 200  // longest keyphrase, in bytes
	// MaxPublicLimit is the largest page size of the public search API
	// (POST /api/search) for anonymous callers: the lists ask for 48.
	MaxPublicLimit = 48
	MaxOffset      = 100_000 // largest offset
	MaxFacets      = 24      // facets of one query (each name once)
	MaxFilters     = 32      // filter keys of one query
	MaxFilterVals  = 50      // values of one filter key
	MaxFields      = 64      // projected fields
	MaxFacetFilter = 50      // values of a facet's own filter list
)

// Query is a validated search request; the JSON names are those of the
// search proxy. Build one with ParseQuery, or in Go (then Limit is taken as
// given: 0 asks for facets only).
type Query struct {
	Index string `json:"index"`
	// Fields projects content entries onto these fields; empty gives all.
	Fields []string `json:"fields,omitempty"`
	// Keyphrase is split into words, each a case- and accent-insensitive
	// prefix of a word of the schema's text fields; all words must match.
	Keyphrase string         `json:"keyphrase,omitempty"`
	Facets    []FacetRequest `json:"facets,omitempty"`
	Limit     int            `json:"limit"`
	Offset    int            `json:"offset"`
	// SortName is "<number field>_asc" or "<number field>_desc"; empty keeps
	// index (insertion) order. Docs without a value sort last either way;
	// ties keep index order.
	SortName string `json:"sort_name,omitempty"`
	// Filters maps a filter key to values. Values of one key are ORed, keys
	// are ANDed. Keys:
	//   <keyword field>         exact values; on a hierarchy parent also "parent>child"
	//   <keyword field>.neq     excludes docs having any of the values
	//   <id field>, <id>.neq    matches or excludes ids (car_id.neq)
	//   <bool field>            "true" or "false"
	//   <histogram number>      range: exactly [min, max], inclusive; "" is an open end
	//   <list number>           exact numbers (car_year: ["2019","2020"])
	//   <number field>.range    range [min, max] on any number field
	// An empty list is no filter.
	Filters map[string][]string `json:"filters,omitempty"`
}

// FacetRequest asks for the facet of a field.
type FacetRequest struct {
	Name string `json:"name"`
	// ChildName, on a hierarchy parent, adds each value's children.
	ChildName string `json:"child_name,omitempty"`
	// SortOrder of list values: "asc" (default) or "desc" by value, "count"
	// by count descending then value. Numbers sort numerically.
	SortOrder string `json:"sort_order,omitempty"`
	// Filters, when set, keeps only these values in the facet's list.
	Filters []string `json:"filters,omitempty"`
}

type wireQuery struct {
	Index       string                     `json:"index"`
	Fields      []string                   `json:"fields"`
	Keyphrase   string                     `json:"keyphrase"`
	Facets      []FacetRequest             `json:"facets"`
	Limit       *int                       `json:"limit"`
	Offset      *int                       `json:"offset"`
	SortName    string                     `json:"sort_name"`
	SortNameAlt string                     `json:"sortName"`
	Filters     map[string]json.RawMessage `json:"filters"`
}

// ParseQuery decodes and validates a search-proxy request body. Absent limit
// and offset become DefaultLimit and 0. Names are checked against the schema
// of the index family (SchemaFor); an index of an unknown family is left to
// the Engine, which answers NotFound. All problems are returned at once as an
// errs.Invalid error with one message per field ("limit", "sort_name",
// "facets[1].name", "filters.car_price", …).
func ParseQuery(data []byte) (Query, error) {
	var w wireQuery
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&w); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			fe := errs.FieldErrors{}
			fe.Add(te.Field, fmt.Sprintf("must be %s", jsonType(te.Type.Kind().String())))
			return Query{}, fe.Err("The search query is not valid.")
		}
		return Query{}, errs.E(errs.Invalid, "The search query is not valid JSON: %s.", errs.JSONProblem(err))
	}
	if dec.More() {
		return Query{}, errs.E(errs.Invalid, "The search query is not valid JSON: extra data after the object.")
	}
	fe := errs.FieldErrors{}
	q := Query{
		Index:     strings.TrimSpace(w.Index),
		Fields:    w.Fields,
		Keyphrase: w.Keyphrase,
		Facets:    w.Facets,
		Limit:     DefaultLimit,
		SortName:  w.SortName,
	}
	if q.SortName == "" {
		q.SortName = w.SortNameAlt
	}
	if w.Limit != nil {
		q.Limit = *w.Limit
	}
	if w.Offset != nil {
		q.Offset = *w.Offset
	}
	if len(w.Filters) > 0 {
		q.Filters = make(map[string][]string, len(w.Filters))
		for k, raw := range w.Filters {
			vals, err := filterValues(raw)
			if err != nil {
				fe.Add("filters."+k, err.Error())
				continue
			}
			q.Filters[k] = vals
		}
	}
	if q.Index == "" {
		fe.Add("index", "is required")
	}
	if s := SchemaFor(q.Index); s != nil {
		checkQuery(s, &q, fe)
	} else {
		checkShape(&q, fe)
	}
	if err := fe.Err("The search query is not valid."); err != nil {
		return Query{}, err
	}
	return q, nil
}

func jsonType(kind string) string {
	switch kind {
	case "int", "int64", "float64":
		return "a number"
	case "string":
		return "a string"
	case "slice":
		return "a list"
	case "struct", "map":
		return "an object"
	}
	return kind
}

// filterValues turns a JSON filter value (a list, or one value) of strings,
// numbers, booleans or nulls into strings; null becomes "".
func filterValues(raw json.RawMessage) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("is not valid JSON")
	}
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		switch e := e.(type) {
		case nil:
			out = append(out, "")
		case string:
			out = append(out, e)
		case json.Number:
			out = append(out, e.String())
		case bool:
			out = append(out, strconv.FormatBool(e))
		default:
			return nil, fmt.Errorf("values must be strings, numbers or booleans")
		}
	}
	return out, nil
}

// checkShape checks what needs no schema.
func checkShape(q *Query, fe errs.FieldErrors) {
	if q.Limit < 0 || q.Limit > MaxLimit {
		fe.Add("limit", fmt.Sprintf("must be between 0 and %d", MaxLimit))
	}
	if q.Offset < 0 {
		fe.Add("offset", "must not be negative")
	}
	if len(q.Keyphrase) > MaxKeyphrase {
		fe.Add("keyphrase", fmt.Sprintf("must be at most %d characters", MaxKeyphrase))
	}
	if q.Offset > MaxOffset {
		fe.Add("offset", fmt.Sprintf("must be at most %d", MaxOffset))
	}
	if len(q.Facets) > MaxFacets {
		fe.Add("facets", fmt.Sprintf("at most %d facets", MaxFacets))
	}
	if len(q.Fields) > MaxFields {
		fe.Add("fields", fmt.Sprintf("at most %d fields", MaxFields))
	}
	for i, f := range q.Fields {
		if f == "" || len(f) > 64 {
			fe.Add(fmt.Sprintf("fields[%d]", i), "must be a field name")
		}
	}
	if len(q.Filters) > MaxFilters {
		fe.Add("filters", fmt.Sprintf("at most %d filters", MaxFilters))
	}
	for k, vals := range q.Filters {
		if len(vals) > MaxFilterVals {
			fe.Add("filters."+k, fmt.Sprintf("at most %d values", MaxFilterVals))
		}
	}
	seen := make(map[string]bool, len(q.Facets))
	for i, f := range q.Facets {
		if seen[f.Name] && f.Name != "" {
			fe.Add(fmt.Sprintf("facets[%d].name", i), fmt.Sprintf("facet %q is asked for twice", f.Name))
		}
		seen[f.Name] = true
		if len(f.Filters) > MaxFacetFilter {
			fe.Add(fmt.Sprintf("facets[%d].filters", i), fmt.Sprintf("at most %d values", MaxFacetFilter))
		}
	}
	for i, f := range q.Facets {
		switch f.SortOrder {
		case "", "asc", "desc", "count":
		default:
			fe.Add(fmt.Sprintf("facets[%d].sort_order", i), fmt.Sprintf("unknown sort order %q; use asc, desc or count", f.SortOrder))
		}
		if f.Name == "" {
			fe.Add(fmt.Sprintf("facets[%d].name", i), "is required")
		}
	}
}

// filterKind is what a filter key does.
type filterKind int

const (
	fkKeyword filterKind = iota + 1 // exact values (hierarchy pairs on parents)
	fkNeq                           // excludes values of a keyword field
	fkID                            // matches ids
	fkIDNeq                         // excludes ids
	fkBool                          // true / false
	fkRange                         // [min, max] on a number field
	fkNumbers                       // exact numbers of a list-faceted number field
)

// filterKey resolves a filter key against s: its kind and the field whose
// facet it belongs to ("" for exclusions, which apply to every facet).
func filterKey(s *Schema, key string) (filterKind, string, bool) {
	if key == s.ID {
		return fkID, s.ID, true
	}
	if key == s.ID+".neq" {
		return fkIDNeq, "", true
	}
	if base, ok := strings.CutSuffix(key, ".neq"); ok {
		if f, ok := s.field(base); ok && f.Kind == Keyword {
			return fkNeq, "", true
		}
		return 0, "", false
	}
	if base, ok := strings.CutSuffix(key, ".range"); ok {
		if f, ok := s.field(base); ok && f.Kind == Number {
			return fkRange, base, true
		}
		return 0, "", false
	}
	f, ok := s.field(key)
	if !ok {
		return 0, "", false
	}
	switch f.Kind {
	case Keyword:
		return fkKeyword, key, true
	case Bool:
		return fkBool, key, true
	case Number:
		if f.Facet == ListFacet {
			return fkNumbers, key, true
		}
		return fkRange, key, true
	}
	return 0, "", false
}

// checkQuery checks q against s.
func checkQuery(s *Schema, q *Query, fe errs.FieldErrors) {
	checkShape(q, fe)
	if q.SortName != "" {
		if _, _, ok := sortField(s, q.SortName); !ok {
			fe.Add("sort_name", fmt.Sprintf("unknown sort %q; use <field>_asc or <field>_desc on a number field", q.SortName))
		}
	}
	for i, f := range q.Facets {
		if f.Name == "" {
			continue
		}
		fd, ok := s.field(f.Name)
		if !ok {
			fe.Add(fmt.Sprintf("facets[%d].name", i), fmt.Sprintf("unknown facet %q", f.Name))
			continue
		}
		if f.ChildName != "" {
			h, ok := s.hierarchy(f.Name)
			if !ok || h.Child != f.ChildName {
				fe.Add(fmt.Sprintf("facets[%d].child_name", i), fmt.Sprintf("%q is not a child of %q", f.ChildName, f.Name))
			}
		}
		if fd.Kind == Keyword && fd.List && f.ChildName != "" {
			fe.Add(fmt.Sprintf("facets[%d].child_name", i), "list fields have no children")
		}
	}
	for key, vals := range q.Filters {
		kind, _, ok := filterKey(s, key)
		field := "filters." + key
		if !ok {
			fe.Add(field, fmt.Sprintf("unknown filter %q", key))
			continue
		}
		switch kind {
		case fkBool:
			for _, v := range vals {
				if v != "true" && v != "false" {
					fe.Add(field, fmt.Sprintf("%q is not true or false", v))
				}
			}
		case fkNumbers:
			for _, v := range vals {
				if _, err := strconv.ParseFloat(v, 64); err != nil {
					fe.Add(field, fmt.Sprintf("%q is not a number", v))
				}
			}
		case fkRange:
			if len(vals) == 0 {
				continue
			}
			if _, _, err := parseRange(vals); err != nil {
				fe.Add(field, err.Error())
			}
		}
	}
}

// parseRange parses the wire form of a range: exactly two values, min and
// max, each a number or "" (open end).
func parseRange(vals []string) (lo, hi float64, err error) {
	if len(vals) != 2 {
		return 0, 0, fmt.Errorf("a range needs two values [min, max], got %d", len(vals))
	}
	lo, hi = math.Inf(-1), math.Inf(1)
	for i, v := range vals {
		v = strings.TrimSpace(v)
		if v == "" {
			continue
		}
		x, err := strconv.ParseFloat(strings.ReplaceAll(v, " ", ""), 64)
		if err != nil || math.IsNaN(x) {
			return 0, 0, fmt.Errorf("range value %q is not a number", vals[i])
		}
		if i == 0 {
			lo = x
		} else {
			hi = x
		}
	}
	if lo > hi {
		return 0, 0, fmt.Errorf("range min %s is greater than max %s", vals[0], vals[1])
	}
	return lo, hi, nil
}

// sortField resolves "<field>_asc" / "<field>_desc" to a number field.
func sortField(s *Schema, name string) (string, bool, bool) {
	for _, dir := range []string{"_asc", "_desc"} {
		if base, ok := strings.CutSuffix(name, dir); ok {
			if f, ok := s.field(base); ok && f.Kind == Number {
				return base, dir == "_desc", true
			}
		}
	}
	return "", false, false
}

// cacheKey is the normalised form of q: filter values sorted and deduplicated
// (but for ranges, whose order matters), empty filters and the order of
// fields ignored.
func cacheKey(s *Schema, q Query) string {
	n := q
	n.Fields = slices.Compact(slices.Sorted(slices.Values(q.Fields)))
	n.Filters = make(map[string][]string, len(q.Filters))
	for k, vals := range q.Filters {
		if len(vals) == 0 {
			continue
		}
		if kind, _, _ := filterKey(s, k); kind == fkRange {
			n.Filters[k] = vals
			continue
		}
		n.Filters[k] = slices.Compact(slices.Sorted(slices.Values(vals)))
	}
	b, _ := json.Marshal(n)
	return string(b)
}
