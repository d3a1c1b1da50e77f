package formsapi

import (
	"context"
	"time"

	"forecourt/internal/content"
	"forecourt/internal/forms/builder"
	"forecourt/internal/forms/leads"
	"forecourt/internal/page"
)

// ServiceRequestData is the ServiceRequestForm block's data: the dealers to
// choose from, the fixed motorbike dealer, the service types and the date
// window of the desired date (the site's today and a year ahead).
type ServiceRequestData struct {
	Dealers           []ServiceDealer `json:"dealers"`
	MotorbikeDealer   *builder.Dealer `json:"motorbikeDealer"`
	CarServices       []string        `json:"carServices"`
	MotorbikeServices []string        `json:"motorbikeServices"`
	Today             string          `json:"today"`
	LastDate          string          `json:"lastDate"`
}

// ServiceRequestLoader is the loader of the Norwegian service request form
// (component ServiceRequestForm).
func (s *Service) ServiceRequestLoader() page.Loader {
	return func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
		dealers, err := s.serviceDealers(ctx, req.Site)
		if err != nil {
			return nil, err
		}
		if dealers == nil {
			dealers = []ServiceDealer{}
		}
		today := s.today(req.Site)
		d := &ServiceRequestData{
			Dealers: dealers, CarServices: leads.CarServices, MotorbikeServices: leads.MotorbikeServices,
			Today: today.Format(time.DateOnly), LastDate: today.AddDate(0, 0, leads.MaxDesiredDays).Format(time.DateOnly),
		}
		if mc := s.Forms.Settings(req.Site.Name).ServiceRequest.MotorbikeDealer; mc.Email != "" {
			d.MotorbikeDealer = &mc
		}
		return d, nil
	}
}
