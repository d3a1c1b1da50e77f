package formsapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/fleet"
	"forecourt/internal/demo/stock"
	"forecourt/internal/errs"
	"forecourt/internal/forms/formsapi"
	"forecourt/internal/forms/leads"
	"forecourt/internal/ratelimit"
	"forecourt/internal/store/storetest"
	"forecourt/internal/vehicles"
)

// demoModels are the fair-price models fitted on the demo stocks.
type demoModels struct {
	mu sync.Mutex
	m  map[string]*catalog.PriceModel
}

func (d *demoModels) PriceModel(ctx context.Context, siteName string) (*catalog.PriceModel, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if m, ok := d.m[siteName]; ok {
		return m, nil
	}
	st, err := stock.DemoStock(siteName, stock.SeedOptions{})
	if err != nil {
		return nil, nil
	}
	m := catalog.FitPriceModel(siteName, st.Cars, time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC))
	if d.m == nil {
		d.m = map[string]*catalog.PriceModel{}
	}
	d.m[siteName] = m
	return m, nil
}

var sharedModels = &demoModels{}

func valuationFixture(t *testing.T) *fixture {
	return newFixture(t, storetest.MustSQLite(t), func(s *formsapi.Service) {
		s.Vehicles = fleet.NewRegistry()
		s.Models = sharedModels
	})
}

func TestValuation(t *testing.T) {
	f := valuationFixture(t)
	rec := f.do(t, req{path: "/api/valuation", body: `{"regno": "abc 123", "milage": 8500}`})
	if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("valuation: %d %s", rec.Code, rec.Body)
	}
	var v formsapi.Valuation
	json.Unmarshal(rec.Body.Bytes(), &v)
	if v.Currency != "SEK" || v.Basis < catalog.MinPriceBasis || v.Low <= 0 || v.Low >= v.High || int(v.Low)%1000 != 0 || int(v.High)%1000 != 0 {
		t.Fatalf("valuation %+v", v)
	}
	// The trade-in margin of group-se's settings (15 %) is deducted from
	// the model's range of a 2019 Volvo XC60 at 8 500 mil.
	m, _ := sharedModels.PriceModel(context.Background(), "group-se")
	raw, err := m.Value("Volvo", "XC60", 2019, 8500)
	if err != nil {
		t.Fatal(err)
	}
	if d := v.Low - raw.Low*0.85; d < -500 || d > 500 {
		t.Errorf("low %v, want the model's %v less 15 %%", v.Low, raw.Low)
	}
	// More mileage, a lower value.
	rec = f.do(t, req{path: "/api/valuation", body: `{"regno": "ABC123", "milage": "25000"}`})
	var far formsapi.Valuation
	json.Unmarshal(rec.Body.Bytes(), &far)
	if rec.Code != 200 || far.High >= v.High {
		t.Errorf("25 000 mil: %d %+v, want below %+v", rec.Code, far, v)
	}
}

// msgOf is the message an API error body carries for err.
func msgOf(err error) string {
	var e *errs.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}

func TestValuationErrorsAndBounds(t *testing.T) {
	f := valuationFixture(t)
	unknown := "ZZZ999"
	if _, err := fleet.NewRegistry().Lookup(context.Background(), unknown); err == nil {
		t.Fatalf("%s is registered; pick another plate", unknown)
	}
	cases := []struct {
		name   string
		r      req
		status int
		text   string
	}{
		{"bad plate: the register's text", req{body: `{"regno": "12", "milage": 1000}`}, 400, msgOf(vehicles.ErrInvalidReg)},
		{"unknown plate: the register's text", req{body: `{"regno": "` + unknown + `", "milage": 1000}`}, 404, msgOf(vehicles.ErrNotFound)},
		{"too few similar cars", req{body: `{"regno": "FER001", "milage": 1000}`}, 404, msgOf(catalog.ErrTooFewSimilar)},
		{"negative mileage", req{body: `{"regno": "ABC123", "milage": -5}`}, 400, "mätarställningen"},
		{"no mileage", req{body: `{"regno": "ABC123"}`}, 400, "mätarställningen"},
		{"mileage too high", req{body: `{"regno": "ABC123", "milage": 99999999}`}, 400, "mätarställningen"},
		{"unknown field", req{body: `{"regno": "ABC123", "milage": 1, "price": 1}`}, 400, "regno"},
		{"not JSON", req{body: `regno=ABC123`}, 400, "regno"},
		{"too large", req{body: `{"regno": "` + strings.Repeat("A", 2000) + `", "milage": 1}`}, 413, "too large"},
		{"not application/json", req{ctype: "text/plain", body: `{"regno": "ABC123", "milage": 1}`}, 415, "application/json"},
		{"another site's page", req{origin: "https://evil.example", body: `{"regno": "ABC123", "milage": 1}`}, 403, "own pages"},
		{"a site without a trade-in margin", req{host: "group-uk.localhost", body: `{"regno": "ABC123", "milage": 1}`}, 403, "no instant valuation"},
	}
	for _, c := range cases {
		c.r.path = "/api/valuation"
		rec := f.do(t, c.r)
		if rec.Code != c.status || !strings.Contains(strings.ToLower(rec.Body.String()), strings.ToLower(c.text)) {
			t.Errorf("%s: %d %s; want %d with %q", c.name, rec.Code, rec.Body, c.status, c.text)
		}
	}
}

func TestValuationRateLimit(t *testing.T) {
	f := valuationFixture(t)
	f.svc.ValuationLimit = ratelimit.Limit{N: 3, Window: time.Minute}
	for i := 0; i < 3; i++ {
		if rec := f.do(t, req{path: "/api/valuation", body: `{"regno": "ABC123", "milage": 1000}`}); rec.Code != 200 {
			t.Fatalf("request %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	rec := f.do(t, req{path: "/api/valuation", body: `{"regno": "ABC123", "milage": 1000}`})
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("fourth request: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	// The forms' own limit is not used up by valuations.
	tk := f.ticket(t, "")
	if rec := f.do(t, req{path: "/api/forms/comhub", body: sellBody("sell-000000009", tk, nil)}); rec.Code != http.StatusAccepted {
		t.Fatalf("sell form after valuations: %d %s", rec.Code, rec.Body)
	}
}

// The preliminary range travels with the lead: stored with its values
// (the staff inbox reads leads from the store) and in the dealer's mail.
func TestSellLeadKeepsItsValuation(t *testing.T) {
	f := valuationFixture(t)
	tk := f.ticket(t, "")
	rec := f.do(t, req{path: "/api/forms/comhub", body: sellBody("sell-000000042", tk, func(v map[string]any) {
		v["valuation"] = map[string]any{"low": 1, "high": 9999999, "currency": "SEK", "basis": 1} // never taken from the visitor
	})})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("sell: %d %s", rec.Code, rec.Body)
	}
	lead, err := f.svc.Leads.BySubmission(context.Background(), "group-se", "sell-000000042")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Valuation *leads.SellValuation `json:"valuation"`
	}
	json.Unmarshal(lead.Values, &v)
	want, err := f.svc.Value(context.Background(), siteByName(t, "group-se"), "ABC123", 12000)
	if err != nil {
		t.Fatal(err)
	}
	if v.Valuation == nil || v.Valuation.Low != want.Low || v.Valuation.High != want.High || v.Valuation.Basis != want.Basis {
		t.Fatalf("stored valuation %+v, want %+v", v.Valuation, want)
	}
	m := mails(t, f.db, leads.MailRef("sell-000000042"))[0]
	if !strings.Contains(m.Text, "Preliminär värdering: ") || !strings.Contains(m.Text, "liknande bilar i lager") {
		t.Errorf("dealer mail lacks the valuation:\n%s", m.Text)
	}
	// A plate the register does not know: the lead is taken without one.
	tk = f.ticket(t, "")
	rec = f.do(t, req{path: "/api/forms/comhub", body: sellBody("sell-000000043", tk, func(v map[string]any) { v["regno"] = "FER001" })})
	lead, _ = f.svc.Leads.BySubmission(context.Background(), "group-se", "sell-000000043")
	if rec.Code != http.StatusAccepted || strings.Contains(string(lead.Values), "valuation") {
		t.Fatalf("unvalued sell: %d %s", rec.Code, lead.Values)
	}
}
