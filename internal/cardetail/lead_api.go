package cardetail

import (
	"context"
	"net/http"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/finance"
	"forecourt/internal/leads"
	"forecourt/internal/site"
	"forecourt/internal/web"
)

// LeadIntake stores leads and wakes their delivery.
type LeadIntake struct {
	Store  *leads.Store
	Outbox *leads.Outbox
}

// MountLeads mounts "POST /api/forms/comhub" (for web.Deps.Extra).
func (s *Service) MountLeads(in LeadIntake) func(mux *http.ServeMux, srv *web.Server) {
	return func(mux *http.ServeMux, srv *web.Server) {
		srv.Route(mux, "POST /api/forms/comhub", "api-forms-comhub", func(w http.ResponseWriter, r *http.Request) error {
			return s.handleLead(w, r, in)
		})
	}
}

// handleLead serves "POST /api/forms/comhub": it checks the form, checks
// that the recipient belongs to the car (its sellers, its dealer site, or
// for a sample car a new-car department selling the brand), stores the lead
// with its dealer mail in the outbox and answers 202 once both are stored.
// A repeated formSubmissionId stores nothing new and answers 202 again.
// The finance forms (finance-apply, finance-reserve, part-exchange) also
// need a quote reference that decodes.
func (s *Service) handleLead(w http.ResponseWriter, r *http.Request, in LeadIntake) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	st := web.SiteOf(r)
	sub, err := leads.ParseSubmissionOn(body, today(st))
	if err != nil {
		return err
	}
	if leads.IsFinanceForm(sub.FormName) {
		// The finance forms act on a quote: it must be one the engine made.
		if _, err := finance.DecodeQuoteRef(sub.Values.Details["quoteRef"]); err != nil {
			return &errs.Error{Code: errs.Invalid, Message: "We could not find that quote. Please get a new quote on the car's page.", Fields: map[string]string{"values.details.quoteRef": leads.InvalidInput}}
		}
	}
	car, err := s.Car(r.Context(), st, sub.CarID)
	if errs.Is(err, errs.NotFound) {
		return &errs.Error{Code: errs.Invalid, Message: "The car is no longer for sale.", Fields: map[string]string{"values.car": leads.InvalidInput}}
	}
	if err != nil {
		return err
	}
	allowed, err := s.recipients(r.Context(), st, car)
	if err != nil {
		return err
	}
	if !allowed[strings.ToLower(sub.Values.ToEmail)] {
		if boolean(car["car_is_sample"]) {
			s.log().Error("DEPARTMENT_NOT_FOUND", "car_id", sub.CarID, "to", sub.Values.ToEmail)
		}
		return &errs.Error{Code: errs.Invalid, Message: "The recipient does not sell this car.", Fields: map[string]string{"values.toEmail": leads.InvalidInput}}
	}
	lead, created, err := in.Store.Save(r.Context(), st.Name, sub, leads.DealerMessage(sub, CarTitle(car)), Now())
	if err != nil {
		return err
	}
	if created && in.Outbox != nil {
		in.Outbox.Kick()
	}
	return web.WriteJSON(w, r, http.StatusAccepted, map[string]any{"status": "accepted", "formSubmissionId": lead.Sub.SubmissionID})
}

// recipients are the addresses a lead for car may go to, lower-cased.
func (s *Service) recipients(ctx context.Context, st *site.Site, car map[string]any) (map[string]bool, error) {
	ok := map[string]bool{}
	add := func(v any) {
		if e := strings.ToLower(strings.TrimSpace(str(v))); e != "" {
			ok[e] = true
		}
	}
	sellers, _ := car["car_sellers"].([]any)
	for _, x := range sellers {
		m, _ := x.(map[string]any)
		add(m["email"])
	}
	dealer, err := s.DealerSite(ctx, st, str(car["car_site_id"]))
	if err != nil && !errs.Is(err, errs.NotFound) {
		return nil, err
	}
	if dealer != nil {
		add(dealer["site_email"])
		deps, _ := dealer["site_departments"].([]any)
		for _, d := range deps {
			m, _ := d.(map[string]any)
			add(m["email"])
			brands, _ := m["brands"].([]any)
			for _, b := range brands {
				bm, _ := b.(map[string]any)
				add(bm["email"])
			}
		}
	}
	if boolean(car["car_is_sample"]) {
		sites, err := s.SampleSites(ctx, st, str(car["car_brand"]))
		if err != nil {
			return nil, err
		}
		for _, ss := range SellerSites(sites, str(car["car_brand"])) {
			add(ss.ToEmail)
		}
	}
	return ok, nil
}
