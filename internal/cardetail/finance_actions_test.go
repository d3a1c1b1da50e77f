package cardetail_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"forecourt/internal/finance"
	"forecourt/internal/page"
)

// mustUKQuote returns a UK used car and a PCP quote reference for it.
func mustUKQuote(t *testing.T, f fixture) (map[string]any, string) {
	t.Helper()
	car := firstCar(t, f, "group-uk", map[string][]string{"car_is_used": {"true"}, "car_year": {"2023", "2024", "2025"}})
	price, _ := car["car_price"].(float64)
	req := finance.CFDRequest{VehicleRequests: []finance.VehicleRequest{{Id: "1",
		Vehicle:    finance.Vehicle{Make: "Ford", Model: "Puma", CashPrice: price, RegistrationDate: "2024-06-01", CurrentMileage: 10000},
		Parameters: finance.Parameters{Term: 36, CashDeposit: price / 10, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{finance.FamilyPCP}},
	}}}
	q := finance.Quote(req, cardetailToday())
	if q.Vehicles[0].HasError {
		t.Fatalf("no quote: %+v", q.Vehicles[0].Error)
	}
	return car, q.Vehicles[0].FinanceQuotations[0].Finance.Quote.QuoteReference
}

func financeActionOf(tb testing.TB, d page.Data) map[string]any {
	tb.Helper()
	for _, c := range d.Sitecore.Route.Placeholders["headless-main"] {
		if c.ComponentName == "FinanceAction" {
			b, _ := json.Marshal(d.Data[c.UID])
			var m map[string]any
			json.Unmarshal(b, &m)
			return m
		}
	}
	tb.Fatal("no FinanceAction component")
	return nil
}

func TestFinanceActionLoader(t *testing.T) {
	f := mustFixture(t)
	uk := []string{"Host", "group-uk.localhost"}
	car, ref := mustUKQuote(t, f)
	id := idOf(car)
	tampered := []byte(ref)
	if tampered[10] == 'A' { // one character changed: the check fails
		tampered[10] = 'B'
	} else {
		tampered[10] = 'A'
	}
	tests := []struct {
		name    string
		path    string
		status  int
		found   bool
		message string
	}{
		{"reserve", "/finance/reserve?quoteRef=" + ref + "&car=" + id, 200, true, ""},
		{"apply, lower-case reference", "/finance/apply?quoteRef=" + strings.ToLower(ref) + "&car=" + id, 200, true, ""},
		{"part-exchange", "/finance/part-exchange?quoteRef=" + url.QueryEscape(ref) + "&car=" + id, 200, true, ""},
		{"malformed reference", "/finance/reserve?quoteRef=nope&car=" + id, 404, false, cardetailQuoteNotFound},
		{"no reference", "/finance/apply", 404, false, cardetailQuoteNotFound},
		{"tampered reference", "/finance/reserve?quoteRef=" + string(tampered) + "&car=" + id, 404, false, cardetailQuoteNotFound},
		{"no car", "/finance/reserve?quoteRef=" + ref, 404, false, cardetailQuoteNotFound},
		{"unknown car", "/finance/reserve?quoteRef=" + ref + "&car=999999999", 404, false, "We could not find that car"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(t, f.h, "GET", "/_page"+tt.path, "", uk...)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %.300s", rec.Code, tt.status, rec.Body)
			}
			var pd struct {
				Page page.Data `json:"page"`
			}
			json.Unmarshal(rec.Body.Bytes(), &pd)
			a := financeActionOf(t, pd.Page)
			if a["found"] != tt.found {
				t.Fatalf("found = %v: %v", a["found"], a)
			}
			if !tt.found {
				if msg, _ := a["message"].(string); !strings.HasPrefix(msg, tt.message) {
					t.Errorf("message %q, want %q", msg, tt.message)
				}
				return
			}
			rows, _ := a["rows"].([]any)
			labels := map[string]string{}
			for _, r := range rows {
				m := r.(map[string]any)
				labels[m["Key"].(string)] = m["DisplayValue"].(string)
			}
			if !strings.HasPrefix(labels["CashPrice"], "£") || !strings.HasSuffix(labels["APR"], "% APR") || labels["Term"] != "36 months" {
				t.Errorf("rows %v", labels)
			}
			if legal, _ := a["legalText"].(string); !strings.Contains(legal, ref) {
				t.Errorf("legal text lacks the reference: %q", legal)
			}
			c, _ := a["car"].(map[string]any)
			r, _ := a["recipient"].(map[string]any)
			if c["id"] != id || r["toEmail"] == "" || a["quoteRef"] != ref {
				t.Errorf("car %v recipient %v ref %v", c, r, a["quoteRef"])
			}
		})
	}
	t.Run("the HTML page answers under the UK host", func(t *testing.T) {
		rec := do(t, f.h, "GET", "/finance/reserve?quoteRef="+ref+"&car="+id, "", uk...)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<title>Reserve this car") {
			t.Errorf("status %d: %.400s", rec.Code, rec.Body)
		}
		if rec := do(t, f.h, "GET", "/finance/reserve?quoteRef=bad", "", uk...); rec.Code != http.StatusNotFound {
			t.Errorf("bad ref: status %d", rec.Code)
		}
	})
}

const cardetailQuoteNotFound = "We could not find that quote. Please get a new quote on the car's page."

func cardetailToday() time.Time { return time.Now() }
