// Package formsapi serves every form of the sites over HTTP: the form
// ticket (GET /api/forms/ticket), the lead forms (POST /api/forms/comhub:
// the car detail contact form, the UK finance forms, sell / trade-in and
// the Norwegian service request) and the form-builder forms (POST
// /api/jotform). Every POST passes the same spam defence: application/json,
// the Origin check, a per-address and a per-recipient rate limit, the
// honeypot and the form ticket (minimum fill time, single use). The
// recipient of a submission is always resolved here from the site's own
// data. docs/forms.md is the wire contract.
package formsapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/finance"
	"forecourt/internal/forms"
	"forecourt/internal/forms/builder"
	"forecourt/internal/forms/leads"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/ratelimit"
	"forecourt/internal/site"
	"forecourt/internal/vehicles"
)

// CarRecipients resolves the dealer of a car form (cardetail.Service).
type CarRecipients interface {
	LeadRecipient(ctx context.Context, st *site.Site, carID int64, siteID, toEmail string) (leads.Recipient, string, error)
}

// DealerSites lists a site's dealer sites (catalog.Store).
type DealerSites interface {
	DealerSites(ctx context.Context, siteName string) ([]catalog.DealerSite, error)
}

// Service holds what the form endpoints need.
type Service struct {
	Leads   *leads.Store
	Forms   *builder.Library
	Backend builder.Backend // built-in store or Jotform
	Tickets *forms.Tickets
	Limiter forms.Limiter
	// AddressLimit and RecipientLimit default to forms.DefaultAddressLimit
	// and forms.DefaultRecipientLimit.
	AddressLimit, RecipientLimit ratelimit.Limit
	Cars                         CarRecipients
	Dealers                      DealerSites
	// Vehicles and Models value a sell / trade-in request's car (POST
	// /api/valuation, and the lead's preliminary range); ValuationLimit
	// defaults to DefaultValuationLimit.
	Vehicles       vehicles.Provider
	Models         PriceModels
	ValuationLimit ratelimit.Limit
	Log            *slog.Logger
	// ExtraOriginHosts are host names allowed as Origin besides the site's
	// own and its public URLs' (httpguard.OriginAllowed).
	ExtraOriginHosts []string
	Now              func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

func (s *Service) addressLimit() ratelimit.Limit {
	if s.AddressLimit.N > 0 {
		return s.AddressLimit
	}
	return forms.DefaultAddressLimit
}

func (s *Service) recipientLimit() ratelimit.Limit {
	if s.RecipientLimit.N > 0 {
		return s.RecipientLimit
	}
	return forms.DefaultRecipientLimit
}

// today is the site's date now.
func (s *Service) today(st *site.Site) time.Time {
	if st.TimeZone != nil {
		return s.now().In(st.TimeZone)
	}
	return s.now()
}

// Routes lists the form endpoints for the server's mux.
func (s *Service) Routes() []httpkit.Route {
	return []httpkit.Route{
		{Pattern: "GET /api/forms/ticket", Name: "api-forms-ticket", Handler: s.handleTicket},
		{Pattern: "POST /api/forms/comhub", Name: "api-forms-comhub", Handler: s.answer(s.handleComhub)},
		{Pattern: "POST /api/jotform", Name: "api-jotform", Handler: s.answer(s.jotformFailures(s.handleJotform))},
		{Pattern: "POST /api/valuation", Name: "api-valuation", Handler: s.answer(s.handleValuation)},
	}
}

// answer turns the errors web has no status for into their answers: 413
// and 415 are written here, a rate limit gets its Retry-After header.
func (s *Service) answer(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := h(w, r)
		var se *statusError
		if errors.As(err, &se) {
			s.log().Info("form rejected", "path", r.URL.Path, "status", se.status, "code", se.code)
			writeStatusError(w, se)
			return nil
		}
		var le *forms.LimitedError
		if errors.As(err, &le) {
			w.Header().Set("Retry-After", strconv.Itoa(le.RetryAfterSeconds()))
		}
		return err
	}
}

// handleTicket serves "GET /api/forms/ticket": a new form ticket for the
// request's site.
func (s *Service) handleTicket(w http.ResponseWriter, r *http.Request) error {
	t := s.Tickets.Issue(httpguard.SiteOf(r).Name, s.now())
	w.Header().Set("Cache-Control", "no-store")
	return httpkit.WriteJSON(w, r, http.StatusOK, t)
}

// accepted is the answer of a stored (or already stored) lead.
type accepted struct {
	Status       string `json:"status"`
	SubmissionID string `json:"formSubmissionId"`
}

// handleComhub serves "POST /api/forms/comhub": every lead form. After the
// guard (readForm) the body is parsed and checked field by field; a filled
// honeypot is answered as a success and dropped; a formSubmissionId that is
// already stored is answered 202 again; then the ticket is checked, the
// recipient resolved from the site's data, the recipient's rate limit
// counted, and the lead stored with its mail queued in one transaction.
func (s *Service) handleComhub(w http.ResponseWriter, r *http.Request) error {
	st := httpguard.SiteOf(r)
	body, err := s.readForm(w, r, st)
	if err != nil {
		return err
	}
	f, err := leads.ParseForm(body, s.today(st), st.Country)
	if err != nil {
		return err
	}
	f.Lang = st.DefaultLanguage()
	ok := accepted{Status: "accepted", SubmissionID: f.SubmissionID}
	if f.Honeypot {
		s.log().Warn("form honeypot filled; submission dropped", "form", f.Name, "site", st.Name)
		return httpkit.WriteJSON(w, r, http.StatusAccepted, ok)
	}
	if done, err := s.Leads.Exists(r.Context(), st.Name, f.SubmissionID); err != nil {
		return err
	} else if done {
		return httpkit.WriteJSON(w, r, http.StatusAccepted, ok)
	}
	nonce, err := s.Tickets.Check(f.Ticket, st.Name, s.now())
	if err != nil {
		return err
	}
	to, carTitle, err := s.recipient(r.Context(), st, f)
	if err != nil {
		return err
	}
	if err := forms.AllowRecipient(r.Context(), s.Limiter, s.recipientLimit(), to.Email); err != nil {
		return err
	}
	// A sell / trade-in request keeps its car's preliminary range, worked
	// out again here: it goes into the dealer's mail and the stored lead.
	f.SetSellValuation(s.sellValuation(r.Context(), st, f))
	_, _, err = s.Leads.Save(r.Context(), st.Name, f, to, f.Mail(to, carTitle, st.DefaultLanguage()), nonce, s.now())
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusAccepted, ok)
}

// recipient resolves where form goes from the site's own data.
func (s *Service) recipient(ctx context.Context, st *site.Site, f *leads.Form) (leads.Recipient, string, error) {
	switch {
	case f.Car() != nil:
		v := f.Car().Values
		if leads.IsFinanceForm(f.Name) {
			// The finance forms act on a quote: it must be one the engine made.
			if _, err := finance.DecodeQuoteRef(v.Details["quoteRef"]); err != nil {
				return leads.Recipient{}, "", &errs.Error{Code: errs.Invalid, Message: "We could not find that quote. Please get a new quote on the car's page.", Fields: map[string]string{"values.details.quoteRef": leads.InvalidInput}}
			}
		}
		if s.Cars == nil {
			return leads.Recipient{}, "", errs.E(errs.Unavailable, "Car forms are not available.")
		}
		return s.Cars.LeadRecipient(ctx, st, f.CarID, v.SiteID, v.ToEmail)
	case f.ServiceRequest() != nil:
		to, err := s.serviceRecipient(ctx, st, f.ServiceRequest())
		return to, "", err
	case f.Name == leads.FormSellCar:
		set := s.Forms.Settings(st.Name).SellCar
		if set.Recipient == "" {
			return leads.Recipient{}, "", &errs.Error{Code: errs.Invalid, Message: "This site does not take sell / trade-in requests.", Fields: map[string]string{"formName": leads.InvalidInput}}
		}
		return leads.Recipient{Name: set.Name, Email: set.Recipient}, "", nil
	}
	return leads.Recipient{}, "", &errs.Error{Code: errs.Invalid, Message: "Unknown form.", Fields: map[string]string{"formName": leads.InvalidInput}}
}

// serviceRecipient is the dealer of a Norwegian service request: the fixed
// motorbike dealer of the site's settings, or the chosen dealer site's
// workshop (else its own) address.
func (s *Service) serviceRecipient(ctx context.Context, st *site.Site, v *leads.ServiceRequest) (leads.Recipient, error) {
	if v.TypeCar == leads.TypeMotorbike {
		mc := s.Forms.Settings(st.Name).ServiceRequest.MotorbikeDealer
		if mc.Email == "" {
			return leads.Recipient{}, &errs.Error{Code: errs.Invalid, Message: "This site takes no motorbike requests.", Fields: map[string]string{"values.typeCar": leads.InvalidInput}}
		}
		return leads.Recipient{Name: mc.Name, Email: mc.Email}, nil
	}
	dealers, err := s.serviceDealers(ctx, st)
	if err != nil {
		return leads.Recipient{}, err
	}
	for _, d := range dealers {
		if d.SiteID == v.SiteID {
			id, _ := strconv.ParseInt(d.SiteID, 10, 64)
			return leads.Recipient{Name: d.Name, Email: d.email, DealerSiteID: id}, nil
		}
	}
	return leads.Recipient{}, &errs.Error{Code: errs.Invalid, Message: "Choose one of the dealers.", Fields: map[string]string{"values.siteId": leads.InvalidInput}}
}

// ServiceDealer is a dealer of the Norwegian form's list.
type ServiceDealer struct {
	SiteID string `json:"siteId"`
	Name   string `json:"name"`
	City   string `json:"city"`
	email  string
}

// serviceDealers lists the site's dealer sites that have an address for
// service requests (their workshop department's, else their own), in the
// site list's order.
func (s *Service) serviceDealers(ctx context.Context, st *site.Site) ([]ServiceDealer, error) {
	if s.Dealers == nil {
		return nil, nil
	}
	sites, err := s.Dealers.DealerSites(ctx, st.Name)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(sites, func(a, b catalog.DealerSite) int {
		if a.WebsiteSortOrder != b.WebsiteSortOrder {
			return a.WebsiteSortOrder - b.WebsiteSortOrder
		}
		return strings.Compare(a.SiteOfficialName, b.SiteOfficialName)
	})
	var out []ServiceDealer
	for _, d := range sites {
		email := ""
		for _, dep := range d.SiteDepartments {
			if dep.Group == catalog.GroupWorkshop && leads.ValidEmail(dep.Email) {
				email = dep.Email
				break
			}
		}
		if email == "" && leads.ValidEmail(d.SiteEmail) {
			email = d.SiteEmail
		}
		if email == "" {
			continue
		}
		out = append(out, ServiceDealer{SiteID: strconv.FormatInt(d.SiteID, 10), Name: d.SiteOfficialName, City: d.SiteCity, email: email})
	}
	return out, nil
}

// jotformBody is the body of POST /api/jotform.
type jotformBody struct {
	FormID       string                     `json:"formId"`
	SubmissionID string                     `json:"formSubmissionId"`
	Answers      map[string]json.RawMessage `json:"answers"`
	Ticket       string                     `json:"ticket"`
	Website      string                     `json:"website"`
}

// jotformContent is the answer of POST /api/jotform (the spec's call).
type jotformContent struct {
	Content struct {
		ID      string         `json:"id"`
		Answers map[string]any `json:"answers"`
	} `json:"content"`
}

// jotformFailures logs every failed form-builder submission as
// FORM_SUBMISSION_FAILED_JOTFORM (spec: the error catalogue).
func (s *Service) jotformFailures(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := h(w, r)
		if err != nil {
			level := slog.LevelWarn
			var se *statusError
			if !errors.As(err, &se) && errs.CodeOf(err) != errs.Invalid && errs.CodeOf(err) != errs.NotFound &&
				errs.CodeOf(err) != errs.RateLimited && errs.CodeOf(err) != errs.Forbidden {
				level = slog.LevelError
			}
			s.log().Log(r.Context(), level, "FORM_SUBMISSION_FAILED_JOTFORM", "site", httpguard.SiteOf(r).Name, "err", err)
		}
		return err
	}
}

// handleJotform serves "POST /api/jotform": a form-builder submission. The
// same guard and ticket as the lead forms; the answers are checked against
// the form's definition; the backend stores and mails it (or sends it to
// the hosted service). The answer is {"content":{"id","answers"}}.
func (s *Service) handleJotform(w http.ResponseWriter, r *http.Request) error {
	st := httpguard.SiteOf(r)
	body, err := s.readForm(w, r, st)
	if err != nil {
		return err
	}
	var b jotformBody
	if err := leads.DecodeJSON(body, &b); err != nil {
		return err
	}
	b.FormID, b.SubmissionID = strings.TrimSpace(b.FormID), strings.TrimSpace(b.SubmissionID)
	if b.FormID == "" {
		return &errs.Error{Code: errs.Invalid, Message: "Missing FormId", Fields: map[string]string{"formId": leads.InvalidInput}}
	}
	def, err := s.Forms.Form(st.Name, b.FormID)
	if err != nil {
		return err
	}
	fe := errs.FieldErrors{}
	if !leads.ValidSubmissionID(b.SubmissionID) {
		fe.Add("formSubmissionId", leads.InvalidInput)
	}
	answers, err := def.Check(b.Answers, s.today(st), st.Country)
	if err != nil {
		var e *errs.Error
		if errors.As(err, &e) {
			for k, v := range e.Fields {
				fe.Add(k, v)
			}
		}
	}
	if err := fe.Err("Some fields are not filled in correctly."); err != nil {
		return err
	}
	var out jotformContent
	out.Content.ID, out.Content.Answers = b.SubmissionID, answers.Values
	if strings.TrimSpace(b.Website) != "" {
		s.log().Warn("form honeypot filled; submission dropped", "form", def.ID, "site", st.Name)
		return httpkit.WriteJSON(w, r, http.StatusOK, out)
	}
	if done, err := s.Backend.Exists(r.Context(), b.SubmissionID); err != nil {
		return err
	} else if done {
		return httpkit.WriteJSON(w, r, http.StatusOK, out)
	}
	nonce, err := s.Tickets.Check(strings.TrimSpace(b.Ticket), st.Name, s.now())
	if err != nil {
		return err
	}
	if err := forms.AllowRecipient(r.Context(), s.Limiter, s.recipientLimit(), def.Recipient); err != nil {
		return err
	}
	if _, err := s.Backend.Submit(r.Context(), builder.Submission{Site: st.Name, Lang: st.DefaultLanguage(), Def: def, SubmissionID: b.SubmissionID, Answers: answers, Nonce: nonce}, s.now()); err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, out)
}
