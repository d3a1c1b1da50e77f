// Package search is forecourt's in-process search engine over JSON-shaped
// documents. It serves the search-proxy contract of the car catalogue
// (POST /api/search): keyword, boolean and number filters, disjunctive facet
// counts, histograms for range facets, a prefix keyphrase, sorting and
// paging.
//
// An Index is built once from documents and is immutable. A document is a
// typed record that writes its fields to a Writer (Document), each checked
// against the Schema as it comes; a decoded JSON object (JSONDoc) writes
// itself the same way. The index keeps roaring bitmaps per facet value and
// per keyphrase term, numeric columns for ranges, histograms and sorting,
// and presorted permutations for every number field. An Engine holds named
// indexes, swaps them atomically and caches results.
package search

import (
	"fmt"
	"strings"
)

// Kind is the type of a schema field.
type Kind int

const (
	// Keyword fields hold a string (or a number, kept as its text), or a list
	// of them when Field.List is set. Filters match values exactly.
	Keyword Kind = iota + 1
	// Number fields hold a JSON number (or a numeric string; with Field.Time
	// also an RFC 3339 time or a YYYY-MM-DD date, kept as unix seconds).
	// They filter by range, facet as histograms (or lists) and sort.
	Number
	// Bool fields hold true or false (or the strings "true"/"false").
	Bool
)

// FacetKind says how a Number field is faceted.
type FacetKind int

const (
	// HistogramFacet facets report min, max and equal-width buckets; a filter
	// on the bare field name is a range [min, max].
	HistogramFacet FacetKind = iota
	// ListFacet facets report one value per distinct number (e.g. car_year);
	// a filter on the bare field name matches the listed values exactly and
	// "<field>.range" takes a range.
	ListFacet
)

// Field declares one document field the index knows.
type Field struct {
	Name string
	Kind Kind
	// List allows a Keyword field to hold a list of values (car_campaigns).
	List bool
	// Facet is the facet kind of a Number field.
	Facet FacetKind
	// Time lets a Number field take date strings, stored as unix seconds.
	Time bool
}

// Hierarchy pairs a parent and a child Keyword field (car_brand > car_model).
// Filters on the parent name take "parent" and "parent>child" values; the
// facet of the parent lists the children of every parent value.
type Hierarchy struct {
	Parent, Child string
}

// Schema describes the documents of an index.
type Schema struct {
	// Name is the index family, e.g. "vehicles"; index names "<Name>_<site>"
	// are parsed against it by ParseQuery.
	Name string
	// ID is the id field: every document must have it, unique, as a string or
	// a number. Filters on it match ids; "<ID>.neq" excludes ids.
	ID          string
	Fields      []Field
	Hierarchies []Hierarchy
	// Text lists the fields whose words feed the keyphrase. Strings, lists of
	// strings and numbers are tokenised; the fields need not be declared above.
	Text []string
	// Buckets is the number of histogram buckets; 0 means DefaultBuckets.
	Buckets int
}

// DefaultBuckets is the number of equal-width buckets of a histogram facet.
const DefaultBuckets = 40

func (s *Schema) buckets() int {
	if s.Buckets > 0 {
		return s.Buckets
	}
	return DefaultBuckets
}

func (s *Schema) field(name string) (Field, bool) {
	for _, f := range s.Fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

func (s *Schema) hierarchy(parent string) (Hierarchy, bool) {
	for _, h := range s.Hierarchies {
		if h.Parent == parent {
			return h, true
		}
	}
	return Hierarchy{}, false
}

// check reports schema mistakes; Build calls it.
func (s *Schema) check() error {
	if s.ID == "" {
		return fmt.Errorf("schema %q: no id field", s.Name)
	}
	seen := map[string]bool{s.ID: true}
	for _, f := range s.Fields {
		if seen[f.Name] {
			return fmt.Errorf("schema %q: field %q declared twice", s.Name, f.Name)
		}
		if strings.ContainsAny(f.Name, ".>") {
			return fmt.Errorf("schema %q: field name %q must not contain '.' or '>'", s.Name, f.Name)
		}
		seen[f.Name] = true
		if f.List && f.Kind != Keyword {
			return fmt.Errorf("schema %q: field %q: only keyword fields can be lists", s.Name, f.Name)
		}
	}
	for _, h := range s.Hierarchies {
		p, ok1 := s.field(h.Parent)
		c, ok2 := s.field(h.Child)
		if !ok1 || !ok2 || p.Kind != Keyword || c.Kind != Keyword || p.List || c.List {
			return fmt.Errorf("schema %q: hierarchy %s>%s needs two single-valued keyword fields", s.Name, h.Parent, h.Child)
		}
	}
	return nil
}

// VehiclesSchema is the schema of the vehicles_* indexes (spec section 3, Car).
func VehiclesSchema() *Schema {
	kw := func(names ...string) []Field {
		out := make([]Field, len(names))
		for i, n := range names {
			out[i] = Field{Name: n, Kind: Keyword}
		}
		return out
	}
	var fields []Field
	fields = append(fields, kw("car_brand", "car_model", "car_model_text", "car_version", "car_condition",
		"car_body", "car_fuel", "car_gearbox", "car_color", "car_drive", "car_vehicle_type_code",
		"car_regno", "car_chassino", "slug", "car_site_id", "car_site_name", "car_site_city",
		"car_site_region", "car_companyerpid", "car_departmenterpid", "car_price_currency",
		"car_monthly_cost_type",
		// Derived from the price history and the fair-price model
		// (catalog.fillPriceHistory, catalog.PriceModel.Rate): "recent" on
		// a car reduced within 30 days, and good / fair / high.
		"car_price_dropped", "car_price_rating")...)
	fields = append(fields,
		Field{Name: "car_campaigns", Kind: Keyword, List: true},
		Field{Name: "car_equipment", Kind: Keyword, List: true},
	)
	for _, n := range []string{"car_price", "car_retail_price", "car_campaign_price", "car_mileage",
		"car_power", "car_privateleasing_monthly_cost", "car_companyleasing_monthly_cost",
		"car_loan_monthly_cost", "battery_size",
		// The lowest monthly figure of loan and private leasing
		// (catalog.FillMonthlyCost); car_monthly_cost_type says which.
		"car_monthly_cost",
		// The time of a recent reduction (unix seconds) and the asking
		// price over the model's expected price: the list's "recently
		// reduced" and "best price first" sorts; cars without sort last.
		"car_price_drop_date", "car_price_score"} {
		fields = append(fields, Field{Name: n, Kind: Number, Facet: HistogramFacet})
	}
	for _, n := range []string{"car_year", "car_seats", "car_doors", "car_ncapstars"} {
		fields = append(fields, Field{Name: n, Kind: Number, Facet: ListFacet})
	}
	fields = append(fields,
		Field{Name: "car_publishdate", Kind: Number, Time: true},
		Field{Name: "car_firstregistration", Kind: Number, Time: true},
		Field{Name: "indexed_at", Kind: Number, Time: true},
	)
	for _, n := range []string{"caroftheweek", "car_is_sample", "car_is_used", "car_vat_eligible",
		"car_has_campaign_price", "car_has_campaign_loan", "car_has_campaign_companyleasing",
		"car_has_campaign_privateleasing", "car_has_companyleasing", "car_has_privateleasing", "autos_on_show"} {
		fields = append(fields, Field{Name: n, Kind: Bool})
	}
	return &Schema{
		Name:        "vehicles",
		ID:          "car_id",
		Fields:      fields,
		Hierarchies: []Hierarchy{{Parent: "car_brand", Child: "car_model"}},
		Text: []string{"car_brand", "car_model", "car_model_text", "car_version", "car_equipment",
			"car_body", "car_fuel", "car_gearbox", "car_color", "car_drive", "car_year", "car_regno",
			"car_site_city", "car_site_name", "car_condition"},
	}
}

// SitesSchema is the schema of the sites_* indexes (spec section 3, Dealer site).
func SitesSchema() *Schema {
	return &Schema{
		Name: "sites",
		ID:   "site_id",
		Fields: []Field{
			{Name: "id", Kind: Keyword},
			{Name: "slug", Kind: Keyword},
			{Name: "site_official_name", Kind: Keyword},
			{Name: "site_city", Kind: Keyword},
			{Name: "site_region", Kind: Keyword},
			{Name: "site_zip", Kind: Keyword},
			{Name: "website_city", Kind: Keyword},
			{Name: "site_brands", Kind: Keyword, List: true},
			{Name: "website_sort_order", Kind: Number, Facet: ListFacet},
		},
		Text: []string{"site_official_name", "site_street", "site_zip", "site_city", "site_region",
			"website_city", "site_brands"},
	}
}

// SchemaFor returns the schema of an index name by its family prefix
// ("vehicles_…", "sites_…"), or nil when the prefix is unknown.
func SchemaFor(index string) *Schema {
	switch {
	case strings.HasPrefix(index, "vehicles_"):
		return vehiclesSchema
	case strings.HasPrefix(index, "sites_"):
		return sitesSchema
	}
	return nil
}

var (
	vehiclesSchema = VehiclesSchema()
	sitesSchema    = SitesSchema()
)
