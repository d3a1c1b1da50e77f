package cardetail

import (
	"net/http"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/finance"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/site"
)

// maxBody bounds the request bodies of the detail page's APIs.
const maxBody = 32 << 10

// Now is the clock of the quote APIs (a seam for tests).
var Now = time.Now

func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	b, err := httpkit.ReadBody(w, r, maxBody)
	if err != nil {
		return nil, errs.E(errs.Invalid, "request body too large (at most %d bytes)", maxBody)
	}
	return b, nil
}

func today(st *site.Site) time.Time {
	if st.TimeZone != nil {
		return Now().In(st.TimeZone)
	}
	return Now()
}

func localeOf(st *site.Site) finance.Locale {
	l, err := finance.ParseLocale(st.Locale(st.DefaultLanguage()))
	if err != nil {
		l, _ = finance.ParseLocale("en-GB")
	}
	return l
}

// Routes lists the APIs of the detail page for the server's mux.
func (s *Service) Routes() []httpkit.Route {
	return []httpkit.Route{
		{Pattern: "POST /api/finance/loan", Name: "api-finance-loan", Handler: s.handleLoan},
		{Pattern: "POST /api/codeweaver/default", Name: "api-codeweaver-default", Handler: handleDefault},
		{Pattern: "POST /api/codeweaver/cfd", Name: "api-codeweaver-cfd", Handler: handleCFD},
		{Pattern: "GET /api/codeweaver/legal", Name: "api-codeweaver-legal", Handler: handleLegal},
		{Pattern: "GET /api/media/{regNo}", Name: "api-media", Handler: s.handleMedia},
	}
}

// handleLoan serves "POST /api/finance/loan": {car_id, down_payment,
// months} → the worked-out loan with its texts and filled disclaimer.
func (s *Service) handleLoan(w http.ResponseWriter, r *http.Request) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	req, err := ParseLoanRequest(body)
	if err != nil {
		return err
	}
	st := httpguard.SiteOf(r)
	car, err := s.Car(r.Context(), st, req.CarID)
	if err != nil {
		return err
	}
	ans, err := QuoteLoan(&car, req, localeOf(st))
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, ans)
}

// handleDefault serves "POST /api/codeweaver/default": the finance
// products and their parameter ranges for a vehicle.
func handleDefault(w http.ResponseWriter, r *http.Request) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	now := today(httpguard.SiteOf(r))
	req, err := finance.ParseDefaultRequest(body, now)
	if err != nil {
		return err
	}
	res, err := finance.DefaultProducts(req, now)
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, res)
}

// handleCFD serves "POST /api/codeweaver/cfd": quotes for the visitor's
// term, mileage, deposit or payment.
func handleCFD(w http.ResponseWriter, r *http.Request) error {
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	now := today(httpguard.SiteOf(r))
	req, err := finance.ParseCFDRequest(body, now)
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, finance.Quote(req, now))
}

// handleLegal serves "GET /api/codeweaver/legal?quoteRef=": the terms of
// a quote reference.
func handleLegal(w http.ResponseWriter, r *http.Request) error {
	res, err := finance.LegalText(r.URL.Query().Get("quoteRef"))
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, res)
}

// handleMedia serves "GET /api/media/{regNo}": the UK extra media record
// of a registration. Most cars have none: that is an empty record (no
// video, no 360, images360 []), not a 404 that every such car page logs
// in the browser's console.
func (s *Service) handleMedia(w http.ResponseWriter, r *http.Request) error {
	regNo := strings.TrimSpace(r.PathValue("regNo"))
	if regNo == "" || len(regNo) > 16 {
		return errs.E(errs.Invalid, "regNo must be a registration number")
	}
	key := catalog.NormalizeRegno(regNo)
	m, err := s.Catalog.ExtraMedia(r.Context(), httpguard.SiteOf(r).Name, key)
	if errs.Is(err, errs.NotFound) {
		m, err = catalog.ExtraMedia{CarRegno: key, Images360: []string{}}, nil
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	return httpkit.WriteJSON(w, r, http.StatusOK, m)
}
