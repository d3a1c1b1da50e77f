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
	"forecourt/internal/formbuilder"
	"forecourt/internal/leads"
	"forecourt/internal/site"
	"forecourt/internal/web"
)

// CarRecipients resolves the dealer of a car form (cardetail.Service).
type CarRecipients interface {
	LeadRecipient(ctx context.Context, st *site.Site, carID int64, siteID, toEmail string) (leads.Recipient, string, error)
}

// DealerSites lists a site's dealer sites (catalog.Store).
type DealerSites interface {
	DealerSites(ctx context.Context, siteName string) ([]catalog.DealerSite, error)
}

// Kicker wakes the outbox after a mail was queued (*mail.Outbox).
type Kicker interface{ Kick() }

// Service holds what the form endpoints need.
type Service struct {
	Leads   *leads.Store
	Forms   *formbuilder.Library
	Backend formbuilder.Backend // built-in store or Jotform
	Tickets *leads.Tickets
	Limiter leads.Limiter
	// AddressLimit and RecipientLimit default to leads.DefaultAddressLimit
	// and leads.DefaultRecipientLimit.
	AddressLimit, RecipientLimit leads.Limit
	Cars                         CarRecipients
	Dealers                      DealerSites
	Outbox                       Kicker
	Log                          *slog.Logger
	// ExtraOriginHosts are host names allowed as Origin besides the site's
	// own (PUBLIC_URL's host).
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

func (s *Service) addressLimit() leads.Limit {
	if s.AddressLimit.N > 0 {
		return s.AddressLimit
	}
	return leads.DefaultAddressLimit
}

func (s *Service) recipientLimit() leads.Limit {
	if s.RecipientLimit.N > 0 {
		return s.RecipientLimit
	}
	return leads.DefaultRecipientLimit
}

// today is the site's date now.
func (s *Service) today(st *site.Site) time.Time {
	if st.TimeZone != nil {
		return s.now().In(st.TimeZone)
	}
	return s.now()
}

// Mount mounts the form endpoints (for web.Deps.Extra).
func (s *Service) Mount(mux *http.ServeMux, srv *web.Server) {
	srv.Route(mux, "GET /api/forms/ticket", "api-forms-ticket", s.handleTicket)
	srv.Route(mux, "POST /api/forms/comhub", "api-forms-comhub", s.answer(s.handleComhub))
	srv.Route(mux, "POST /api/jotform", "api-jotform", s.answer(s.jotformFailures(s.handleJotform)))
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
		var le *leads.LimitedError
		if errors.As(err, &le) {
			w.Header().Set("Retry-After", strconv.Itoa(le.RetryAfterSeconds()))
		}
		return err
	}
}

// handleTicket serves "GET /api/forms/ticket": a new form ticket for the
// request's site.
func (s *Service) handleTicket(w http.ResponseWriter, r *http.Request) error {
	t := s.Tickets.Issue(web.SiteOf(r).Name, s.now())
	w.Header().Set("Cache-Control", "no-store")
	return web.WriteJSON(w, r, http.StatusOK, t)
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
	st := web.SiteOf(r)
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
		return web.WriteJSON(w, r, http.StatusAccepted, ok)
	}
	if done, err := s.Leads.Exists(r.Context(), st.Name, f.SubmissionID); err != nil {
		return err
	} else if done {
		return web.WriteJSON(w, r, http.StatusAccepted, ok)
	}
	nonce, err := s.Tickets.Check(f.Ticket, st.Name, s.now())
	if err != nil {
		return err
	}
	to, carTitle, err := s.recipient(r.Context(), st, f)
	if err != nil {
		return err
	}
	if err := leads.AllowRecipient(r.Context(), s.Limiter, s.recipientLimit(), to.Email); err != nil {
		return err
	}
	_, created, err := s.Leads.Save(r.Context(), st.Name, f, to, f.Mail(to, carTitle, st.DefaultLanguage()), nonce, s.now())
	if err != nil {
		return err
	}
	if created && s.Outbox != nil {
		s.Outbox.Kick()
	}
	return web.WriteJSON(w, r, http.StatusAccepted, ok)
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
			s.log().Log(r.Context(), level, "FORM_SUBMISSION_FAILED_JOTFORM", "site", web.SiteOf(r).Name, "err", err)
		}
		return err
	}
}

// handleJotform serves "POST /api/jotform": a form-builder submission. The
// same guard and ticket as the lead forms; the answers are checked against
// the form's definition; the backend stores and mails it (or sends it to
// the hosted service). The answer is {"content":{"id","answers"}}.
func (s *Service) handleJotform(w http.ResponseWriter, r *http.Request) error {
	st := web.SiteOf(r)
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
		return web.WriteJSON(w, r, http.StatusOK, out)
	}
	if done, err := s.Backend.Exists(r.Context(), b.SubmissionID); err != nil {
		return err
	} else if done {
		return web.WriteJSON(w, r, http.StatusOK, out)
	}
	nonce, err := s.Tickets.Check(strings.TrimSpace(b.Ticket), st.Name, s.now())
	if err != nil {
		return err
	}
	if err := leads.AllowRecipient(r.Context(), s.Limiter, s.recipientLimit(), def.Recipient); err != nil {
		return err
	}
	res, err := s.Backend.Submit(r.Context(), formbuilder.Submission{Site: st.Name, Lang: st.DefaultLanguage(), Def: def, SubmissionID: b.SubmissionID, Answers: answers, Nonce: nonce}, s.now())
	if err != nil {
		return err
	}
	if res.Created && s.Outbox != nil && s.Backend.Name() == "built-in" {
		s.Outbox.Kick()
	}
	return web.WriteJSON(w, r, http.StatusOK, out)
}
