package cardetail

import (
	"context"
	"strconv"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/leads"
	"forecourt/internal/site"
)

// LeadRecipient resolves where a car form's lead goes, from the car's own
// data and never from an address the client chose: the car's first seller
// with an e-mail, else its dealer site's e-mail; for a sample car the
// new-car department selling the brand at the dealer site the visitor
// picked (siteID; or, from older clients, the site whose department
// address equals toEmail), else at the first site that has one. It also
// returns the car's title for the mail. A car that is not for sale is
// errs.Invalid on values.car, a siteID that does not sell the car on
// values.siteId; a sample car with no department for its brand logs
// DEPARTMENT_NOT_FOUND and is errs.Invalid.
func (s *Service) LeadRecipient(ctx context.Context, st *site.Site, carID int64, siteID, toEmail string) (leads.Recipient, string, error) {
	car, err := s.Car(ctx, st, carID)
	if errs.Is(err, errs.NotFound) {
		return leads.Recipient{}, "", &errs.Error{Code: errs.Invalid, Message: "The car is no longer for sale.", Fields: map[string]string{"values.car": leads.InvalidInput}}
	}
	if err != nil {
		return leads.Recipient{}, "", err
	}
	title := CarTitle(&car)
	if car.CarIsSample {
		sites, err := s.SampleSites(ctx, st, car.CarBrand)
		if err != nil {
			return leads.Recipient{}, "", err
		}
		sellers := SellerSites(sites, car.CarBrand)
		pick := func(ok func(SellerSite) bool) (leads.Recipient, bool) {
			for _, ss := range sellers {
				if ss.ToEmail != "" && ok(ss) {
					id, _ := strconv.ParseInt(ss.SiteID, 10, 64)
					return leads.Recipient{Name: ss.ToName, Email: ss.ToEmail, DealerSiteID: id}, true
				}
			}
			return leads.Recipient{}, false
		}
		switch {
		case siteID != "":
			if r, ok := pick(func(ss SellerSite) bool { return ss.SiteID == siteID }); ok {
				return r, title, nil
			}
			s.log().Error("DEPARTMENT_NOT_FOUND", "car_id", carID, "site_id", siteID)
			return leads.Recipient{}, "", &errs.Error{Code: errs.Invalid, Message: "That dealer does not sell this car.", Fields: map[string]string{"values.siteId": leads.InvalidInput}}
		case toEmail != "":
			if r, ok := pick(func(ss SellerSite) bool { return strings.EqualFold(ss.ToEmail, toEmail) }); ok {
				return r, title, nil
			}
		}
		if r, ok := pick(func(SellerSite) bool { return true }); ok {
			return r, title, nil
		}
		s.log().Error("DEPARTMENT_NOT_FOUND", "car_id", carID, "brand", car.CarBrand)
		return leads.Recipient{}, "", &errs.Error{Code: errs.Invalid, Message: "No dealer sells this car at the moment.", Fields: map[string]string{"values.car": leads.InvalidInput}}
	}
	name := car.CarSiteName
	for _, sl := range car.CarSellers {
		if e := strings.TrimSpace(sl.Email); leads.ValidEmail(e) {
			return leads.Recipient{Name: name, Email: e, DealerSiteID: car.CarSiteID}, title, nil
		}
	}
	dealer, err := s.DealerSite(ctx, st, car.CarSiteID)
	if err != nil && !errs.Is(err, errs.NotFound) {
		return leads.Recipient{}, "", err
	}
	if e := strings.TrimSpace(dealer.SiteEmail); leads.ValidEmail(e) {
		return leads.Recipient{Name: name, Email: e, DealerSiteID: car.CarSiteID}, title, nil
	}
	s.log().Error("DEPARTMENT_NOT_FOUND", "car_id", carID, "site_id", car.CarSiteID)
	return leads.Recipient{}, "", &errs.Error{Code: errs.Invalid, Message: "No dealer can take a message about this car at the moment.", Fields: map[string]string{"values.car": leads.InvalidInput}}
}
