package cardetail

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/content"
	"forecourt/internal/errs"
	"forecourt/internal/finance"
	"forecourt/internal/page"
)

func (s *Service) dict(ctx context.Context, req *page.Request) content.Dictionary {
	d, err := s.Content.Dictionary(ctx, req.Site.Name, req.Lang)
	if err != nil || d == nil {
		return content.Dictionary{}
	}
	return d
}

// DetailLoader is the loader of the CarDetail component. It answers a 302
// to id/slug when only the id is given, and a 404 with the not-found view
// (recommendations by the slug's keyphrase) when there is no id or no car.
// A failing car lookup other than not-found is returned (logged by the
// assembler; the block shows its error state).
func (s *Service) DetailLoader() page.Loader {
	return func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
		dict := s.dict(ctx, req)
		ref := ParsePath(route.Wildcard)
		d := &Detail{CarListPath: dict["pathToCarList"], SiteDetailPath: dict["pathToSiteDetail"]}
		var car map[string]any
		var carJSON json.RawMessage
		if ref.ID != 0 {
			var err error
			car, carJSON, err = s.carRecord(ctx, req.Site, ref.ID)
			if err != nil && !errs.Is(err, errs.NotFound) {
				return nil, err
			}
		}
		if car == nil {
			return s.notFound(ctx, req, d, ref)
		}
		if ref.IDOnly {
			return &page.Outcome{Status: http.StatusFound, Redirect: DetailPath(dict, car)}, nil
		}
		d.Found, d.Car, d.CarJSON = true, car, carJSON
		if dealer, dealerJSON, err := s.dealerRecord(ctx, req.Site, str(car["car_site_id"])); err == nil {
			d.Dealer, d.DealerJSON = dealer, dealerJSON
		} else if !errs.Is(err, errs.NotFound) {
			s.log().Warn("dealer site lookup failed", "car_id", car["car_id"], "err", err)
		}
		locale, err := finance.ParseLocale(req.Site.Locale(req.Lang))
		if err != nil {
			locale, _ = finance.ParseLocale("en-GB")
		}
		if lv, err := LoanViewOf(car, locale); err == nil {
			d.Loan = lv
		} else if !errs.Is(err, errs.NotFound) {
			s.log().Warn("loan calculator unavailable", "car_id", car["car_id"], "err", err)
		}
		d.Leasing = LeasingViews(car, locale)
		if boolean(car["car_is_sample"]) {
			sites, err := s.SampleSites(ctx, req.Site, str(car["car_brand"]))
			if err != nil {
				s.log().Warn("sample sites lookup failed", "car_id", car["car_id"], "err", err)
			}
			d.SellerSites = SellerSites(sites, str(car["car_brand"]))
		}
		d.head = newCarHead(req, dict, car)
		return d, nil
	}
}

func (s *Service) notFound(ctx context.Context, req *page.Request, d *Detail, ref PathRef) (any, error) {
	d.Keyphrase = SlugKeyphrase(ref.Slug)
	recs, err := s.Recommendations(ctx, req.Site, nil, d.Keyphrase)
	if err != nil {
		s.log().Warn("recommendations failed", "err", err)
	}
	d.Recommendations = recs
	d.head = &carHead{notFound: true, title: page.FillTitle(s.dict(ctx, req), req.Site.Settings.TitleTemplate, s.dict(ctx, req).T("carDetailNotFoundTitle"))}
	return &page.Outcome{Status: http.StatusNotFound, Data: d}, nil
}

// ContributeHead sets the car's title, description, social image,
// canonical URL and schema.org Car JSON-LD (page.HeadContributor).
func (d *Detail) ContributeHead(h *page.Head) {
	if d.head != nil {
		d.head.apply(h)
	}
}

// LoanViewOf works out the loan calculator's starting state for a car
// record: errs.NotFound when the car has no loan option.
func LoanViewOf(car map[string]any, l finance.Locale) (*LoanView, error) {
	opt, err := LoanOptionOf(car)
	if err != nil {
		return nil, err
	}
	price := num(car["car_price"])
	period := opt.PeriodSlider()
	down := opt.DownPaymentSlider(price, period.Value)
	q, err := opt.Quote(finance.LoanInput{Price: price, DownPayment: float64(down.Value), Months: period.Value})
	if err != nil {
		return nil, err
	}
	return &LoanView{
		Title: opt.Title, Description: opt.Description, Price: price,
		Period: period, DownPayment: down, Quote: answerOf(opt, q, l),
	}, nil
}

// LoanOptionOf decodes car_loan_option of a car record; errs.NotFound when
// the car has none.
func LoanOptionOf(car map[string]any) (finance.LoanOption, error) {
	raw, ok := car["car_loan_option"]
	if !ok || raw == nil {
		return finance.LoanOption{}, errs.E(errs.NotFound, "car %v has no loan option", car["car_id"])
	}
	opt, err := decodeLoanOption(raw)
	if err != nil {
		return finance.LoanOption{}, err
	}
	if opt.DefaultContractDuration.Months == 0 && len(opt.ContractDurations) == 0 {
		return finance.LoanOption{}, errs.E(errs.NotFound, "car %v has no loan periods", car["car_id"])
	}
	return opt, nil
}

// decodeLoanOption reads a record's car_loan_option (a decoded JSON object).
// Records are decoded per request from the index's packed copy, so there is
// no record identity left to cache by; the option is small.
func decodeLoanOption(raw any) (finance.LoanOption, error) {
	b, err := json.Marshal(raw)
	if err != nil {
		return finance.LoanOption{}, errs.Wrap(err, "encode loan option")
	}
	var opt finance.LoanOption
	if err := json.Unmarshal(b, &opt); err != nil {
		return finance.LoanOption{}, errs.Wrap(err, "decode loan option")
	}
	return opt, nil
}

// LeasingViews returns the car's leasing blocks (private first, then
// company), each with the campaign discount ratio when the car has one.
func LeasingViews(car map[string]any, l finance.Locale) []LeasingView {
	raw, _ := car["car_leasing_options"].([]any)
	ratio, ok := finance.LeasingDiscount(num(car["car_retail_price"]), num(car["car_campaign_price"]))
	var out []LeasingView
	for _, want := range []string{finance.LeasingPrivate, finance.LeasingCompany} {
		has := boolean(car["car_has_privateleasing"])
		campaign := boolean(car["car_has_campaign_privateleasing"])
		if want == finance.LeasingCompany {
			has, campaign = boolean(car["car_has_companyleasing"]), boolean(car["car_has_campaign_companyleasing"])
		}
		if !has {
			continue
		}
		for _, r := range raw {
			m, _ := r.(map[string]any)
			if str(m["leasing_type"]) != want {
				continue
			}
			o := finance.LeasingOption{
				LeasingType: want, Title: str(m["title"]), MonthlyCost: num(m["monthly_cost"]),
				MonthlyCostText: str(m["monthly_cost_text"]), Description: str(m["description"]),
				Duration: int(num(m["duration"])), Mileage: int(num(m["mileage"])), Asterix: str(m["asterix"]),
			}
			v := LeasingView{LeasingOption: o, Ratio: 1}
			if ok && campaign {
				v.Ratio, v.HasDiscount = ratio, true
				v.UndiscountedCost = o.UndiscountedMonthlyCost(ratio)
				v.UndiscountedLabel = l.Money(v.UndiscountedCost, 0)
			}
			out = append(out, v)
			break
		}
	}
	return out
}

// SellerSites lists the dealer sites a sample car's lead can go to, each
// with the new-car department selling brand (ToEmail empty when none does).
func SellerSites(sites []map[string]any, brand string) []SellerSite {
	out := make([]SellerSite, 0, len(sites))
	for _, d := range sites {
		ss := SellerSite{SiteID: str(d["site_id"]), Name: str(d["site_official_name"]), City: str(d["site_city"])}
		deps, _ := d["site_departments"].([]any)
	find:
		for _, dep := range deps {
			m, _ := dep.(map[string]any)
			if str(m["group"]) != catalog.GroupNewCars {
				continue
			}
			brands, _ := m["brands"].([]any)
			for _, b := range brands {
				bm, _ := b.(map[string]any)
				if strings.EqualFold(str(bm["name"]), brand) {
					ss.ToName = str(m["official_name"])
					if ss.ToName == "" {
						ss.ToName = str(m["name"])
					}
					ss.ToEmail = str(bm["email"])
					if ss.ToEmail == "" {
						ss.ToEmail = str(m["email"])
					}
					break find
				}
			}
		}
		out = append(out, ss)
	}
	return out
}

// SimilarCars is the SimilarCars loader's output.
type SimilarCars struct {
	Sample bool             `json:"sample"`
	Cars   []map[string]any `json:"cars"`
}

// SimilarLoader is the loader of the SimilarCars strip of the detail page:
// for a sample car, real cars of its brand and model at the sites selling
// the brand; otherwise recommendations like the car. No car: no strip.
func (s *Service) SimilarLoader() page.Loader {
	return func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
		ref := ParsePath(route.Wildcard)
		if ref.ID == 0 || ref.IDOnly {
			return nil, nil
		}
		car, err := s.Car(ctx, req.Site, ref.ID)
		if errs.Is(err, errs.NotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		out := &SimilarCars{Sample: boolean(car["car_is_sample"]), Cars: []map[string]any{}}
		if out.Sample {
			sites, err := s.SampleSites(ctx, req.Site, str(car["car_brand"]))
			if err != nil {
				return nil, err
			}
			out.Cars, err = s.SampleAlternatives(ctx, req.Site, car, sites)
			if err != nil {
				return nil, err
			}
		} else if out.Cars, err = s.Recommendations(ctx, req.Site, car, ""); err != nil {
			return nil, err
		}
		return out, nil
	}
}

// CarOfTheWeekLoader is the loader of the CarOfTheWeek carousel block.
func (s *Service) CarOfTheWeekLoader() page.Loader {
	return func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
		cars, err := s.CarsOfTheWeek(ctx, req.Site)
		if err != nil {
			return nil, err
		}
		return map[string]any{"cars": cars, "detailPath": s.dict(ctx, req)["pathToCarDetail"]}, nil
	}
}
