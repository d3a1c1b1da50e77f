package cardetail

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/content"
	"forecourt/internal/errs"
	"forecourt/internal/finance"
	"forecourt/internal/search"
	"forecourt/internal/site"

	gojson "github.com/goccy/go-json"
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

// Car returns a car by id from the index, or an errs.NotFound error.
func (s *Service) Car(ctx context.Context, st *site.Site, id int64) (catalog.Car, error) {
	car, _, err := s.carRecord(ctx, st, id)
	return car, err
}

// carRecord returns a car by id and its index record's JSON (what the page
// data embeds, written by the index from its packed copy).
func (s *Service) carRecord(ctx context.Context, st *site.Site, id int64) (catalog.Car, json.RawMessage, error) {
	car, raw, err := record[catalog.Car](ctx, s.Engine, st.VehiclesIndex(), "car_id", strconv.FormatInt(id, 10))
	if errs.Is(err, errs.NotFound) {
		return car, nil, errs.E(errs.NotFound, "no car %d on %s", id, st.Name)
	}
	return car, raw, err
}

// DealerSite returns the dealer site a car belongs to (site for a car:
// filter site_id from car_site_id, limit 1), or errs.NotFound.
func (s *Service) DealerSite(ctx context.Context, st *site.Site, siteID int64) (catalog.DealerSite, error) {
	d, _, err := s.dealerRecord(ctx, st, siteID)
	return d, err
}

func (s *Service) dealerRecord(ctx context.Context, st *site.Site, siteID int64) (catalog.DealerSite, json.RawMessage, error) {
	d, raw, err := record[catalog.DealerSite](ctx, s.Engine, st.SitesIndex(), "site_id", strconv.FormatInt(siteID, 10))
	if errs.Is(err, errs.NotFound) {
		return d, nil, errs.E(errs.NotFound, "no dealer site %d on %s", siteID, st.Name)
	}
	return d, raw, err
}

// record looks a record up by id and returns it typed, with its JSON as
// the index writes it (what encoding/json writes for the decoded record).
func record[T any](ctx context.Context, eng *search.Engine, index, idField, id string) (T, json.RawMessage, error) {
	var v T
	// The id field only: the record is decoded from its JSON, not a map.
	res, err := eng.Search(ctx, search.Query{Index: index, Filters: map[string][]string{idField: {id}}, Limit: 1, Fields: []string{idField}})
	if err != nil {
		return v, nil, err
	}
	if len(res.Content) == 0 {
		return v, nil, errs.E(errs.NotFound, "no record %s", id)
	}
	raw := res.DocJSON(0)
	if err := gojson.Unmarshal(raw, &v); err != nil {
		return v, nil, errs.Wrap(err, "decode %s record %s", index, id)
	}
	return v, raw, nil
}

// CardFields are the fields a car card shows (web/src/components/car-card):
// rows of cards carry only these, so the page data stays small.
// The body and region say why a car was recommended.
var CardFields = []string{"car_id", "slug", "car_brand", "car_model", "car_model_text", "car_year", "car_mileage_text",
	"car_fuel", "car_gearbox", "car_is_sample", "car_price_text", "car_primary_image", "car_body", "car_site_region"}

// CardRow is a car in a row of cards (similar cars, recommendations, car
// of the week): the CardFields of its index record. The fields are in the
// order of their JSON names and none is omitted, so its JSON is byte for
// byte that of the projected record the front end always received.
type CardRow struct {
	CarBody         string      `json:"car_body"`
	CarBrand        string      `json:"car_brand"`
	CarFuel         string      `json:"car_fuel"`
	CarGearbox      string      `json:"car_gearbox"`
	CarID           int64       `json:"car_id"`
	CarIsSample     bool        `json:"car_is_sample"`
	CarMileageText  string      `json:"car_mileage_text"`
	CarModel        string      `json:"car_model"`
	CarModelText    string      `json:"car_model_text"`
	CarPriceText    string      `json:"car_price_text"`
	CarPrimaryImage CardPicture `json:"car_primary_image"`
	CarSiteRegion   string      `json:"car_site_region"`
	CarYear         int         `json:"car_year"`
	Slug            string      `json:"slug"`
}

// CardPicture is catalog.PrimaryImage with its JSON names in order.
type CardPicture struct {
	BlurDataURL  string `json:"blur_data_url"`
	ThumbnailURL string `json:"thumbnail_url"`
}

// cardRows runs q (projected on CardFields) and returns its cars as rows.
func (s *Service) cardRows(ctx context.Context, q search.Query) ([]CardRow, error) {
	q.Fields = CardFields
	res, err := s.Engine.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	return search.DecodeContent[CardRow](res)
}

// Recommendations returns up to 8 cars like car: another id in the same
// region with the same body and fuel. For a nil car (not found) it returns
// the cars matching keyphrase instead.
func (s *Service) Recommendations(ctx context.Context, st *site.Site, car *catalog.Car, keyphrase string) ([]CardRow, error) {
	q := search.Query{Index: st.VehiclesIndex(), Limit: RecommendationLimit}
	if car != nil {
		q.Filters = map[string][]string{
			"car_id.neq":      {strconv.FormatInt(car.CarID, 10)},
			"car_site_region": {car.CarSiteRegion},
			"car_body":        {car.CarBody},
			"car_fuel":        {car.CarFuel},
		}
	} else {
		q.Keyphrase = keyphrase
	}
	return s.cardRows(ctx, q)
}

// SampleSites returns the dealer sites that sell the brand of a sample car
// (sites filtered by site_brands, limit 100).
func (s *Service) SampleSites(ctx context.Context, st *site.Site, brand string) ([]catalog.DealerSite, error) {
	res, err := s.sampleSiteQuery(ctx, st, brand)
	if err != nil {
		return nil, err
	}
	out := make([]catalog.DealerSite, len(res.Content))
	for i := range out {
		if err := res.Decode(i, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sampleSiteIDs is SampleSites with only each site's id decoded, for the
// similar cars strip (the whole records, with their departments, are what
// the lead form needs, not a filter).
func (s *Service) sampleSiteIDs(ctx context.Context, st *site.Site, brand string) ([]catalog.DealerSite, error) {
	res, err := s.sampleSiteQuery(ctx, st, brand)
	if err != nil {
		return nil, err
	}
	return search.DecodeContent[catalog.DealerSite](res)
}

func (s *Service) sampleSiteQuery(ctx context.Context, st *site.Site, brand string) (search.Result, error) {
	return s.Engine.Search(ctx, search.Query{
		Index:   st.SitesIndex(),
		Filters: map[string][]string{"site_brands": {brand}},
		Limit:   SampleSiteLimit,
		Fields:  []string{"site_id"},
	})
}

// carFields returns a car with only the given fields of its record decoded
// (the others zero): a loader that filters by a few of them need not
// decode the whole record again (the detail loader already does).
func (s *Service) carFields(ctx context.Context, st *site.Site, id int64, fields ...string) (catalog.Car, error) {
	res, err := s.Engine.Search(ctx, search.Query{Index: st.VehiclesIndex(), Filters: map[string][]string{"car_id": {strconv.FormatInt(id, 10)}}, Limit: 1, Fields: fields})
	if err != nil {
		return catalog.Car{}, err
	}
	cars, err := search.DecodeContent[catalog.Car](res)
	if err != nil {
		return catalog.Car{}, err
	}
	if len(cars) == 0 {
		return catalog.Car{}, errs.E(errs.NotFound, "no car %d on %s", id, st.Name)
	}
	return cars[0], nil
}

// SampleAlternatives returns real cars (car_is_sample false) of a sample
// car's brand and model at the sites that sell the brand, limit 8.
func (s *Service) SampleAlternatives(ctx context.Context, st *site.Site, car *catalog.Car, sites []catalog.DealerSite) ([]CardRow, error) {
	f := map[string][]string{
		"car_is_sample": {"false"},
		"car_brand":     {car.CarBrand},
		"car_model":     {car.CarModel},
		"car_id.neq":    {strconv.FormatInt(car.CarID, 10)},
	}
	for _, d := range sites {
		f["car_site_id"] = append(f["car_site_id"], strconv.FormatInt(d.SiteID, 10))
	}
	return s.cardRows(ctx, search.Query{Index: st.VehiclesIndex(), Filters: f, Limit: RecommendationLimit})
}

// CarsOfTheWeek returns the cars flagged caroftheweek.
func (s *Service) CarsOfTheWeek(ctx context.Context, st *site.Site) ([]CardRow, error) {
	return s.cardRows(ctx, search.Query{
		Index:   st.VehiclesIndex(),
		Filters: map[string][]string{"caroftheweek": {"true"}},
		Limit:   CarOfTheWeekLimit,
	})
}

// DetailPath returns the public path of a car: pathToCarDetail + id/slug.
func DetailPath(dict content.Dictionary, car *catalog.Car) string {
	base := dict["pathToCarDetail"]
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	return base + strconv.FormatInt(car.CarID, 10) + "/" + car.Slug
}

// Detail is the CarDetail loader's output: the car with its dealer and
// finance, or (Found false) the not-found view's recommendations.
type Detail struct {
	Found bool `json:"found"`
	// Car and Dealer are the records; they reach the page data as CarJSON
	// and DealerJSON, written by the index (search.Result.DocJSON).
	Car             *catalog.Car        `json:"-"`
	Dealer          *catalog.DealerSite `json:"-"`
	CarJSON         json.RawMessage     `json:"car,omitempty"`
	DealerJSON      json.RawMessage     `json:"dealer,omitempty"`
	Loan            *LoanView           `json:"loan,omitempty"`
	Leasing         []LeasingView       `json:"leasing,omitempty"`
	SellerSites     []SellerSite        `json:"sellerSites,omitempty"`
	Recommendations []CardRow           `json:"recommendations,omitempty"`
	Keyphrase       string              `json:"keyphrase,omitempty"`
	CarListPath     string              `json:"carListPath"`
	SiteDetailPath  string              `json:"siteDetailPath"`

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
