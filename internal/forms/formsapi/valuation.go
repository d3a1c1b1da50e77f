package formsapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/forms"
	"forecourt/internal/forms/leads"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/ratelimit"
	"forecourt/internal/site"
	"forecourt/internal/vehicles"
)

// PriceModels gives a site's fitted fair-price model (catalog.Store).
type PriceModels interface {
	PriceModel(ctx context.Context, siteName string) (*catalog.PriceModel, error)
}

// DefaultValuationLimit bounds instant valuations per client address: a
// visitor tries a few plates and mileages, a scraper of the register or
// the model is stopped.
var DefaultValuationLimit = ratelimit.Limit{N: 30, Window: 10 * time.Minute}

// Bounds of a valuation request.
const (
	maxValuationBody = 1 << 10
)

// ErrNoValuation answers on a site whose settings give no trade-in margin.
var ErrNoValuation = errs.E(errs.Forbidden, "This site gives no instant valuation.")

// valuationRequest is the body of POST /api/valuation.
type valuationRequest struct {
	Regno  string          `json:"regno"`
	Milage json.RawMessage `json:"milage"`
}

// Valuation is the answer of POST /api/valuation: the preliminary range
// in the site's currency and how many similar cars it rests on.
type Valuation struct {
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
	Currency string  `json:"currency"`
	Basis    int     `json:"basis"`
}

func (s *Service) valuationLimit() ratelimit.Limit {
	if s.ValuationLimit.N > 0 {
		return s.ValuationLimit
	}
	return DefaultValuationLimit
}

// handleValuation serves "POST /api/valuation" {"regno","milage"}: the
// vehicle register names the car (brand, model, build year; its error
// texts for a bad or unknown plate), the site's fair-price model values
// it at that mileage and the site's trade-in margin is deducted. Guarded
// like the forms: application/json, the Origin check, a per-address rate
// limit of its own and a small body.
func (s *Service) handleValuation(w http.ResponseWriter, r *http.Request) error {
	st := httpguard.SiteOf(r)
	w.Header().Set("Cache-Control", "no-store")
	if !httpguard.IsJSON(r) {
		return &statusError{http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the request as application/json."}
	}
	if !httpguard.AllowedOrigin(r, st, s.ExtraOriginHosts...) {
		return errs.E(errs.Forbidden, "Valuations are given to the site's own pages only.")
	}
	lim := s.valuationLimit()
	ok, retry, err := s.Limiter.Allow(r.Context(), "valuation:"+forms.AddressKey(httpguard.ClientAddr(r)), lim.N, lim.Window)
	if err != nil {
		return errs.Wrap(err, "rate limit valuations by address")
	}
	if !ok {
		return forms.Limited(retry, "from your address")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxValuationBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &statusError{http.StatusRequestEntityTooLarge, "too_large", "The request is too large (at most 1 KiB)."}
		}
		return errs.E(errs.Invalid, "The request body could not be read.")
	}
	var req valuationRequest
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil || dec.More() {
		return errs.E(errs.Invalid, `Send {"regno": "ABC123", "milage": 8500}.`)
	}
	// The mileage is read as the form's (leads.Count: a whole number from
	// 0 to leads.MaxMileage, also as a numeric string).
	var milage leads.Count
	if len(req.Milage) > 0 {
		_ = milage.UnmarshalJSON(req.Milage)
	}
	if !milage.Set || milage.Bad {
		return &errs.Error{Code: errs.Invalid, Message: "Ange mätarställningen som ett heltal.", Fields: map[string]string{"milage": leads.InvalidInput}}
	}
	v, err := s.Value(r.Context(), st, req.Regno, milage.Value)
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, v)
}

// Value values the car with registration regno at mileage (the site's
// unit) on st: the register's errors for a bad or unknown plate,
// catalog.ErrTooFewSimilar when the stock has too few cars like it,
// ErrNoValuation on a site without a trade-in margin.
func (s *Service) Value(ctx context.Context, st *site.Site, regno string, mileage int64) (Valuation, error) {
	margin := s.Forms.Settings(st.Name).SellCar.TradeInMargin
	if margin <= 0 || s.Vehicles == nil || s.Models == nil {
		return Valuation{}, ErrNoValuation
	}
	reg, err := vehicles.ParseReg(regno)
	if err != nil {
		return Valuation{}, err
	}
	car, err := s.Vehicles.Lookup(ctx, reg)
	if err != nil {
		return Valuation{}, err
	}
	m, err := s.Models.PriceModel(ctx, st.Name)
	if err != nil {
		return Valuation{}, err
	}
	v, err := m.Value(car.Brand, car.Model, car.BuildYear, int(mileage))
	if err != nil {
		return Valuation{}, err
	}
	keep := 1 - margin/100
	return Valuation{Low: roundValue(v.Low*keep, v.Currency), High: roundValue(v.High*keep, v.Currency), Currency: v.Currency, Basis: v.Basis}, nil
}

// roundValue rounds a valuation to what a buyer quotes: thousands of
// crowns, hundreds of euros or pounds.
func roundValue(v float64, currency string) float64 {
	step := 1000.0
	if currency == "EUR" || currency == "GBP" {
		step = 100
	}
	return math.Round(v/step) * step
}

// sellValuation values the car of a sell / trade-in request for its lead,
// or nil when it cannot be valued (the request is taken all the same).
func (s *Service) sellValuation(ctx context.Context, st *site.Site, f *leads.Form) *leads.SellValuation {
	sc := f.SellCar()
	if sc == nil {
		return nil
	}
	v, err := s.Value(ctx, st, sc.Regno, sc.Milage.Value)
	if err != nil {
		var e *errs.Error
		if !errors.As(err, &e) || e.Code == errs.Internal || e.Code == errs.Unavailable {
			s.log().Warn("sell request: no valuation", "site", st.Name, "err", err)
		}
		return nil
	}
	return &leads.SellValuation{Low: v.Low, High: v.High, Currency: v.Currency, Basis: v.Basis}
}
