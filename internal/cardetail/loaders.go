package cardetail

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
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
		var car catalog.Car
		var carJSON json.RawMessage
		if ref.ID != 0 {
			var err error
			car, carJSON, err = s.carRecord(ctx, req.Site, ref.ID)
			if err != nil && !errs.Is(err, errs.NotFound) {
				return nil, err
			}
		}
		if carJSON == nil {
			return s.notFound(ctx, req, d, ref)
		}
		if ref.IDOnly {
			return &page.Outcome{Status: http.StatusFound, Redirect: DetailPath(dict, &car)}, nil
		}
		d.Found, d.Car, d.CarJSON = true, &car, carJSON
		if dealer, dealerJSON, err := s.dealerRecord(ctx, req.Site, car.CarSiteID); err == nil {
			d.Dealer, d.DealerJSON = &dealer, dealerJSON
		} else if !errs.Is(err, errs.NotFound) {
			s.log().Warn("dealer site lookup failed", "car_id", car.CarID, "err", err)
		}
		locale, err := finance.ParseLocale(req.Site.Locale(req.Lang))
		if err != nil {
			locale, _ = finance.ParseLocale("en-GB")
		}
		if lv, err := LoanViewOf(&car, locale); err == nil {
			d.Loan = lv
		} else if !errs.Is(err, errs.NotFound) {
			s.log().Warn("loan calculator unavailable", "car_id", car.CarID, "err", err)
		}
		d.Leasing = LeasingViews(&car, locale)
		if car.CarIsSample {
			sites, err := s.SampleSites(ctx, req.Site, car.CarBrand)
			if err != nil {
				s.log().Warn("sample sites lookup failed", "car_id", car.CarID, "err", err)
			}
			d.SellerSites = SellerSites(sites, car.CarBrand)
		}
		d.head = newCarHead(req, dict, &car)
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

// LoanViewOf works out the loan calculator's starting state for a car:
// errs.NotFound when the car has no loan option.
func LoanViewOf(car *catalog.Car, l finance.Locale) (*LoanView, error) {
	opt, err := LoanOptionOf(car)
	if err != nil {
		return nil, err
	}
	price := car.CarPrice
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

// LoanOptionOf returns the loan option of a car; errs.NotFound when the
// car has none or it has no periods.
func LoanOptionOf(car *catalog.Car) (finance.LoanOption, error) {
	if car.CarLoanOption == nil {
		return finance.LoanOption{}, errs.E(errs.NotFound, "car %d has no loan option", car.CarID)
	}
	opt := *car.CarLoanOption
	if opt.DefaultContractDuration.Months == 0 && len(opt.ContractDurations) == 0 {
		return finance.LoanOption{}, errs.E(errs.NotFound, "car %d has no loan periods", car.CarID)
	}
	return opt, nil
}

// LeasingViews returns the car's leasing blocks (private first, then
// company), each with the campaign discount ratio when the car has one.
func LeasingViews(car *catalog.Car, l finance.Locale) []LeasingView {
	ratio, ok := finance.LeasingDiscount(car.CarRetailPrice, car.CarCampaignPrice)
	var out []LeasingView
	for _, want := range []string{finance.LeasingPrivate, finance.LeasingCompany} {
		has, campaign := car.CarHasPrivateleasing, car.CarHasCampaignPrivateleasing
		if want == finance.LeasingCompany {
			has, campaign = car.CarHasCompanyleasing, car.CarHasCampaignCompanyleasing
		}
		if !has {
			continue
		}
		for _, o := range car.CarLeasingOptions {
			if o.LeasingType != want {
				continue
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
func SellerSites(sites []catalog.DealerSite, brand string) []SellerSite {
	out := make([]SellerSite, 0, len(sites))
	for _, d := range sites {
		ss := SellerSite{SiteID: strconv.FormatInt(d.SiteID, 10), Name: d.SiteOfficialName, City: d.SiteCity}
	find:
		for _, dep := range d.SiteDepartments {
			if dep.Group != catalog.GroupNewCars {
				continue
			}
			for _, b := range dep.Brands {
				if strings.EqualFold(b.Name, brand) {
					ss.ToName = dep.OfficialName
					if ss.ToName == "" {
						ss.ToName = dep.Name
					}
					ss.ToEmail = b.Email
					if ss.ToEmail == "" {
						ss.ToEmail = dep.Email
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
	Sample bool      `json:"sample"`
	Cars   []CardRow `json:"cars"`
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
		car, err := s.carFields(ctx, req.Site, ref.ID, "car_id", "car_is_sample", "car_brand", "car_model", "car_site_region", "car_body", "car_fuel")
		if errs.Is(err, errs.NotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		out := &SimilarCars{Sample: car.CarIsSample}
		if out.Sample {
			sites, err := s.sampleSiteIDs(ctx, req.Site, car.CarBrand)
			if err != nil {
				return nil, err
			}
			out.Cars, err = s.SampleAlternatives(ctx, req.Site, &car, sites)
			if err != nil {
				return nil, err
			}
		} else if out.Cars, err = s.Recommendations(ctx, req.Site, &car, ""); err != nil {
			return nil, err
		}
		if out.Cars == nil {
			out.Cars = []CardRow{}
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
