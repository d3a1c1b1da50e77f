package cardetail

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/content"
	"forecourt/internal/errs"
	"forecourt/internal/finance"
	"forecourt/internal/search"
	"forecourt/internal/site"
)

// Limits of the spec (§9).
const (
	RecommendationLimit = 8   // similar cars and not-found recommendations
	SampleSiteLimit     = 100 // dealer sites looked up for a sample car
	CarOfTheWeekLimit   = 12
)

// Service answers the car detail page's questions from the search indexes
// (cars and dealer sites as the spec's index records) and the catalog store
// (typed cars for the finance APIs, extra media).
type Service struct {
	Engine  *search.Engine
	Catalog *catalog.Store
	Content content.Source
	Log     *slog.Logger
}

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// Car returns the index record of a car by id, or an errs.NotFound error.
func (s *Service) Car(ctx context.Context, st *site.Site, id int64) (map[string]any, error) {
	car, _, err := s.carRecord(ctx, st, id)
	return car, err
}

// carRecord returns the index record of a car and its JSON.
func (s *Service) carRecord(ctx context.Context, st *site.Site, id int64) (map[string]any, json.RawMessage, error) {
	doc, raw, err := s.record(ctx, st.VehiclesIndex(), "car_id", strconv.FormatInt(id, 10))
	if errs.Is(err, errs.NotFound) {
		return nil, nil, errs.E(errs.NotFound, "no car %d on %s", id, st.Name)
	}
	return doc, raw, err
}

// DealerSite returns the dealer site record a car belongs to (site for a
// car: filter site_id from car_site_id, limit 1), or errs.NotFound.
func (s *Service) DealerSite(ctx context.Context, st *site.Site, siteID string) (map[string]any, error) {
	d, _, err := s.dealerRecord(ctx, st, siteID)
	return d, err
}

func (s *Service) dealerRecord(ctx context.Context, st *site.Site, siteID string) (map[string]any, json.RawMessage, error) {
	doc, raw, err := s.record(ctx, st.SitesIndex(), "site_id", siteID)
	if errs.Is(err, errs.NotFound) {
		return nil, nil, errs.E(errs.NotFound, "no dealer site %s on %s", siteID, st.Name)
	}
	return doc, raw, err
}

// record looks a record up by id and returns it with its JSON, written by
// the index from its packed copy (what encoding/json writes for the map).
func (s *Service) record(ctx context.Context, index, idField, id string) (map[string]any, json.RawMessage, error) {
	res, err := s.Engine.Search(ctx, search.Query{Index: index, Filters: map[string][]string{idField: {id}}, Limit: 1})
	if err != nil {
		return nil, nil, err
	}
	if len(res.Content) == 0 {
		return nil, nil, errs.E(errs.NotFound, "no record %s", id)
	}
	return res.Content[0], res.DocJSON(0), nil
}

// CardFields are the fields a car card shows (web/src/components/car-card):
// rows of cards carry only these, so the page data stays small.
// The body and region say why a car was recommended.
var CardFields = []string{"car_id", "slug", "car_brand", "car_model", "car_model_text", "car_year", "car_mileage_text",
	"car_fuel", "car_gearbox", "car_is_sample", "car_price_text", "car_primary_image", "car_body", "car_site_region"}

// Recommendations returns up to 8 cars like car: another id in the same
// region with the same body and fuel. For a nil car (not found) it returns
// the cars matching keyphrase instead.
func (s *Service) Recommendations(ctx context.Context, st *site.Site, car map[string]any, keyphrase string) ([]map[string]any, error) {
	q := search.Query{Index: st.VehiclesIndex(), Limit: RecommendationLimit, Fields: CardFields}
	if car != nil {
		q.Filters = map[string][]string{
			"car_id.neq":      {str(car["car_id"])},
			"car_site_region": {str(car["car_site_region"])},
			"car_body":        {str(car["car_body"])},
			"car_fuel":        {str(car["car_fuel"])},
		}
	} else {
		q.Keyphrase = keyphrase
	}
	res, err := s.Engine.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	return res.Content, nil
}

// SampleSites returns the dealer sites that sell the brand of a sample car
// (sites filtered by site_brands, limit 100).
func (s *Service) SampleSites(ctx context.Context, st *site.Site, brand string) ([]map[string]any, error) {
	res, err := s.Engine.Search(ctx, search.Query{
		Index:   st.SitesIndex(),
		Filters: map[string][]string{"site_brands": {brand}},
		Limit:   SampleSiteLimit,
	})
	if err != nil {
		return nil, err
	}
	return res.Content, nil
}

// SampleAlternatives returns real cars (car_is_sample false) of a sample
// car's brand and model at the sites that sell the brand, limit 8.
func (s *Service) SampleAlternatives(ctx context.Context, st *site.Site, car map[string]any, sites []map[string]any) ([]map[string]any, error) {
	f := map[string][]string{
		"car_is_sample": {"false"},
		"car_brand":     {str(car["car_brand"])},
		"car_model":     {str(car["car_model"])},
		"car_id.neq":    {str(car["car_id"])},
	}
	for _, d := range sites {
		f["car_site_id"] = append(f["car_site_id"], str(d["site_id"]))
	}
	res, err := s.Engine.Search(ctx, search.Query{Index: st.VehiclesIndex(), Filters: f, Limit: RecommendationLimit, Fields: CardFields})
	if err != nil {
		return nil, err
	}
	return res.Content, nil
}

// CarsOfTheWeek returns the cars flagged caroftheweek.
func (s *Service) CarsOfTheWeek(ctx context.Context, st *site.Site) ([]map[string]any, error) {
	res, err := s.Engine.Search(ctx, search.Query{
		Index:   st.VehiclesIndex(),
		Filters: map[string][]string{"caroftheweek": {"true"}},
		Limit:   CarOfTheWeekLimit,
		Fields:  CardFields,
	})
	if err != nil {
		return nil, err
	}
	return res.Content, nil
}

// str renders a document value as filter text: JSON numbers decode as
// float64 and ids are whole numbers.
func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

func boolean(v any) bool {
	b, _ := v.(bool)
	return b
}

// DetailPath returns the public path of a car: pathToCarDetail + id/slug.
func DetailPath(dict content.Dictionary, car map[string]any) string {
	base := dict["pathToCarDetail"]
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	return base + str(car["car_id"]) + "/" + str(car["slug"])
}

// Detail is the CarDetail loader's output: the car with its dealer and
// finance, or (Found false) the not-found view's recommendations.
type Detail struct {
	Found bool `json:"found"`
	// Car and Dealer are the index records; they reach the page data as
	// CarJSON and DealerJSON, written by the index (search.Result.DocJSON).
	Car             map[string]any   `json:"-"`
	Dealer          map[string]any   `json:"-"`
	CarJSON         json.RawMessage  `json:"car,omitempty"`
	DealerJSON      json.RawMessage  `json:"dealer,omitempty"`
	Loan            *LoanView        `json:"loan,omitempty"`
	Leasing         []LeasingView    `json:"leasing,omitempty"`
	SellerSites     []SellerSite     `json:"sellerSites,omitempty"`
	Recommendations []map[string]any `json:"recommendations,omitempty"`
	Keyphrase       string           `json:"keyphrase,omitempty"`
	CarListPath     string           `json:"carListPath"`
	SiteDetailPath  string           `json:"siteDetailPath"`

	head *carHead
}

// SellerSite is a dealer site a visitor may send a sample car's lead to,
// with the new-car department that receives it. ToEmail is empty when the
// site has no department for the brand (DEPARTMENT_NOT_FOUND).
type SellerSite struct {
	SiteID  string `json:"siteId"`
	Name    string `json:"name"`
	City    string `json:"city"`
	ToName  string `json:"toName"`
	ToEmail string `json:"toEmail"`
}

// LoanView is the loan calculator's starting state, worked out in Go.
type LoanView struct {
	Title       string         `json:"title"`
	Description string         `json:"description"`
	Price       float64        `json:"price"`
	Period      finance.Slider `json:"period"`
	DownPayment finance.Slider `json:"downPayment"`
	Quote       LoanAnswer     `json:"quote"`
}

// LeasingView is a leasing block with its campaign discount.
type LeasingView struct {
	finance.LeasingOption
	Ratio             float64 `json:"ratio"`
	HasDiscount       bool    `json:"has_discount"`
	UndiscountedCost  float64 `json:"undiscounted_monthly_cost"`
	UndiscountedLabel string  `json:"undiscounted_monthly_cost_text"`
}
