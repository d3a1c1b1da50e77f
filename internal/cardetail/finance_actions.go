package cardetail

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/content"
	"forecourt/internal/errs"
	"forecourt/internal/finance"
	"forecourt/internal/forms/leads"
	"forecourt/internal/page"
)

// Finance actions are the UK pages a quote links to: /finance/apply,
// /finance/reserve and /finance/part-exchange, each with ?quoteRef= (the
// quote) and &car= (the quoted car; the reference does not name it).
const (
	ActionApply        = "apply"
	ActionReserve      = "reserve"
	ActionPartExchange = "part-exchange"
)

// QuoteNotFoundMessage is shown for a missing, malformed or unknown quote.
const QuoteNotFoundMessage = "We could not find that quote. Please get a new quote on the car's page."

var actionForms = map[string]string{
	ActionApply:        leads.FormFinanceApply,
	ActionReserve:      leads.FormFinanceReserve,
	ActionPartExchange: leads.FormPartExchange,
}

var actionTitles = map[string]string{
	ActionApply:        "Apply for finance",
	ActionReserve:      "Reserve this car",
	ActionPartExchange: "Value my part-exchange",
}

// FinanceAction is the data of the FinanceAction component. Found false
// carries only Action, Title and Message (the page answers 404).
type FinanceAction struct {
	Action    string           `json:"action"`
	Title     string           `json:"title"`
	Found     bool             `json:"found"`
	Message   string           `json:"message,omitempty"`
	FormName  string           `json:"formName,omitempty"`
	QuoteRef  string           `json:"quoteRef,omitempty"`
	Product   string           `json:"product,omitempty"`
	Rows      []finance.Detail `json:"rows,omitempty"`
	LegalText string           `json:"legalText,omitempty"`
	Car       *ActionCar       `json:"car,omitempty"`
	Recipient *Recipient       `json:"recipient,omitempty"`
	// Today is the site's date (YYYY-MM-DD): the earliest collection date
	// and the reference for the date of birth, so render needs no clock.
	Today string `json:"today,omitempty"`

	title string
}

// ActionCar is the quoted car as the finance pages show it.
type ActionCar struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	URL   string `json:"url"`
	Price string `json:"price,omitempty"`
}

// Recipient is the dealer address a finance form goes to.
type Recipient struct {
	ToName  string `json:"toName"`
	ToEmail string `json:"toEmail"`
}

// ContributeHead sets the page title ("Reserve this car – Used Volvo XC40 2024").
func (a *FinanceAction) ContributeHead(h *page.Head) {
	if a.title != "" {
		h.Title = a.title
		h.OGTitle = a.title
	}
	h.Robots = "noindex"
}

// FinanceActionLoader is the loader of the FinanceAction component (param
// Action: apply, reserve or part-exchange). It decodes ?quoteRef with
// finance.DecodeQuoteRef and looks up ?car and its dealer. A missing,
// malformed or unknown reference, or an unknown car, answers 404 with
// Found false and QuoteNotFoundMessage, never an error.
func (s *Service) FinanceActionLoader() page.Loader {
	return func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
		action := c.Params["Action"]
		form, ok := actionForms[action]
		if !ok {
			return nil, errs.E(errs.Internal, "FinanceAction: unknown Action %q", action)
		}
		a := &FinanceAction{Action: action, Title: actionTitles[action]}
		notFound := func(msg string) (any, error) {
			a.Message, a.title = msg, "Quote not found"
			return &page.Outcome{Status: http.StatusNotFound, Data: a}, nil
		}
		q, err := finance.DecodeQuoteRef(req.Query.Get("quoteRef"))
		if err != nil {
			if !errs.Is(err, errs.Invalid) && !errs.Is(err, errs.NotFound) {
				return nil, err
			}
			return notFound(QuoteNotFoundMessage)
		}
		id, err := strconv.ParseInt(strings.TrimSpace(req.Query.Get("car")), 10, 64)
		if err != nil || id <= 0 {
			return notFound(QuoteNotFoundMessage)
		}
		car, err := s.Car(ctx, req.Site, id)
		if errs.Is(err, errs.NotFound) {
			return notFound("We could not find that car: it may have been sold. Please choose another car and get a new quote.")
		}
		if err != nil {
			return nil, err
		}
		to, err := s.dealerRecipient(ctx, req, &car)
		if err != nil {
			return nil, err
		}
		legal, err := finance.LegalText(q.Reference)
		if err != nil {
			return notFound(QuoteNotFoundMessage)
		}
		dict := s.dict(ctx, req)
		title := CarTitle(&car)
		a.Found, a.FormName, a.QuoteRef, a.Product = true, form, q.Reference, q.Product
		a.Rows, a.LegalText, a.Recipient = q.Rows(), legal.TermsAndConditions, to
		a.Car = &ActionCar{ID: strconv.FormatInt(id, 10), Title: title, URL: DetailPath(dict, &car), Price: finance.EnGB.Money(q.CashPrice, 2)}
		a.Today = today(req.Site).Format("2006-01-02")
		a.title = page.FillTitle(dict, req.Site.Settings.TitleTemplate, a.Title+" – "+title)
		return a, nil
	}
}

// dealerRecipient is the address a finance form about car goes to: its
// first seller with an e-mail, else its dealer site, else (new-car
// samples) the first department selling the brand. The lead API accepts
// each of these (recipients).
func (s *Service) dealerRecipient(ctx context.Context, req *page.Request, car *catalog.Car) (*Recipient, error) {
	name := car.CarSiteName
	for _, sl := range car.CarSellers {
		if e := strings.TrimSpace(sl.Email); e != "" {
			return &Recipient{ToName: name, ToEmail: e}, nil
		}
	}
	dealer, err := s.DealerSite(ctx, req.Site, car.CarSiteID)
	if err != nil && !errs.Is(err, errs.NotFound) {
		return nil, err
	}
	if e := strings.TrimSpace(dealer.SiteEmail); e != "" {
		return &Recipient{ToName: name, ToEmail: e}, nil
	}
	if car.CarIsSample {
		sites, err := s.SampleSites(ctx, req.Site, car.CarBrand)
		if err != nil {
			return nil, err
		}
		for _, ss := range SellerSites(sites, car.CarBrand) {
			if ss.ToEmail != "" {
				return &Recipient{ToName: ss.Name, ToEmail: ss.ToEmail}, nil
			}
		}
	}
	return &Recipient{ToName: name}, nil
}
